import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { TenantDb } from '../src/db/database.js';
import { describeEachDialect, type TestOrg } from './support/harness.js';
import { eventually } from './support/webhook-receiver.js';

// Sql.writeInOrder runs a transaction's writes to shared rows in the order given, which is the order
// their locks are taken in (every writer of those rows keeps one order, so none deadlocks). On
// PostgreSQL the writes are one statement of data-modifying CTEs, whose own order PostgreSQL does not
// promise: pinned here by holding the middle write's row and looking at which of the others are locked
// while the statement waits.

// Spied on before the pools make their clients (they bind the method when made), once for both suites.
const spy = vi.spyOn(pg.Client.prototype, 'query');
afterAll(() => spy.mockRestore());

describeEachDialect('shared-row writes in one order (Sql.writeInOrder)', (ctx) => {
  let org: TestOrg;
  const ids: string[] = [];
  beforeAll(async () => {
    org = await ctx.createOrg();
    for (const name of ['a', 'b', 'c']) {
      const res = await org.api.post<{ data: { id: string } }>('/api/v1/customers', {
        email: `${name}@example.com`,
        name,
      });
      ids.push(res.body.data.id);
    }
  });

  const bump = (t: TenantDb, id: string) =>
    t.updateTable('customers').set({ ticket_count: sql`ticket_count + 1` }).where('id', '=', id);
  const counts = async () =>
    (
      await ctx.database.db
        .selectFrom('customers')
        .select(['id', 'ticket_count'])
        .where('organization_id', '=', org.id)
        .execute()
    )
      .sort((x, y) => ids.indexOf(x.id) - ids.indexOf(y.id))
      .map((r) => Number(r.ticket_count));

  it('runs every write given, skipping nulls, in one transaction', async () => {
    const before = await counts();
    await ctx.database
      .forOrganization(org.id)
      .transaction((t) => t.writeInOrder([bump(t, ids[0]), null, bump(t, ids[2])]));
    expect(await counts()).toEqual([before[0] + 1, before[1], before[2] + 1]);
    // A failing write takes the others with it (the transaction rolls back).
    await expect(
      ctx.database
        .forOrganization(org.id)
        .transaction((t) =>
          t.writeInOrder([
            bump(t, ids[1]),
            t
              .updateTable('customers')
              .set({ email: 'a@example.com', email_key: 'a@example.com' })
              .where('id', '=', ids[2]),
          ]),
        ),
    ).rejects.toThrow();
    expect(await counts()).toEqual([before[0] + 1, before[1], before[2] + 1]);
  });

  it('PostgreSQL: several writes are one statement', async () => {
    if (ctx.dialect !== 'postgres') return;
    spy.mockClear();
    await ctx.database.forOrganization(org.id).transaction((t) => t.writeInOrder(ids.map((id) => bump(t, id))));
    const texts = spy.mock.calls.map(([q]) => (typeof q === 'string' ? q : (q as { text: string }).text));
    expect(texts.filter((q) => /update "customers"/.test(q))).toHaveLength(1);
  });

  it.each([
    ['first to last', [0, 1, 2]],
    ['last to first', [2, 1, 0]],
  ])('PostgreSQL: takes the rows in the order given (%s)', async (_, order) => {
    if (ctx.dialect !== 'postgres') return;
    const holder = new pg.Client({ connectionString: ctx.dbUrl });
    const probe = new pg.Client({ connectionString: ctx.dbUrl });
    await Promise.all([holder.connect(), probe.connect()]);
    const locked = async (id: string) =>
      Number(
        (
          await probe.query(
            'SELECT count(*) AS n FROM (SELECT 1 FROM customers WHERE id = $1 FOR UPDATE SKIP LOCKED) x',
            [id],
          )
        ).rows[0].n,
      ) === 0;
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM customers WHERE id = $1 FOR UPDATE', [ids[1]]);
      const before = await counts();
      const writes = ctx.database
        .forOrganization(org.id)
        .transaction((t) => t.writeInOrder(order.map((i) => bump(t, ids[i]))));
      // The statement is waiting for the held row.
      await eventually(async () => {
        const { rows } = await probe.query(
          "SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%update \"customers\"%'",
        );
        return Number(rows[0].n) > 0;
      });
      expect({ before: await locked(ids[order[0]]), after: await locked(ids[order[2]]) }).toEqual({
        before: true,
        after: false,
      });
      await holder.query('COMMIT');
      await writes;
      expect(await counts()).toEqual(before.map((n) => n + 1));
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      await Promise.all([holder.end(), probe.end()]);
    }
  });
});
