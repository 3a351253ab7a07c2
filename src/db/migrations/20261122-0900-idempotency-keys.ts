import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from '../migrator.js';

// Idempotency-Key on POST. One row per (organization, key): reserved (lease)
// when the first request starts, completed with the answer in the transaction of the request's effects.
// The expiry index leads with organization_id like every other: the service's sweeper deletes expired
// keys one organization at a time.

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  const bigint = dialect === 'postgres' ? 'bigint' : 'integer';
  await sql
    .raw(
      `CREATE TABLE idempotency_keys (
         organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
         idempotency_key text NOT NULL,
         method text NOT NULL,
         path text NOT NULL,
         body_hash text NOT NULL,
         lease_token text,
         locked_until ${bigint},
         status_code integer,
         response_body text,
         created_at ${bigint} NOT NULL,
         expires_at ${bigint} NOT NULL,
         PRIMARY KEY (organization_id, idempotency_key)
       )`,
    )
    .execute(db);
  await sql
    .raw('CREATE INDEX idempotency_keys_expiry_idx ON idempotency_keys (organization_id, expires_at)')
    .execute(db);
}
