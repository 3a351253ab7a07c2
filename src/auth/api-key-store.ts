import type { Sql, TenantDb } from '../db/database.js';
import type { ApiKeyTable } from './auth-tables.js';

// Data access of API keys. Keys are managed within their organization (TenantDb); only
// authentication, which starts from a token that names no organization, and operators naming a key
// by id alone work across organizations (Sql).

export type ApiKeyRow = ApiKeyTable;
export type NewApiKey = Omit<ApiKeyRow, 'organization_id'>;

export async function insertApiKey(t: TenantDb, row: NewApiKey): Promise<void> {
  await t.insertInto('api_keys', row).execute();
}

export function listApiKeys(t: TenantDb): Promise<ApiKeyRow[]> {
  return t.selectFrom('api_keys').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export function findApiKey(t: TenantDb, id: string): Promise<ApiKeyRow | undefined> {
  return t.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks the key revoked unless it already is; false when nothing changed. */
export async function revokeApiKey(t: TenantDb, id: string, now: number): Promise<boolean> {
  const res = await t.updateTable('api_keys').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

// ---- Across organizations ----

/** The key a token authenticates as (by the SHA-256 of the token), unless revoked. */
export function findActiveKeyByHash(s: Sql, tokenHash: string) {
  return s.db
    .selectFrom('api_keys')
    .select(['id', 'organization_id', 'scopes', 'last_used_at'])
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/** The organization a key belongs to, for operators who name a key by id alone. */
export async function findKeyOrganization(s: Sql, id: string): Promise<string | undefined> {
  const row = await s.db.selectFrom('api_keys').select('organization_id').where('id', '=', id).executeTakeFirst();
  return row?.organization_id;
}

/** Records use of a key found by findActiveKeyByHash, at most once per `granularityMs`. */
export async function touchApiKey(t: TenantDb, id: string, now: number, granularityMs: number): Promise<void> {
  await t
    .updateTable('api_keys')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', now - granularityMs)]))
    .execute();
}
