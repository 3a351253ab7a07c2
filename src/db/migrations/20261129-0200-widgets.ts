import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from '../migrator.js';

// The chat widget (src/widgets): widgets an organization embeds in its sites, the visitor sessions
// they open, and which tickets were opened through which session.
//
// Tenant tables lead every key with organization_id (hash-partitionable by organization). The two
// lookups a request without credentials starts from (a widget's public key, a visitor's token hash)
// belong to no organization: like api_key_lookup they are global, reached through the system handle,
// written in the same transaction as the rows they mirror, and every hit is confirmed against the
// organization's own row, so an orphan (of a deleted organization) finds nothing.

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  const pg = dialect === 'postgres';
  const uuid = sql.raw(pg ? 'uuid' : 'text');
  const bigint = sql.raw(pg ? 'bigint' : 'integer');
  const organization = sql`organization_id ${uuid} NOT NULL REFERENCES organizations (id) ON DELETE CASCADE`;

  await sql`CREATE TABLE widgets (
    ${organization},
    id ${uuid} NOT NULL,
    name text NOT NULL,
    key text NOT NULL,
    allowed_origins text NOT NULL,
    identity text NOT NULL,
    identity_secret text NOT NULL,
    created_at ${bigint} NOT NULL,
    updated_at ${bigint} NOT NULL,
    CONSTRAINT widgets_pk PRIMARY KEY (organization_id, id))`.execute(db);

  await sql`CREATE TABLE widget_key_lookup (
    key text PRIMARY KEY,
    owner_organization_id ${uuid} NOT NULL,
    widget_id ${uuid} NOT NULL)`.execute(db);

  // A deleted widget ends its visitors' sessions (their tickets stay).
  const widgetRef = sql`FOREIGN KEY (organization_id, widget_id) REFERENCES widgets (organization_id, id) ON DELETE CASCADE`;
  await sql`CREATE TABLE widget_visitors (
    ${organization},
    id ${uuid} NOT NULL,
    widget_id ${uuid} NOT NULL,
    token_hash text NOT NULL,
    identified integer NOT NULL,
    customer_id ${uuid},
    email text,
    name text,
    external_user_id text,
    created_at ${bigint} NOT NULL,
    expires_at ${bigint} NOT NULL,
    CONSTRAINT widget_visitors_pk PRIMARY KEY (organization_id, id),
    CONSTRAINT widget_visitors_widget_fk ${widgetRef})`.execute(db);
  await sql`CREATE INDEX widget_visitors_widget_idx ON widget_visitors (organization_id, widget_id)`.execute(db);

  await sql`CREATE TABLE widget_visitor_lookup (
    token_hash text PRIMARY KEY,
    owner_organization_id ${uuid} NOT NULL,
    visitor_id ${uuid} NOT NULL,
    expires_at ${bigint} NOT NULL)`.execute(db);

  const ticketRef = pg
    ? sql`FOREIGN KEY (organization_id, ticket_id) REFERENCES tickets (organization_id, id) ON DELETE CASCADE`
    : sql`FOREIGN KEY (ticket_id) REFERENCES tickets (id) ON DELETE CASCADE`;
  await sql`CREATE TABLE widget_conversations (
    ${organization},
    ticket_id ${uuid} NOT NULL,
    widget_id ${uuid} NOT NULL,
    visitor_id ${uuid} NOT NULL,
    customer_id ${uuid} NOT NULL,
    identified integer NOT NULL,
    external_user_id text,
    created_at ${bigint} NOT NULL,
    CONSTRAINT widget_conversations_pk PRIMARY KEY (organization_id, ticket_id),
    CONSTRAINT widget_conversations_ticket_fk ${ticketRef})`.execute(db);
  await sql`CREATE INDEX widget_conversations_visitor_idx ON widget_conversations (organization_id, visitor_id)`.execute(
    db,
  );
  // An identified visitor's conversations, on any device: those of identified sessions of the same site user.
  await sql`CREATE INDEX widget_conversations_user_idx
    ON widget_conversations (organization_id, external_user_id)`.execute(db);
  // The cascade from tickets looks rows up by ticket_id alone on SQLite (its foreign key).
  if (!pg) await sql`CREATE INDEX widget_conversations_ticket_idx ON widget_conversations (ticket_id)`.execute(db);
}
