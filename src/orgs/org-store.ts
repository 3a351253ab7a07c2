import type { Sql } from '../db/database.js';
import { TENANT_TABLES, type TenantTable } from '../db/tenant-guard.js';

// Data access of organizations: the tenants themselves, so on the handle without an organization.

/** Bootstrap lock key: first starts of several instances on one database create one organization. */
const BOOTSTRAP_LOCK = 'orgs:bootstrap';

export async function insertOrganization(s: Sql, row: { id: string; name: string; created_at: number }): Promise<void> {
  await s.db.insertInto('organizations').values(row).execute();
  // The new organization's own counter rows, written through its scoped handle like any tenant row.
  const t = s.forOrganization(row.id);
  await t.insertInto('organization_counters', { ticket_seq: 0 }).execute();
  await t.insertInto('customer_counts', { count: 0 }).execute();
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
  'ticket_tags',
  'notes',
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
  await s.db.deleteFrom('organizations').where('id', '=', id).execute();
  return deleted;
}
