import type { TenantDb } from '../db/database.js';
import { BREAKER_THRESHOLD } from './delivery-policy.js';
import { deleteWebhookDeliveries, insertDeliveryTotal } from './delivery-store.js';
import type { WebhookTable } from './webhook-tables.js';

// Data access of webhook subscriptions, on the organization-scoped handle it runs in: every read and
// write is confined to that organization by the handle.

export type WebhookRow = WebhookTable;
export type NewWebhook = Omit<WebhookTable, 'organization_id'>;
export type WebhookChanges = Partial<Omit<WebhookTable, 'id' | 'organization_id' | 'created_at'>>;

export function listWebhooks(t: TenantDb): Promise<WebhookRow[]> {
  return t.selectFrom('webhooks').selectAll().orderBy('created_at').orderBy('id').execute();
}

/**
 * The webhook; with `toQueue`, key-share locked for a transaction that queues a delivery to it, as
 * findCandidateWebhooks locks its webhooks (a concurrent deletion waits, then deletes what it queued).
 */
export function findWebhook(t: TenantDb, id: string, { toQueue = false } = {}): Promise<WebhookRow | undefined> {
  return t
    .selectFrom('webhooks')
    .selectAll()
    .where('id', '=', id)
    .$if(toQueue && t.rowLocks, (q) => q.forKeyShare())
    .executeTakeFirst();
}

/** Webhooks of the organization whose URL is this one once normalized (case of host, default port, ...), oldest first. */
export async function findWebhooksByUrl(t: TenantDb, url: string): Promise<WebhookRow[]> {
  const wanted = normalizeUrl(url);
  // An organization has a handful of webhooks (plan-limited): comparing normalized forms here is cheap.
  return (await listWebhooks(t)).filter((w) => normalizeUrl(w.url) === wanted);
}

function normalizeUrl(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}

/**
 * The webhooks events may be queued for: active, circuit breaker closed, with their events lists. Run
 * in the transaction that records events (once per transaction: see event-recorder.ts).
 */
export async function findCandidateWebhooks(t: TenantDb): Promise<{ id: string; events: string[] }[]> {
  const candidates = await t
    .selectFrom('webhooks')
    .select(['id', 'events'])
    .where('is_active', '=', 1)
    .where('failure_count', '<', BREAKER_THRESHOLD)
    // KEY SHARE makes a concurrent deletion of the webhook wait for our commit, and then delete the rows
    // we queued (deleteWebhook), without blocking ordinary updates of the webhook. A deletion that
    // committed first leaves nothing for us to find.
    .$if(t.rowLocks, (q) => q.forKeyShare())
    .execute();
  return candidates.map((w) => ({ id: w.id, events: JSON.parse(w.events) as string[] }));
}

export async function insertWebhook(t: TenantDb, row: NewWebhook): Promise<void> {
  await t.insertInto('webhooks', row).execute();
  await insertDeliveryTotal(t, row.id);
}

export async function updateWebhook(t: TenantDb, id: string, changes: WebhookChanges): Promise<void> {
  await t.updateTable('webhooks').set(changes).where('id', '=', id).execute();
}

/**
 * Deletes the webhook, then its queued deliveries and history. In that order: the webhook's row lock
 * waits for transactions that key-share locked it to queue deliveries, and the deliveries' deletion,
 * a later statement, then sees what they queued (PostgreSQL, read committed).
 */
export async function deleteWebhook(t: TenantDb, id: string): Promise<boolean> {
  const result = await t.deleteFrom('webhooks').where('id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) return false;
  await deleteWebhookDeliveries(t, id);
  return true;
}
