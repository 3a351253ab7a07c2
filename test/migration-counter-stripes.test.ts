import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { countTicketUsage } from '../src/billing/plan-store.js';
import { adjustCustomerCount, countAllCustomers } from '../src/customers/customer-store.js';
import { MIGRATION_NAMES, migrateToLatest } from '../src/db/migrate.js';
import { adjustTicketCount, sumTicketCounts } from '../src/tickets/ticket-count-store.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from './support/harness.js';

// 20261123-0100 puts a stripe into the keys of the organization's shared counters. An installation's
// counters must come through unchanged (each becomes stripe 0 of its total), and the striped writes
// and summing reads must work on them afterwards.

const TARGET = '20261123-0100-counter-stripes';
const BEFORE = MIGRATION_NAMES[MIGRATION_NAMES.indexOf(TARGET) - 1]!;
const BUCKET_MS = 15 * 60_000;

describeEachDialect('migration: striped counters', (ctx) => {
  let old: TestDatabase;
  beforeAll(async () => {
    old = await createTestDatabase(ctx.dialect, 'empty');
    await migrateToLatest(old.handle, { upTo: BEFORE });
  });
  afterAll(async () => {
    await old?.drop();
  });

  it('keeps every count as stripe 0 of its total, and striped writes add to it', async () => {
    const db = old.handle.db;
    const orgs = [randomUUID(), randomUUID()];
    const at = Date.parse('2026-11-20T10:00:00.000Z');
    for (const [k, id] of orgs.entries()) {
      await db
        .insertInto('organizations')
        .values({ id, name: `Org ${k}`, created_at: 0 })
        .execute();
      await db
        .insertInto('organization_counters')
        .values({ organization_id: id, ticket_seq: 7 + k })
        .execute();
      await sql`INSERT INTO customer_counts (organization_id, count) VALUES (${id}, ${3 + k})`.execute(db);
      await sql`INSERT INTO ticket_counts (organization_id, status, priority, count) VALUES (${id}, 'OPEN', 'LOW', ${2 + k}), (${id}, 'CLOSED', 'HIGH', 5)`.execute(
        db,
      );
      await sql`INSERT INTO ticket_usage (organization_id, bucket, count) VALUES (${id}, ${at / BUCKET_MS}, ${7 + k}), (${id}, ${at / BUCKET_MS - 1}, 1)`.execute(
        db,
      );
    }

    const result = await migrateToLatest(old.handle);
    expect(result.results?.map((r) => [r.migrationName, r.status])).toContainEqual([TARGET, 'Success']);

    const rows = async (table: 'ticket_counts' | 'customer_counts' | 'ticket_usage') =>
      (await db.selectFrom(table).selectAll().execute())
        .map((r) =>
          JSON.stringify(
            Object.fromEntries(
              Object.entries(r)
                .map(([c, v]) => [c, typeof v === 'string' ? v : Number(v)])
                .sort(),
            ),
          ),
        )
        .sort();
    const expected = orgs.flatMap((id, k) => ({
      customer_counts: [{ count: 3 + k, organization_id: id, stripe: 0 }],
      ticket_counts: [
        { count: 2 + k, organization_id: id, priority: 'LOW', status: 'OPEN', stripe: 0 },
        { count: 5, organization_id: id, priority: 'HIGH', status: 'CLOSED', stripe: 0 },
      ],
      ticket_usage: [
        { bucket: at / BUCKET_MS, count: 7 + k, organization_id: id, stripe: 0 },
        { bucket: at / BUCKET_MS - 1, count: 1, organization_id: id, stripe: 0 },
      ],
    }));
    for (const table of ['customer_counts', 'ticket_counts', 'ticket_usage'] as const) {
      expect(await rows(table), table).toEqual(
        expected
          .flatMap((e) => e[table].map((r) => JSON.stringify(Object.fromEntries(Object.entries(r).sort()))))
          .sort(),
      );
    }

    // The stores read the totals as before, and add to them in other stripes (several rows per key).
    const t = old.handle.forOrganization(orgs[1]!);
    expect(await countAllCustomers(t)).toBe(4);
    expect(await sumTicketCounts(t, {})).toBe(8);
    expect(await sumTicketCounts(t, { excludeStatus: 'CLOSED' })).toBe(3);
    expect(await countTicketUsage(t, at - BUCKET_MS, at)).toBe(9);
    await t.transaction(async (tx) => {
      await adjustCustomerCount(tx, 1);
      await adjustTicketCount(tx, { status: 'OPEN', priority: 'LOW' }, 1, 3);
      await adjustTicketCount(tx, { status: 'OPEN', priority: 'LOW' }, -2, 5);
    });
    expect(await countAllCustomers(t)).toBe(5);
    expect(await sumTicketCounts(t, { excludeStatus: 'CLOSED' })).toBe(2);
    const stripes = await db
      .selectFrom('ticket_counts')
      .select('stripe')
      .where('organization_id', '=', orgs[1]!)
      .where('status', '=', 'OPEN')
      .orderBy('stripe')
      .execute();
    expect(stripes.map((r) => Number(r.stripe))).toEqual([0, 3, 5]);
    // The other organization is untouched.
    expect(await countAllCustomers(old.handle.forOrganization(orgs[0]!))).toBe(3);
  });
});
