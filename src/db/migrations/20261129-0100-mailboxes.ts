import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from '../migrator.js';

// Support mailboxes of the email channel (src/mail) and the global index that routes mail to them.
//
// mailboxes: a tenant table like the others (keys lead with organization_id on PostgreSQL); an
// address appears once per organization. mailbox_routes: the address → mailbox index read before
// any organization is known (by the SMTP listener by address, by the inbound webhook by token hash),
// which also makes an address unique across organizations. Like api_key_lookup it has no foreign
// keys (a reference table under Citus): the service writes it with the mailbox row, and every hit is
// confirmed against the organization's own mailboxes row, so an orphan routes nothing.

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  const pg = dialect === 'postgres';
  const uuid = sql.raw(pg ? 'uuid' : 'text');
  const bigint = sql.raw(pg ? 'bigint' : 'integer');
  await sql`CREATE TABLE mailboxes (
    organization_id ${uuid} NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    id ${uuid} NOT NULL,
    name text NOT NULL,
    address text NOT NULL,
    from_name text,
    imap text,
    imap_password text,
    smtp text,
    smtp_password text,
    mailgun_signing_key text,
    inbound_token_hash text NOT NULL,
    status text NOT NULL,
    last_error text,
    last_polled_at ${bigint},
    created_at ${bigint} NOT NULL,
    updated_at ${bigint} NOT NULL,
    CONSTRAINT mailboxes_pk PRIMARY KEY (organization_id, id),
    CONSTRAINT mailboxes_address_uq UNIQUE (organization_id, address))`.execute(db);
  await sql`CREATE TABLE mailbox_routes (
    address text PRIMARY KEY,
    owner_organization_id ${uuid} NOT NULL,
    mailbox_id ${uuid} NOT NULL,
    token_hash text NOT NULL)`.execute(db);
  await sql`CREATE UNIQUE INDEX mailbox_routes_token_uq ON mailbox_routes (token_hash)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mailbox_routes').execute();
  await db.schema.dropTable('mailboxes').execute();
}
