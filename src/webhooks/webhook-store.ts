import type { Executor } from '../db/database.js';
import type { WebhookTable } from './webhook-tables.js';

// Data access of webhook subscriptions; every read and write is scoped to one organization.

export type WebhookRow = WebhookTable;

export function listWebhooks(db: Executor, organizationId: string): Promise<WebhookRow[]> {
  return db
    .selectFrom('webhooks')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findWebhook(db: Executor, organizationId: string, id: string): Promise<WebhookRow | undefined> {
  return db.selectFrom('webhooks').selectAll().where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst();
}

/** Webhooks of the organization whose URL is this one once normalized (case of host, default port, ...), oldest first. */
export async function findWebhooksByUrl(db: Executor, organizationId: string, url: string): Promise<WebhookRow[]> {
  const wanted = normalizeUrl(url);
  // An organization has a handful of webhooks (plan-limited): comparing normalized forms here is cheap.
  return (await listWebhooks(db, organizationId)).filter((w) => normalizeUrl(w.url) === wanted);
}

function normalizeUrl(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}

export async function insertWebhook(db: Executor, row: WebhookRow): Promise<void> {
  await db.insertInto('webhooks').values(row).execute();
}

export async function updateWebhook(
  db: Executor,
  organizationId: string,
  id: string,
  changes: Partial<Omit<WebhookRow, 'id' | 'organization_id' | 'created_at'>>,
): Promise<void> {
  await db.updateTable('webhooks').set(changes).where('organization_id', '=', organizationId).where('id', '=', id).execute();
}

/** Deletes the webhook; its queued deliveries and history go with it (foreign key cascade). */
export async function deleteWebhook(db: Executor, organizationId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('webhooks').where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Ends the queued (not currently leased) delivery series of a webhook that was deactivated. */
export async function cancelQueuedDeliveries(db: Executor, webhookId: string): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ next_attempt_at: null })
    .where('webhook_id', '=', webhookId)
    .where('next_attempt_at', 'is not', null)
    .where('lease_token', 'is', null)
    .execute();
}
