import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from '../migrator.js';

// Secrets of the installation itself, shared by every process of a deployment because they live in
// its database: one row per purpose, created with a random value on first use (insert-if-absent, so
// processes starting at once agree on one). The first is the key that seals event-log cursors
// (src/events/event-cursor.ts). It belongs to no organization.

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  const bigint = dialect === 'postgres' ? 'bigint' : 'integer';
  await sql`CREATE TABLE installation_secrets (
    name text PRIMARY KEY,
    secret text NOT NULL,
    created_at ${sql.raw(bigint)} NOT NULL)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('installation_secrets').execute();
}
