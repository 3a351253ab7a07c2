import { expect, it } from 'vitest';
import { createRetention } from '../src/events/retention.js';
import { logSettled } from './support/event-log.js';
import { postWebhook } from './support/fixtures.js';
import { describeEachDialect } from './support/harness.js';

// Retention (EVENT_RETENTION_DAYS): events and delivery records older than the
// period go, in small batches; a delivery still due stays, and so does the event it needs.

const DAY = 86_400_000;

describeEachDialect('event retention', (ctx) => {
  it('deletes old events and finished delivery records in batches, keeps due deliveries, their events and recent rows', async () => {
    expect(ctx.config.eventRetentionDays).toBe(30);
    const org = await ctx.createOrg();
    const hook = (await postWebhook(org.api, { events: ['customer.created'] })).body.data;
    const now = Date.now();
    ctx.clock.set(now - 40 * DAY);
    for (let i = 0; i < 5; i++) await org.api.post('/api/v1/customers', { email: `old${i}@example.com` });
    ctx.clock.set(now - 1 * DAY);
    await org.api.post('/api/v1/customers', { email: 'recent@example.com' });
    ctx.clock.set(now);

    const deliveries = () =>
      ctx.database.db
        .selectFrom('webhook_deliveries')
        .select(['id', 'event_id', 'created_at', 'next_attempt_at'])
        .where('webhook_id', '=', hook.id)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    const queued = await deliveries();
    expect(queued).toHaveLength(6);
    // Four old series finished (in the history), one old still due (a retry pending), the recent one finished.
    const finished = [queued[0], queued[1], queued[2], queued[3], queued[5]].map((d) => d.id);
    await ctx.database.db
      .updateTable('webhook_deliveries')
      .set({
        next_attempt_at: null,
        attempt_count: 1,
        status: 'success',
        status_code: 200,
        completed_at: now - 40 * DAY,
      })
      .where('id', 'in', finished)
      .execute();
    await ctx.database.db
      .updateTable('webhook_delivery_totals')
      .set({ total: 5 })
      .where('webhook_id', '=', hook.id)
      .execute();
    const dueEvent = queued[4].event_id;

    const other = await ctx.createOrg();
    ctx.clock.set(now - 40 * DAY);
    await other.api.post('/api/v1/customers', { email: 'other@example.com' });
    ctx.clock.set(now);

    const retention = createRetention({
      database: ctx.database,
      clock: ctx.clock,
      days: ctx.config.eventRetentionDays,
      eventLog: ctx.container.eventLog,
      deliveries: ctx.container.webhooks,
      batch: 2,
    });
    const result = await retention.runOnce();
    expect(result).toEqual({ events: 5, deliveries: 4 });

    const left = await deliveries();
    expect(left.map((d) => d.id)).toEqual([queued[4].id, queued[5].id]);
    const events = await ctx.database.db
      .selectFrom('events')
      .select(['id', 'created_at'])
      .where('organization_id', '=', org.id)
      .orderBy('created_at')
      .execute();
    expect(events.map((e) => e.id)).toEqual([dueEvent, queued[5].event_id]);
    expect(
      await ctx.database.db.selectFrom('events').select('id').where('organization_id', '=', other.id).execute(),
    ).toEqual([]);
    const history = (await org.api.get(`/api/v1/webhooks/${hook.id}/deliveries`)).body;
    expect(history.data.map((d: any) => d.id)).toEqual([queued[5].id]);
    expect(history.meta.pagination.total).toBe(1);
    await logSettled(ctx);
    const log = (await org.api.get('/api/v1/events')).body.data;
    expect(log.map((e: any) => e.data.email)).toEqual(['old4@example.com', 'recent@example.com']);

    // Once the due delivery has finished, the next run removes it and its event; nothing else goes.
    await ctx.database.db
      .updateTable('webhook_deliveries')
      .set({ next_attempt_at: null, attempt_count: 1, status: 'failed' })
      .where('id', '=', queued[4].id)
      .execute();
    expect(await retention.runOnce()).toEqual({ events: 1, deliveries: 1 });
    expect((await deliveries()).map((d) => d.id)).toEqual([queued[5].id]);
    expect(await retention.runOnce()).toEqual({ events: 0, deliveries: 0 });
  });

  it('EVENT_RETENTION_DAYS configures it', async () => {
    const { loadConfig } = await import('../src/config.js');
    expect(loadConfig({ EVENT_RETENTION_DAYS: '7' }).eventRetentionDays).toBe(7);
    expect(() => loadConfig({ EVENT_RETENTION_DAYS: '0' })).toThrow(/EVENT_RETENTION_DAYS/);
    expect(() => loadConfig({ EVENT_RETENTION_DAYS: 'x' })).toThrow(/EVENT_RETENTION_DAYS/);
  });
});
