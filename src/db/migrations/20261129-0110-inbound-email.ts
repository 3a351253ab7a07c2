import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from '../migrator.js';

// Inbound mail of the email channel (src/mail).
//
// inbound_emails: every message received, stored before it is acknowledged, and the queue of its
// processing (state queued → done | failed, a lease while a process works on it). The raw message is
// in `raw`, or, when large, in the blob store under `raw_key`. One row per Message-ID per mailbox
// (a message without one is keyed by a hash of its bytes), whichever way it came in.
// mail_message_ids: the Message-IDs known for each ticket (received, and sent by outbound mail), by
// which replies are threaded.
//
// The queue's due index is global on purpose (partial, queued rows only): the processor finds the
// organizations with work before it claims inside each one, as the webhook delivery worker does.

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  const pg = dialect === 'postgres';
  const uuid = sql.raw(pg ? 'uuid' : 'text');
  const bigint = sql.raw(pg ? 'bigint' : 'integer');
  const bytes = sql.raw(pg ? 'bytea' : 'blob');
  await sql`CREATE TABLE inbound_emails (
    organization_id ${uuid} NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    id ${uuid} NOT NULL,
    mailbox_id ${uuid} NOT NULL,
    message_id text NOT NULL,
    source text NOT NULL,
    recipient text,
    size integer NOT NULL,
    raw ${bytes},
    raw_key text,
    state text NOT NULL,
    kind text,
    attempt_count integer NOT NULL DEFAULT 0,
    lease_expires_at ${bigint},
    last_error text,
    ticket_id ${uuid},
    from_address text,
    subject text,
    received_at ${bigint} NOT NULL,
    processed_at ${bigint},
    CONSTRAINT inbound_emails_pk PRIMARY KEY (organization_id, id),
    CONSTRAINT inbound_emails_message_uq UNIQUE (organization_id, mailbox_id, message_id),
    CONSTRAINT inbound_emails_mailbox_fk FOREIGN KEY (organization_id, mailbox_id)
      REFERENCES mailboxes (organization_id, id) ON DELETE CASCADE)`.execute(db);
  await sql`CREATE INDEX inbound_emails_queued_idx ON inbound_emails (received_at) WHERE state = 'queued'`.execute(db);
  await sql`CREATE INDEX inbound_emails_failed_idx ON inbound_emails (organization_id, mailbox_id, received_at)
    WHERE state = 'failed'`.execute(db);

  const ticketRef = pg
    ? sql`FOREIGN KEY (organization_id, ticket_id) REFERENCES tickets (organization_id, id) ON DELETE CASCADE`
    : sql`FOREIGN KEY (ticket_id) REFERENCES tickets (id) ON DELETE CASCADE`;
  await sql`CREATE TABLE mail_message_ids (
    organization_id ${uuid} NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    message_id text NOT NULL,
    ticket_id ${uuid} NOT NULL,
    direction text NOT NULL,
    created_at ${bigint} NOT NULL,
    CONSTRAINT mail_message_ids_pk PRIMARY KEY (organization_id, message_id, ticket_id),
    CONSTRAINT mail_message_ids_ticket_fk ${ticketRef})`.execute(db);
  // The cascade from tickets: on SQLite its foreign key names the ticket id alone.
  const columns = sql.raw(pg ? 'organization_id, ticket_id' : 'ticket_id');
  await sql`CREATE INDEX mail_message_ids_ticket_idx ON mail_message_ids (${columns})`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_message_ids').execute();
  await db.schema.dropTable('inbound_emails').execute();
}
