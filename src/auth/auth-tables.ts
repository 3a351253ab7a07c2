import type { Millis } from '../db/column-types.js';

// Kysely table types of API keys.

export interface ApiKeyTable {
  id: string;
  organization_id: string;
  name: string | null;
  prefix: string;
  token_hash: string;
  scopes: string; // space-separated
  created_at: Millis;
  last_used_at: Millis | null;
  revoked_at: Millis | null;
}

/**
 * The global index from a token's hash to its key (migration 20261122-0400-api-key-lookup): what
 * authentication reads before any organization is known. Written only when a key is created or
 * revoked, so under Citus it is a reference table (a copy on every node, a local read).
 *
 * The key's organization is deliberately NOT in a column named `organization_id`: tenant tables are
 * recognised by that column (the TenantTable type in db/tenant-guard.ts is every table whose row has
 * `organization_id: string`, and distributing or hash-partitioning "every tenant table by
 * organization_id" would pick it up too). This table is global and read by token hash, so it must
 * not be one: TenantDb's query starters refuse it at compile time, and it is reached only through
 * the system handle. api-key-lookup-store.ts asserts this at the type level.
 */
export interface ApiKeyLookupTable {
  token_hash: string;
  /** The organization the key belongs to (api_keys.organization_id). */
  owner_organization_id: string;
  /** api_keys.id: also how operators who name a key by id alone find its organization. */
  key_id: string;
  /** Set when the key is revoked (the row is kept so a revoked key still resolves to its organization). */
  revoked_at: Millis | null;
}
