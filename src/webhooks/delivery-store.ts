import type { TenantDb } from '../db/database.js';
import type { WebhookDeliveryTable } from './webhook-tables.js';

// Deliveries as one organization sees them: queued by its events, listed as its history, cancelled
// when it deactivates a webhook. The workers' side of the queue is delivery-queue-store.ts.

export type NewDelivery = Pick<WebhookDeliveryTable, 'id' | 'webhook_id' | 'event' | 'body' | 'created_at'>;

/** Queues the first attempt of each delivery, due at once (created_at is the event's time). */
export async function insertDeliveries(t: TenantDb, deliveries: NewDelivery[]): Promise<void> {
  if (deliveries.length === 0) return;
  await t
    .insertInto(
      'webhook_deliveries',
      deliveries.map((d) => ({
        ...d,
        status: null,
        status_code: null,
        attempt_count: 0,
        next_attempt_at: d.created_at,
        lease_until: null,
        lease_token: null,
        completed_at: null,
      })),
    )
    .execute();
}

/** Delivery history of one webhook: only series whose first attempt has finished, newest first. */
export async function listDeliveries(t: TenantDb, webhookId: string, offset: number, limit: number) {
  const base = t.selectFrom('webhook_deliveries').where('webhook_id', '=', webhookId).where('attempt_count', '>', 0);
  const [rows, count] = await Promise.all([
    base
      .select(['id', 'event', 'status', 'status_code', 'attempt_count', 'created_at', 'completed_at', 'next_attempt_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
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
