import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from '../migrator.js';

// api_keys.token_hash loses its global UNIQUE constraint on PostgreSQL. Uniqueness of token hashes is
// held by api_key_lookup's primary key, written in the same transaction as every key (20261122-0400),
// and a unique index that does not lead with organization_id is the one thing hash distribution by
// organization cannot keep (test/partitioned-explain.test.ts found it the only such constraint).
// SQLite keeps its inline constraint: nothing distributes SQLite, and dropping it would mean
// rebuilding the table.

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  if (dialect === 'postgres') await sql`ALTER TABLE api_keys DROP CONSTRAINT api_keys_token_hash_key`.execute(db);
}
