import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from '../migrator.js';

// Internal notes on tickets (src/notes). One row per note; a ticket's notes are read oldest first by
// (created_at, id): ids are time-ordered, so notes written in the same millisecond keep their order.
//
// PostgreSQL: the keys lead with organization_id like every tenant table's (hash-partitionable by
// organization), ids the service generates are native uuid, the author's id is a staff user id
// (caller-chosen text). The note goes with its ticket (composite foreign key, as messages have).
// SQLite: text ids; ticket ids are unique on their own there, so the foreign key names the ticket id
// alone.

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  const pg = dialect === 'postgres';
  const uuid = sql.raw(pg ? 'uuid' : 'text');
  const bigint = sql.raw(pg ? 'bigint' : 'integer');
  const ticketRef = pg
    ? sql`FOREIGN KEY (organization_id, ticket_id) REFERENCES tickets (organization_id, id) ON DELETE CASCADE`
    : sql`FOREIGN KEY (ticket_id) REFERENCES tickets (id) ON DELETE CASCADE`;
  await sql`CREATE TABLE notes (
    organization_id ${uuid} NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    id ${uuid} NOT NULL,
    ticket_id ${uuid} NOT NULL,
    content text NOT NULL,
    author_id text NOT NULL,
    author_email text NOT NULL,
    author_name text NOT NULL,
    created_at ${bigint} NOT NULL,
    CONSTRAINT notes_pk PRIMARY KEY (organization_id, id),
    CONSTRAINT notes_ticket_fk ${ticketRef})`.execute(db);
  // A ticket's notes in order; it also serves the cascade from tickets, which on SQLite looks notes up
  // by ticket_id alone (its foreign key), so there the index leads with ticket_id (unique by itself).
  const columns = sql.raw(pg ? 'organization_id, ticket_id, created_at, id' : 'ticket_id, created_at, id');
  await sql`CREATE INDEX notes_ticket_idx ON notes (${columns})`.execute(db);
}
