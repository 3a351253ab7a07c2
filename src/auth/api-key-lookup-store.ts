import type { Sql } from '../db/database.js';
import type { TenantTable } from '../db/tenant-guard.js';
import type { ApiKeyLookupTable } from './auth-tables.js';

// Data access of the global token-hash → key index (see ApiKeyLookupTable). It belongs to no
// organization, so it is only ever reached through the system handle (Sql), inside the same
// transaction as the organization's api_keys write it mirrors.

export type ApiKeyLookupRow = ApiKeyLookupTable;

// Compile-time check that the lookup stays out of the tenant tables: were it given an
// organization_id column it would become a TenantTable and this line would stop compiling.
const notATenantTable: 'api_key_lookup' extends TenantTable ? never : true = true;
void notATenantTable;

export async function insertKeyLookup(s: Sql, row: ApiKeyLookupRow): Promise<void> {
  await s.db.insertInto('api_key_lookup').values(row).execute();
}

/** The key (and its organization) a token hash names, unless revoked. */
export function findActiveKeyLookup(s: Sql, tokenHash: string) {
  return s.db
    .selectFrom('api_key_lookup')
    .select(['owner_organization_id', 'key_id'])
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/** The organization a key belongs to, for operators who name a key by id alone. */
export async function findKeyOrganization(s: Sql, keyId: string): Promise<string | undefined> {
  const row = await s.db
    .selectFrom('api_key_lookup')
    .select('owner_organization_id')
    .where('key_id', '=', keyId)
    .executeTakeFirst();
  return row?.owner_organization_id;
}

/** Marks the token's lookup revoked (unless it already is), with the key's own revocation time. */
export async function revokeKeyLookup(s: Sql, tokenHash: string, now: number): Promise<void> {
  await s.db
    .updateTable('api_key_lookup')
    .set({ revoked_at: now })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Removes the lookups of these token hashes (an organization being removed, with its keys). */
export async function deleteKeyLookups(s: Sql, tokenHashes: readonly string[]): Promise<void> {
  if (tokenHashes.length === 0) return;
  await s.db.deleteFrom('api_key_lookup').where('token_hash', 'in', tokenHashes).execute();
}
