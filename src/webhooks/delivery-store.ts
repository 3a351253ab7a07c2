import { sql } from 'kysely';
import type { TenantDb } from '../db/database.js';
import type { WebhookDeliveryTable } from './webhook-tables.js';

// Deliveries as one organization sees them: queued by its events, listed as its history, cancelled
// when it deactivates a webhook. The workers' side of the queue is delivery-queue-store.ts and
// delivery-claim-store.ts.

export type NewDelivery = Pick<
  WebhookDeliveryTable,
  'id' | 'webhook_id' | 'event' | 'body' | 'created_at' | 'event_id'
> & {
  /** When the first attempt is due (default: created_at, i.e. at once). */
  due_at?: number;
};

const queuedRows = (organizationId: string, deliveries: NewDelivery[]) =>
  deliveries.map(({ due_at, ...d }) => ({
    ...d,
    organization_id: organizationId,
    event_id: d.event_id ?? null,
    status: null,
    status_code: null,
    attempt_count: 0,
    next_attempt_at: due_at ?? d.created_at,
    lease_until: null,
    lease_token: null,
    completed_at: null,
  }));

/** Queues the first attempt of each delivery, due at once (created_at is the event's time). */
export async function insertDeliveries(t: TenantDb, deliveries: NewDelivery[]): Promise<void> {
  await insertDeliveriesQuery(t, deliveries)?.execute();
}

/** insertDeliveries, not yet run (null: nothing to insert), for a caller running it with other writes. */
export function insertDeliveriesQuery(t: TenantDb, deliveries: NewDelivery[]) {
  if (deliveries.length === 0) return null;
  return t.db.insertInto('webhook_deliveries').values(queuedRows(t.organizationId, deliveries));
}

/**
 * The rows webhook_deliveries_history_idx holds (migration 20261125-0100): attempted at least once, or
 * no longer queued. Written as the index's own predicate (SQLite matches a partial index's terms as
 * written) with literals: a prepared statement's generic plan on PostgreSQL cannot use the partial
 * index on the strength of a bound parameter's value.
 */
const ATTEMPTED = sql<boolean>`attempt_count > 0`;
const IN_HISTORY = sql<boolean>`(attempt_count > 0 OR next_attempt_at IS NULL)`;

export const DELIVERY_COLUMNS = [
  'id',
  'event',
  'status',
  'status_code',
  'attempt_count',
  'created_at',
  'completed_at',
  'next_attempt_at',
] as const;

/** A page of one webhook's delivery history: attempted series, newest first, read in the history index's order. */
export function historyPage(t: TenantDb, webhookId: string, offset: number, limit: number) {
  return t
    .selectFrom('webhook_deliveries')
    .where('webhook_id', '=', webhookId)
    .where(ATTEMPTED)
    .select(DELIVERY_COLUMNS)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit);
}

/**
 * Delivery history of one webhook: only series whose first attempt has finished, newest first. The
 * total is the webhook's kept count (webhook_delivery_totals), not a count of its whole history.
 */
export async function listDeliveries(t: TenantDb, webhookId: string, offset: number, limit: number) {
  const rows = await historyPage(t, webhookId, offset, limit).execute();
  // After the rows (a later statement sees at least their commits): the total counts every record listed.
  const total = await t
    .selectFrom('webhook_delivery_totals')
    .select('total')
    .where('webhook_id', '=', webhookId)
    .executeTakeFirst();
  return { rows, total: Number(total?.total ?? 0) };
}

/**
 * Deleting every delivery of a webhook (its deletion; there is no foreign key to cascade): the history
 * index holds the attempted and finished ones, the queue index the queued ones, and every row is in one
 * of them, so neither statement reads another webhook's history.
 */
export function webhookDeliveryDeletes(t: TenantDb, webhookId: string) {
  return [
    t.deleteFrom('webhook_deliveries').where('webhook_id', '=', webhookId).where(IN_HISTORY),
    t.deleteFrom('webhook_deliveries').where('next_attempt_at', 'is not', null).where('webhook_id', '=', webhookId),
  ];
}

export async function deleteWebhookDeliveries(t: TenantDb, webhookId: string): Promise<void> {
  for (const statement of webhookDeliveryDeletes(t, webhookId)) await statement.execute();
}

/** The history total row every webhook has from its creation (see listDeliveries). */
export async function insertDeliveryTotal(t: TenantDb, webhookId: string): Promise<void> {
  await t.insertInto('webhook_delivery_totals', { webhook_id: webhookId, total: 0 }).execute();
}

/** One delivery of the webhook, with what a redelivery copies. */
export function findDelivery(t: TenantDb, webhookId: string, id: string) {
  return t
    .selectFrom('webhook_deliveries')
    .select([...DELIVERY_COLUMNS, 'body', 'event_id'])
    .where('id', '=', id)
    .where('webhook_id', '=', webhookId)
    .executeTakeFirst();
}

/** Up to `limit` of the webhook's records created before `before` and no longer due, oldest first (pruneDeliveries). */
export function prunable(t: TenantDb, webhookId: string, before: number, limit: number) {
  return (
    t
      .deleteFrom('webhook_deliveries')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('webhook_deliveries')
          .select('id')
          .where('webhook_deliveries.organization_id', '=', t.organizationId)
          .where('webhook_id', '=', webhookId)
          .where('created_at', '<', before)
          .where('next_attempt_at', 'is', null)
          .orderBy('created_at')
          .limit(limit),
      )
      // Checked again on the row deleted: a retry of a finished series queues a new row, never this one.
      .where('next_attempt_at', 'is', null)
      .returning('attempt_count')
  );
}

/**
 * Retention: up to `limit` of the webhook's records created before `before` and no longer due (a
 * delivery still due is never deleted), oldest first, from the history index; the history total
 * follows in the same short transaction. Returns how many went.
 */
export async function pruneDeliveries(t: TenantDb, webhookId: string, before: number, limit: number): Promise<number> {
  return t.transaction(async (tx) => {
    const deleted = await prunable(tx, webhookId, before, limit).execute();
    const counted = deleted.filter((r) => r.attempt_count > 0).length;
    if (counted > 0) {
      await tx
        .updateTable('webhook_delivery_totals')
        .set((eb) => ({ total: eb('total', '-', counted) }))
        .where('webhook_id', '=', webhookId)
        .execute();
    }
    return deleted.length;
  });
}

/**
 * Ends the queued series of a webhook that was deactivated. Leased ones are left to their worker: an
 * attempt under way finishes, and a claim after the deactivation finds the webhook inactive and
 * cancels the series itself.
 */
export async function cancelQueuedDeliveries(t: TenantDb, webhookId: string): Promise<void> {
  await t
    .updateTable('webhook_deliveries')
    .set({ next_attempt_at: null })
    .where('webhook_id', '=', webhookId)
    .where('next_attempt_at', 'is not', null)
    .where('lease_token', 'is', null)
    .execute();
}
