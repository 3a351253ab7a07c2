import type { TenantDb } from '../db/database.js';
import type { ApiKeyTable } from './auth-tables.js';

// Data access of API keys, always within their organization (TenantDb). Authentication, which starts
// from a token that names no organization, and operators naming a key by id alone first find the
// organization in the global lookup (api-key-lookup-store.ts), then read the key here.

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
  const res = await t
    .updateTable('api_keys')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/**
 * The key a token authenticates as, once the lookup has named its organization and id: scopes and
 * last use come from the organization's own row, which must still be active and carry this hash.
 */
export function findActiveKey(t: TenantDb, id: string, tokenHash: string) {
  return t
    .selectFrom('api_keys')
    .select(['id', 'scopes', 'last_used_at'])
    .where('id', '=', id)
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/** Records use of a key found by findActiveKey, at most once per `granularityMs`. */
export async function touchApiKey(t: TenantDb, id: string, now: number, granularityMs: number): Promise<void> {
  await t
    .updateTable('api_keys')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', now - granularityMs)]))
    .execute();
}

/** The token hashes of every key of the organization, revoked ones included. */
export async function listTokenHashes(t: TenantDb): Promise<string[]> {
  return (await t.selectFrom('api_keys').select('token_hash').execute()).map((r) => r.token_hash);
}
