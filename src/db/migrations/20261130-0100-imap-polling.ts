import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from '../migrator.js';

// IMAP polling (src/mail/imap-poller.ts) and the mailbox a reply is sent from.
//
// mailboxes.imap_lease_until / imap_lease_token: the claim of the one process that polls a mailbox,
// renewed while it polls and taken over by another process once it has run out (the same lease
// pattern as the delivery and outbound queues; no session state on a pooled connection).
// inbound_emails_ticket_idx: the mail received for a ticket, newest first, which names the mailbox
// its replies are sent from; partial, since most rows of other states carry no ticket.

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  const bigint = sql.raw(dialect === 'postgres' ? 'bigint' : 'integer');
  await sql`ALTER TABLE mailboxes ADD COLUMN imap_lease_until ${bigint}`.execute(db);
  await sql`ALTER TABLE mailboxes ADD COLUMN imap_lease_token text`.execute(db);
  await sql`CREATE INDEX inbound_emails_ticket_idx ON inbound_emails (organization_id, ticket_id, received_at)
    WHERE ticket_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX inbound_emails_ticket_idx`.execute(db);
  await sql`ALTER TABLE mailboxes DROP COLUMN imap_lease_token`.execute(db);
  await sql`ALTER TABLE mailboxes DROP COLUMN imap_lease_until`.execute(db);
}
