import { sql, type RawBuilder } from 'kysely';
import { pickStripe } from '../db/counter-stripes.js';
import type { TenantDb } from '../db/database.js';
import { sameOrganizationByKey, ticketEventLock } from './ticket-store.js';

// ticket_counts holds the tickets per (organization, status, priority), spread over stripes
// (db/counter-stripes.ts: concurrent creates add to different rows); every write that creates,
// deletes or re-classifies a ticket adjusts one stripe in the same transaction, so list totals for
// the common filters are a sum over at most 25 buckets' stripes instead of a COUNT(*) over the
// organization.

export interface Bucket {
  status: string;
  priority: string;
}

export async function adjustTicketCount(
  t: TenantDb,
  bucket: Bucket,
  delta: number,
  stripe = pickStripe(t),
): Promise<void> {
  await ticketCountAdjustment(t, bucket, delta, stripe)?.execute();
}

/** adjustTicketCount, not yet run (null: nothing to write). */
export function ticketCountAdjustment(t: TenantDb, bucket: Bucket, delta: number, stripe = pickStripe(t)) {
  if (delta === 0) return null;
  return t
    .insertInto('ticket_counts', { status: bucket.status, priority: bucket.priority, stripe, count: delta })
    .onConflict((oc) =>
      oc
        .columns(['organization_id', 'status', 'priority', 'stripe'])
        .doUpdateSet({ count: sql`ticket_counts.count + ${delta}` }),
    );
}

/** Orders bucket changes by (status, priority): every writer locks the bucket rows in this order. */
const byBucket = (a: Bucket, b: Bucket): number => {
  const x = `${a.status}/${a.priority}`;
  const y = `${b.status}/${b.priority}`;
  return x < y ? -1 : x > y ? 1 : 0;
};

/** Moves one ticket between buckets when its status or priority changes. */
export async function moveTicketCount(t: TenantDb, from: Bucket, to: Bucket): Promise<void> {
  if (from.status === to.status && from.priority === to.priority) return;
  // Always lock the two bucket rows in the same order (one stripe for both), so two opposite moves
  // cannot deadlock.
  const stripe = pickStripe(t);
  const changes = [
    { ...from, delta: -1 },
    { ...to, delta: 1 },
  ].sort(byBucket);
  for (const c of changes) await adjustTicketCount(t, c, c.delta, stripe);
}

/**
 * Takes a customer's tickets out of the counts; call before deleting them (same transaction). Where
 * rows lock, the tickets are locked first, in id order, as an update locks its ticket before the
 * buckets: a concurrent update then waits instead of deadlocking. Both reads go by the customer
 * index only (sameOrganizationByKey): with the plain organization condition SQLite walks the
 * organization's tickets through (organization, status, …) to save the GROUP BY sort.
 */
/**
 * The customer's tickets (id and number), locked for their deletion: their event locks first (before
 * any row lock or write, see ticketEventLock), then their rows. Call first in the deleting transaction.
 */
export async function lockCustomerTickets(t: TenantDb, customerId: string): Promise<{ id: string; number: number }[]> {
  const ofCustomer = () =>
    t.db
      .selectFrom('tickets')
      .select(['id', 'number'])
      .where('customer_id', '=', customerId)
      .where(sameOrganizationByKey(t));
  const found = await ofCustomer().execute();
  if (found.length === 0) return [];
  await ticketEventLock(
    t,
    found.map((r) => r.id),
  );
  const rows = await ofCustomer()
    .where(
      'id',
      'in',
      found.map((r) => r.id),
    )
    .orderBy('id')
    .$if(t.rowLocks, (q) => q.forUpdate())
    .execute();
  return rows.map((r) => ({ id: r.id, number: Number(r.number) }));
}

/** The ids of the customer's tickets as of now (unlocked): the deletion checks none appeared meanwhile. */
export async function customerTicketIds(t: TenantDb, customerId: string): Promise<string[]> {
  const rows = await t.db
    .selectFrom('tickets')
    .select('id')
    .where('customer_id', '=', customerId)
    .where(sameOrganizationByKey(t))
    .execute();
  return rows.map((r) => r.id);
}

export async function subtractCustomerTickets(t: TenantDb, customerId: string): Promise<void> {
  const ofCustomer = () =>
    t.db.selectFrom('tickets').where('customer_id', '=', customerId).where(sameOrganizationByKey(t));
  if (t.rowLocks) {
    await ofCustomer().select('id').orderBy('id').forUpdate().execute();
  }
  const groups = await ofCustomer()
    .select(['status', 'priority', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['status', 'priority'])
    .execute();
  // In bucket order, one stripe (as moveTicketCount): a stripe may go below zero, the sums stay exact.
  const stripe = pickStripe(t);
  for (const g of groups.sort(byBucket)) await adjustTicketCount(t, g, -Number(g.n), stripe);
}

export interface CountFilter {
  statuses?: string[];
  excludeStatus?: string;
  priority?: string;
}

/**
 * The sum of the buckets matching the filter as a scalar subquery (SELECT coalesce(sum(count), 0) …),
 * for the list statement to carry its total. A raw template: through the query builder it cost ~4 ×
 * its own run time in building and compiling on every list request.
 */
export function ticketCountSum(t: TenantDb, filter: CountFilter): RawBuilder<number> {
  const conds = [sql`organization_id = ${t.organizationId}`];
  if (filter.statuses !== undefined) conds.push(sql`status IN (${sql.join(filter.statuses)})`);
  if (filter.excludeStatus !== undefined) conds.push(sql`status <> ${filter.excludeStatus}`);
  if (filter.priority !== undefined) conds.push(sql`priority = ${filter.priority}`);
  return sql<number>`SELECT coalesce(sum(count), 0) FROM ticket_counts WHERE ${sql.join(conds, sql` AND `)}`;
}

/** Sum of the buckets matching the filter: the exact total without scanning tickets. */
export async function sumTicketCounts(t: TenantDb, filter: CountFilter): Promise<number> {
  const { rows } = await sql<{ total: number | string }>`SELECT (${ticketCountSum(t, filter)}) AS total`.execute(t.db);
  return Number(rows[0].total);
}
