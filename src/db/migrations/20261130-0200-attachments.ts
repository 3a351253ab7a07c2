import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from '../migrator.js';

// Files received with mail (src/attachments): one row per stored file, its bytes in the blob store
// under storage_key. `position` is the file's place among its message's parts: with the message it
// is the row's natural key, so storing a message's files again (a retried mail) cannot add rows.
//
// messages.attachment_count says which messages have any, so a ticket read looks attachments up only
// for those (most messages have none, and most tickets are not mail).
//
// PostgreSQL: keys lead with organization_id; the row goes with its message (composite foreign key).
// SQLite: message ids are unique on their own, so the foreign key and the natural key name the
// message id alone (the cascade from messages looks rows up by it).

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  const pg = dialect === 'postgres';
  const uuid = sql.raw(pg ? 'uuid' : 'text');
  const bigint = sql.raw(pg ? 'bigint' : 'integer');
  await sql`ALTER TABLE messages ADD COLUMN attachment_count integer NOT NULL DEFAULT 0`.execute(db);
  const messageRef = pg
    ? sql`FOREIGN KEY (organization_id, message_id) REFERENCES messages (organization_id, id) ON DELETE CASCADE`
    : sql`FOREIGN KEY (message_id) REFERENCES messages (id) ON DELETE CASCADE`;
  await sql`CREATE TABLE attachments (
    organization_id ${uuid} NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    id ${uuid} NOT NULL,
    message_id ${uuid} NOT NULL,
    ticket_id ${uuid} NOT NULL,
    position integer NOT NULL,
    filename text NOT NULL,
    content_type text NOT NULL,
    size ${bigint} NOT NULL,
    storage_key text NOT NULL,
    created_at ${bigint} NOT NULL,
    CONSTRAINT attachments_pk PRIMARY KEY (organization_id, id),
    CONSTRAINT attachments_message_fk ${messageRef})`.execute(db);
  const natural = sql.raw(pg ? 'organization_id, message_id, position' : 'message_id, position');
  await sql`CREATE UNIQUE INDEX attachments_message_uq ON attachments (${natural})`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('attachments').execute();
  await sql`ALTER TABLE messages DROP COLUMN attachment_count`.execute(db);
}
