import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from '../migrator.js';

// The chat widget's durable side work (src/widgets):
// - widget_follow_ups: one row per agent reply on a widget ticket, written in the reply's transaction
//   with the time it is due to be mailed unless the visitor's widget reports it seen first; workers
//   claim due rows with a lease, as the outbound mail queue's workers do.
// - widget_rate_windows: the visitor budgets' fixed windows, shared by every server process on the
//   database. Not a tenant table (a client address belongs to no organization).
// - widget_assistant_conversations: which visitor session a conversation with the assistant belongs
//   to, so no other visitor can continue it or hand it to a person.
// - an index on the visitor sessions' expiry, which the periodic clean-up reads.

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  const pg = dialect === 'postgres';
  const uuid = sql.raw(pg ? 'uuid' : 'text');
  const bigint = sql.raw(pg ? 'bigint' : 'integer');
  const organization = sql`organization_id ${uuid} NOT NULL REFERENCES organizations (id) ON DELETE CASCADE`;
  const ticketRef = pg
    ? sql`FOREIGN KEY (organization_id, ticket_id) REFERENCES tickets (organization_id, id) ON DELETE CASCADE`
    : sql`FOREIGN KEY (ticket_id) REFERENCES tickets (id) ON DELETE CASCADE`;

  await sql`CREATE TABLE widget_follow_ups (
    ${organization},
    message_id ${uuid} NOT NULL,
    ticket_id ${uuid} NOT NULL,
    due_at ${bigint} NOT NULL,
    state text NOT NULL,
    lease_until ${bigint},
    lease_token text,
    created_at ${bigint} NOT NULL,
    updated_at ${bigint} NOT NULL,
    CONSTRAINT widget_follow_ups_pk PRIMARY KEY (organization_id, message_id),
    CONSTRAINT widget_follow_ups_ticket_fk ${ticketRef})`.execute(db);
  // What the workers' claim reads (only rows still waiting), and what a visitor's "seen" report updates.
  await sql`CREATE INDEX widget_follow_ups_due_idx ON widget_follow_ups (organization_id, due_at)
    WHERE state = 'pending'`.execute(db);
  await sql`CREATE INDEX widget_follow_ups_ticket_idx ON widget_follow_ups (organization_id, ticket_id)
    WHERE state = 'pending'`.execute(db);
  if (!pg) await sql`CREATE INDEX widget_follow_ups_ticket_fk_idx ON widget_follow_ups (ticket_id)`.execute(db);

  await sql`CREATE TABLE widget_rate_windows (
    bucket text PRIMARY KEY,
    hits integer NOT NULL,
    ends_at ${bigint} NOT NULL)`.execute(db);
  await sql`CREATE INDEX widget_rate_windows_ends_idx ON widget_rate_windows (ends_at)`.execute(db);

  await sql`CREATE TABLE widget_assistant_conversations (
    ${organization},
    conversation_id ${uuid} NOT NULL,
    visitor_id ${uuid} NOT NULL,
    created_at ${bigint} NOT NULL,
    CONSTRAINT widget_assistant_conversations_pk PRIMARY KEY (organization_id, conversation_id),
    CONSTRAINT widget_assistant_conversations_visitor_fk FOREIGN KEY (organization_id, visitor_id)
      REFERENCES widget_visitors (organization_id, id) ON DELETE CASCADE)`.execute(db);
  await sql`CREATE INDEX widget_assistant_conversations_visitor_idx
    ON widget_assistant_conversations (organization_id, visitor_id)`.execute(db);

  await sql`CREATE INDEX widget_visitor_lookup_expires_idx ON widget_visitor_lookup (expires_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX widget_visitor_lookup_expires_idx`.execute(db);
  await db.schema.dropTable('widget_assistant_conversations').execute();
  await db.schema.dropTable('widget_rate_windows').execute();
  await db.schema.dropTable('widget_follow_ups').execute();
}
