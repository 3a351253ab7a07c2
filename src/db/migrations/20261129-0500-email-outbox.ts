import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from '../migrator.js';

// The email channel's outbound queue (src/mail/outbox-store.ts): a row per reply to mail, written in
// the reply's transaction, claimed by workers with a lease, retried, then marked sent or failed.
// The key leads with organization_id (as every tenant key on PostgreSQL); the partial index is what
// the workers' claim reads across organizations: it holds only the rows still waiting for an attempt.

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  const pg = dialect === 'postgres';
  const uuid = sql.raw(pg ? 'uuid' : 'text');
  const bigint = sql.raw(pg ? 'bigint' : 'integer');
  await sql`CREATE TABLE email_outbox (
    organization_id ${uuid} NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    message_id ${uuid} NOT NULL,
    ticket_id ${uuid} NOT NULL,
    mail_message_id text NOT NULL,
    state text NOT NULL,
    attempt_count integer NOT NULL DEFAULT 0,
    next_attempt_at ${bigint},
    lease_until ${bigint},
    lease_token text,
    last_error text,
    sent_at ${bigint},
    created_at ${bigint} NOT NULL,
    updated_at ${bigint} NOT NULL,
    CONSTRAINT email_outbox_pk PRIMARY KEY (organization_id, message_id))`.execute(db);
  await sql`CREATE INDEX email_outbox_due_idx ON email_outbox (organization_id, next_attempt_at)
    WHERE next_attempt_at IS NOT NULL`.execute(db);
  await sql`CREATE INDEX email_outbox_ticket_idx ON email_outbox (organization_id, ticket_id, created_at)`.execute(db);
  await sql`CREATE INDEX email_outbox_mail_id_idx ON email_outbox (organization_id, mail_message_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_outbox').execute();
}
