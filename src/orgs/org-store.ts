import type { Sql } from '../db/database.js';

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
