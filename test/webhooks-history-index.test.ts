import { sql, type Compilable } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { historyPage, prunable, webhookDeliveryDeletes } from '../src/webhooks/delivery-store.js';
import { describeEachDialect, type TestContext } from './support/harness.js';
import { explain, genericPlan } from './support/query-plan.js';

// Migration 20261125-0100: the history index holds only attempted or finished deliveries (a create's
// new deliveries no longer write it), and deliveries have no foreign key to their webhook, so deleting a
// webhook deletes its deliveries itself. Pinned here: every row goes with its webhook, whatever its
// state, and the statements that read a webhook's deliveries are served by an index, never a scan of
// every webhook's history.

const OTHER_HISTORY = 2000;
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** One delivery of each state a row can be in, as the worker and the API leave them. */
const STATES = {
  queued: { attempt_count: 0, next_attempt_at: 5 },
  leased: { attempt_count: 0, next_attempt_at: 5, lease_until: 1e15, lease_token: 'w' },
  retrying: { attempt_count: 2, next_attempt_at: 9, status: 'failure', status_code: 500 },
  delivered: { attempt_count: 1, next_attempt_at: null, status: 'success', status_code: 200, completed_at: 7 },
  exhausted: { attempt_count: 8, next_attempt_at: null, status: 'failure', status_code: 503, completed_at: 7 },
  // Cancelled before any attempt (the webhook was deactivated while it was queued).
  cancelled: { attempt_count: 0, next_attempt_at: null },
};

// On PostgreSQL the generic plan, which a prepared statement settles on after its first runs (the pool
// prepares them): it cannot use a partial index that only the parameters' values would show to apply.
// A sequential scan only where no index can serve the statement (priced out, not forbidden).
const plan = (ctx: TestContext, query: Compilable<unknown>): Promise<string> =>
  ctx.dialect === 'sqlite' ? explain(ctx, query) : genericPlan(ctx, query, { seqscan: false });

const scansDeliveries = (text: string) =>
  /^SCAN webhook_deliveries\b/m.test(text) || /Seq Scan on webhook_deliveries/.test(text);

describeEachDialect('webhook delivery history index', (ctx) => {
  let org: Awaited<ReturnType<TestContext['createOrg']>>;
  let other: string;
  beforeAll(async () => {
    org = await ctx.createOrg();
    const hook = await org.api.post<{ data: { id: string } }>('/api/v1/webhooks', {
      name: 'other',
      url: 'https://hooks.example.com/other',
      events: ['ticket.created'],
    });
    other = hook.body.data.id;
    // A history spread over 20 webhooks (one of them this one; the others need no row, there is no
    // foreign key), so that a statement reading more than one webhook's rows would show in its plan.
    const rows = Array.from({ length: OTHER_HISTORY }, (_, i) => ({
      id: id(i),
      organization_id: org.id,
      webhook_id: i % 20 === 0 ? other : id(1_000_000 + (i % 20)),
      event: 'ticket.created',
      body: '{}',
      created_at: i,
      ...STATES.delivered,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await ctx.database.db
        .insertInto('webhook_deliveries')
        .values(rows.slice(i, i + 500))
        .execute();
    await sql`ANALYZE webhook_deliveries`.execute(ctx.database.db);
  });

  it('a queued delivery is not in the history index: the index is partial, on attempted or finished rows', async () => {
    const definition =
      ctx.dialect === 'sqlite'
        ? (
            await sql<{
              d: string;
            }>`select sql as d from sqlite_master where name = 'webhook_deliveries_history_idx'`.execute(
              ctx.database.db,
            )
          ).rows[0].d
        : (
            await sql<{
              d: string;
            }>`select indexdef as d from pg_indexes where indexname = 'webhook_deliveries_history_idx'`.execute(
              ctx.database.db,
            )
          ).rows[0].d;
    expect(definition.replace(/[()\s]+/g, ' ')).toMatch(/ WHERE attempt_count > 0 OR next_attempt_at IS NULL ?$/i);
  });

  it("DELETE /webhooks/{id} deletes its deliveries in every state, and no other webhook's", async () => {
    const hook = await org.api.post<{ data: { id: string } }>('/api/v1/webhooks', {
      name: 'gone',
      url: 'https://hooks.example.com/gone',
      events: ['ticket.created'],
    });
    const webhookId = hook.body.data.id;
    const rows = Object.values(STATES).map((state, i) => ({
      id: id(OTHER_HISTORY + i),
      organization_id: org.id,
      webhook_id: webhookId,
      event: 'ticket.created',
      body: '{}',
      created_at: 100 + i,
      ...state,
    }));
    await ctx.database.db.insertInto('webhook_deliveries').values(rows).execute();
    const count = async (webhook: string) =>
      Number(
        (
          await ctx.database.db
            .selectFrom('webhook_deliveries')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('webhook_id', '=', webhook)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count(webhookId)).toBe(rows.length);
    expect((await org.api.delete(`/api/v1/webhooks/${webhookId}`)).status).toBe(200);
    expect(await count(webhookId)).toBe(0);
    expect(await count(other)).toBe(OTHER_HISTORY / 20);
  });

  it("deleting a webhook's deliveries reads them through the history and queue indexes, not the table", async () => {
    const t = ctx.database.forOrganization(org.id);
    const [history, queued] = webhookDeliveryDeletes(t, other);
    const texts = [await plan(ctx, history), await plan(ctx, queued)];
    for (const text of texts) expect(scansDeliveries(text), text).toBe(false);
    expect(texts[0]).toMatch(/webhook_deliveries_history_idx/);
    expect(texts[1]).toMatch(/webhook_deliveries_queue_idx/);
  });

  it("a webhook's delivery history is listed and pruned through the history index", async () => {
    const t = ctx.database.forOrganization(org.id);
    expect((await historyPage(t, other, 0, 5).execute()).map((r) => r.id)).toEqual(
      [1, 2, 3, 4, 5].map((n) => id(OTHER_HISTORY - 20 * n)),
    );
    for (const statement of [historyPage(t, other, 0, 5), prunable(t, other, 1000, 10)]) {
      const text = await plan(ctx, statement);
      expect(scansDeliveries(text), text).toBe(false);
      expect(text).toMatch(/webhook_deliveries_history_idx/);
    }
  });
});
