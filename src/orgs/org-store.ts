import type { Sql } from '../db/database.js';
import { TENANT_TABLES, type TenantTable } from '../db/tenant-guard.js';
import { slugCandidates } from '../shared/slug.js';

// Data access of organizations: the tenants themselves, so on the handle without an organization.

/** Bootstrap lock key: first starts of several instances on one database create one organization. */
const BOOTSTRAP_LOCK = 'orgs:bootstrap';

export async function insertOrganization(s: Sql, row: { id: string; name: string; created_at: number }): Promise<void> {
  const slug = await freeSlug(s, row.name);
  await s.db
    .insertInto('organizations')
    .values({ ...row, slug, help_center_enabled: 1, help_center_title: null })
    .execute();
  await s.db
    .insertInto('organization_slugs')
    .values({ slug, organization_id: row.id, created_at: row.created_at })
    .execute();
  // The new organization's own counter rows, written through its scoped handle like any tenant row.
  const t = s.forOrganization(row.id);
  await t.insertInto('organization_counters', { ticket_seq: 0 }).execute();
  await t.insertInto('customer_counts', { count: 0 }).execute();
}

/** The first slug made from the name that no organization has (or had). */
async function freeSlug(s: Sql, name: string): Promise<string> {
  const candidates = slugCandidates(name);
  for (let i = 0; i < candidates.length; i += 50) {
    const batch = candidates.slice(i, i + 50);
    const taken = new Set(
      (await s.db.selectFrom('organization_slugs').select('slug').where('slug', 'in', batch).execute()).map(
        (r) => r.slug,
      ),
    );
    const free = batch.find((c) => !taken.has(c));
    if (free) return free;
  }
  throw new Error('no free slug');
}

/** Which organization a slug names (its current one or one it had), or undefined. */
export function findSlug(s: Sql, slug: string) {
  return s.db
    .selectFrom('organization_slugs')
    .select(['slug', 'organization_id'])
    .where('slug', '=', slug)
    .executeTakeFirst();
}

export async function insertSlug(s: Sql, slug: string, organizationId: string, now: number): Promise<void> {
  await s.db
    .insertInto('organization_slugs')
    .values({ slug, organization_id: organizationId, created_at: now })
    .execute();
}

export async function updateOrganization(
  s: Sql,
  id: string,
  changes: Partial<{ name: string; slug: string; help_center_enabled: number; help_center_title: string | null }>,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await s.db.updateTable('organizations').set(changes).where('id', '=', id).execute();
}

export function findOrganization(s: Sql, id: string) {
  return s.db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listOrganizations(s: Sql) {
  return s.db.selectFrom('organizations').selectAll().orderBy('created_at').orderBy('id').execute();
}

export async function hasAnyOrganization(s: Sql): Promise<boolean> {
  const row = await s.db.selectFrom('organizations').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Serializes first-start bootstraps across processes until the transaction ends. */
export async function lockForBootstrap(s: Sql): Promise<void> {
  await s.lockKey(BOOTSTRAP_LOCK);
}

// Removal order: rows that others refer to go after the rows referring to them, so it holds whether
// or not a foreign key cascades (a deployment may lack some: hash-partitioned or distributed tables).
// Tenant tables not named here (newer ones) follow, before the organization itself.
const REMOVAL_ORDER: readonly TenantTable[] = [
  'widget_conversations',
  'widget_visitors',
  'widgets',
  'kb_turns',
  'kb_conversations',
  'kb_passages',
  'kb_article_slugs',
  'kb_article_revisions',
  'kb_articles',
  'kb_collections',
  'ticket_tags',
  'notes',
  'attachments',
  'messages',
  'webhook_deliveries',
  'webhook_delivery_totals',
  'events',
  'idempotency_keys',
  'staff_sessions',
  'staff_tokens',
  'staff_credentials',
  'staff_auth_settings',
  'team_members',
  'invitations',
  'tickets',
  'customers',
  'customer_counts',
  'tags',
  'teams',
  'users',
  'webhooks',
  'api_keys',
  'ai_credit_ledger',
  'ticket_usage',
  'plans',
  'ticket_counts',
  'organization_counters',
];

/**
 * Deletes every row the organization owns, table by table through its scoped handle, then the
 * organization; the caller's transaction makes it all or nothing. Returns the rows deleted per table.
 */
export async function deleteOrganizationRows(s: Sql, id: string): Promise<Record<string, number>> {
  const t = s.forOrganization(id);
  const tables = [...REMOVAL_ORDER, ...[...TENANT_TABLES].filter((n) => !REMOVAL_ORDER.includes(n as TenantTable))];
  const deleted: Record<string, number> = {};
  for (const table of tables) {
    const res = await t.deleteFrom(table as TenantTable).executeTakeFirst();
    deleted[table] = Number(res.numDeletedRows);
  }
  await s.db.deleteFrom('organization_slugs').where('organization_id', '=', id).execute();
  await s.db.deleteFrom('organizations').where('id', '=', id).execute();
  return deleted;
}
