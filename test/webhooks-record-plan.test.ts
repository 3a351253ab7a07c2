import { sql } from 'kysely';
import pg from 'pg';
import { beforeAll, expect, it } from 'vitest';
import type { ClaimedDelivery } from '../src/webhooks/delivery-claim-store.js';
import { boundRecordQuery, type FinishedDelivery } from '../src/webhooks/delivery-record-store.js';
import { describeEachDialect } from './support/harness.js';
import { explain } from './support/query-plan.js';

// Recording a batch of attempts reads the batch's rows, not the organization's delivery history. The
// history only grows (every delivery stays as a row), so a record whose plan read all of it cost
// more with every delivery made: PostgreSQL's generic plan of the join against the batch's JSON rows
// hashed the whole history (7 ms at 15,000 deliveries, for every record).

const HISTORY = 5000;
const BATCH = 3;

describeEachDialect('recording delivery attempts', (ctx) => {
  let org: string;
  let batch: FinishedDelivery[];
  beforeAll(async () => {
    const o = await ctx.createOrg();
    org = o.id;
    const hook = await o.api.post<{ data: { id: string } }>('/api/v1/webhooks', {
      name: 'r',
      url: 'https://hooks.example.com/r',
      events: ['ticket.created'],
    });
    const webhookId = hook.body.data.id;
    const ids = Array.from(
      { length: HISTORY + BATCH },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    // The history: delivered rows; the batch: the last BATCH rows, leased to 'w'.
    const rows = ids.map((id, i) => ({
      id,
      organization_id: org,
      webhook_id: webhookId,
      event: 'ticket.created',
      body: '{}',
      created_at: i,
      ...(i < HISTORY
        ? { status: 'success', attempt_count: 1, next_attempt_at: null }
        : { attempt_count: 0, next_attempt_at: i, lease_until: 1e15, lease_token: 'w' }),
    }));
    for (let i = 0; i < rows.length; i += 500)
      await ctx.database.db
        .insertInto('webhook_deliveries')
        .values(rows.slice(i, i + 500))
        .execute();
    await sql`ANALYZE webhook_deliveries`.execute(ctx.database.db);
    batch = ids.slice(HISTORY).map((id) => ({
      claimed: {
        id,
        organization_id: org,
        webhook_id: webhookId,
        lease_token: 'w',
        attempt_count: 0,
      } as ClaimedDelivery,
      outcome: { success: true, statusCode: 200, finishedAt: 99, nextAttemptAt: null },
    }));
  });

  it('PostgreSQL: the generic plan of the record fetches the batch rows alone, not the history', async () => {
    if (ctx.dialect !== 'postgres') return;
    const c = boundRecordQuery(ctx.database.forOrganization(org), batch);
    const client = new pg.Client({ connectionString: (ctx.config.database as { url: string }).url });
    await client.connect();
    try {
      await client.query('BEGIN');
      // The plan a named statement settles on, from its first execution.
      await client.query('SET LOCAL plan_cache_mode = force_generic_plan');
      const fetched = async () =>
        Number(
          (
            await client.query(
              "SELECT idx_tup_fetch + seq_tup_read AS n FROM pg_stat_xact_user_tables WHERE relname = 'webhook_deliveries'",
            )
          ).rows[0].n,
        );
      const before = await fetched();
      const res = await client.query({ name: 'record_plan', text: c.sql, values: [...c.parameters] });
      expect(res.rows).toHaveLength(BATCH);
      // Tuples read by this transaction's scans of webhook_deliveries (its own counters, exact).
      expect(await fetched()).toBeLessThan(before + 100);
    } finally {
      await client.query('ROLLBACK');
      await client.end();
    }
  });

  it('SQLite: the record probes the primary key for each row of the batch', async () => {
    if (ctx.dialect !== 'sqlite') return;
    const c = boundRecordQuery(ctx.database.forOrganization(org), batch);
    const text = await explain(ctx, c);
    expect(text, text).toMatch(/SEARCH webhook_deliveries USING .*INDEX/);
    expect(text).not.toMatch(/^SCAN webhook_deliveries\b/m);
  });
});
