import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from '../migrator.js';

// The global token-hash → key index that authentication reads, so finding a key
// no longer searches every organization's api_keys. It changes only when a key is created or
// revoked, which makes it a Citus reference table; per-use bookkeeping (last_used_at) stays in the
// organization's own api_keys row. See ApiKeyLookupTable (auth/auth-tables.ts) for why the
// organization column is not called organization_id.
//
// No foreign keys: under Citus a reference table may not reference a distributed one (api_keys, and
// organizations if it is distributed with them). The service writes both rows in one transaction,
// and authentication confirms every lookup hit against the organization's own api_keys row, so an
// orphan (say, of a deleted organization) authenticates nothing.

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  const bigint = dialect === 'postgres' ? 'bigint' : 'integer';

  await db.schema
    .createTable('api_key_lookup')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('owner_organization_id', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('revoked_at', bigint)
    .execute();
  // Operators revoke a key by id alone (CLI `keys revoke KEY_ID`): found here, not across organizations.
  await db.schema.createIndex('api_key_lookup_key_uq').on('api_key_lookup').column('key_id').unique().execute();

  // Every existing key, revoked ones included (they must stay revoked), so existing tokens keep working.
  await sql`
    INSERT INTO api_key_lookup (token_hash, owner_organization_id, key_id, revoked_at)
    SELECT token_hash, organization_id, id, revoked_at FROM api_keys
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('api_key_lookup').execute();
}
