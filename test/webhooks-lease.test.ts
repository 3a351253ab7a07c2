import { expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { claimDueDeliveries } from '../src/webhooks/delivery-queue-store.js';
import { recordAttempt } from '../src/webhooks/delivery-record-store.js';
import { recordTicketCreated } from './support/fixtures.js';
import { describeEachDialect } from './support/harness.js';

// The queue's claim and finish rules, at the store level with explicit times.

describeEachDialect(
  'webhook delivery leases',
  (ctx) => {
    async function queued(n: number, at: number) {
      const org = await ctx.createOrg();
      const hook = await org.api.post('/api/v1/webhooks', {
        name: 'l',
        url: 'https://hooks.example.com/l',
        events: ['ticket.created'],
      });
      for (let i = 0; i < n; i++) await recordTicketCreated(ctx, org.id, `l-${i}`, at);
      return hook.body.data.id as string;
    }
    const claim = (now: number, token: string, limit = 10) =>
      claimDueDeliveries(ctx.database.system, { now, leaseMs: 1000, limit, token });

    it('a held lease blocks other claims until it expires; only the current holder records the attempt', async () => {
      const t = Date.parse('2030-01-01T00:00:00.000Z'); // later than anything other suites queue
      const hookId = await queued(1, t);
      expect(await claim(t - 1, 'early')).toEqual([]); // not due yet
      const [a] = await claim(t, 'a');
      expect(a).toMatchObject({ webhook_id: hookId, attempt_count: 0, lease_token: 'a' });
      expect(await claim(t + 500, 'b')).toEqual([]);
      const [b] = await claim(t + 1001, 'b');
      expect(b).toMatchObject({ id: a.id, lease_token: 'b' });
      const outcome = { success: true, statusCode: 200, finishedAt: t + 1200, nextAttemptAt: null };
      expect(await ctx.database.system.transaction((s) => recordAttempt(s, a, outcome))).toBe(false);
      const untouched = await ctx.database.db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('id', '=', a.id)
        .executeTakeFirstOrThrow();
      expect(untouched).toMatchObject({ attempt_count: 0, status: null, lease_token: 'b' });
      expect(await ctx.database.system.transaction((s) => recordAttempt(s, b, outcome))).toBe(true);
      const done = await ctx.database.db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('id', '=', a.id)
        .executeTakeFirstOrThrow();
      expect(done).toMatchObject({
        attempt_count: 1,
        status: 'success',
        status_code: 200,
        next_attempt_at: null,
        lease_token: null,
        completed_at: t + 1200,
      });
      const hook = await ctx.database.db
        .selectFrom('webhooks')
        .selectAll()
        .where('id', '=', hookId)
        .executeTakeFirstOrThrow();
      expect(hook).toMatchObject({ last_delivery_at: t + 1200, last_delivery_status: 'success', failure_count: 0 });
      expect(await claim(t + 5000, 'c')).toEqual([]);
    });

    it('concurrent claims from separate connections never hand out the same delivery', async () => {
      const t = Date.parse('2031-01-01T00:00:00.000Z');
      await queued(12, t);
      const handles = [0, 1, 2].map(() => openDatabase(ctx.config.database, { poolSize: 2 }));
      try {
        const results = await Promise.all(
          handles.map((h, i) => claimDueDeliveries(h.system, { now: t, leaseMs: 1000, limit: 5, token: `w${i}` })),
        );
        const ids = results.flat().map((r) => r.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids.length).toBeLessThanOrEqual(12);
        const rest = await claim(t, 'last', 100);
        expect(new Set([...ids, ...rest.map((r) => r.id)]).size).toBe(12);
      } finally {
        await Promise.all(handles.map((h) => h.close()));
      }
    });
  },
  { partitioned: true },
);
