import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from '../migrator.js';

// The event log. One row per change, written in the change's transaction; deliveries
// reference it (event_id) instead of each holding a copy of the body.
//
// Position: PostgreSQL orders the log by (xid, seq): the writing transaction's id (xid8, which carries
// the epoch, so wraparound cannot reorder it) and an identity within it. A reader only sees events
// whose xid is below the oldest transaction still running (pg_snapshot_xmin), so no event can commit
// later behind a cursor already handed out (src/events/event-store.ts). SQLite has one writer at a
// time: its AUTOINCREMENT rowid is commit order and is never reused, even after retention deletes.
//
// Existing delivery rows keep their own body (event_id stays null; their webhook-id is their own id);
// new ones store '' in body and build it from the event. Rotation keeps the previous secret for an
// overlap. webhook_delivery_totals holds each webhook's history size, so listing its deliveries does
// not count the whole history.

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`CREATE TABLE events (
      organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      id text NOT NULL,
      xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
      seq bigint GENERATED ALWAYS AS IDENTITY,
      type text NOT NULL,
      data text NOT NULL,
      created_at bigint NOT NULL,
      CONSTRAINT events_pk PRIMARY KEY (organization_id, id))`.execute(db);
    await sql`CREATE INDEX events_position_idx ON events (organization_id, xid, seq)`.execute(db);
  } else {
    await sql`CREATE TABLE events (
      seq integer PRIMARY KEY AUTOINCREMENT,
      organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      id text NOT NULL,
      type text NOT NULL,
      data text NOT NULL,
      created_at integer NOT NULL)`.execute(db);
    await sql`CREATE UNIQUE INDEX events_id_uq ON events (organization_id, id)`.execute(db);
    await sql`CREATE INDEX events_position_idx ON events (organization_id, seq)`.execute(db);
  }

  await sql`ALTER TABLE webhook_deliveries ADD COLUMN event_id text`.execute(db);
  const bigint = dialect === 'postgres' ? 'bigint' : 'integer';
  await sql`ALTER TABLE webhooks ADD COLUMN previous_secret text`.execute(db);
  await sql.raw(`ALTER TABLE webhooks ADD COLUMN previous_secret_expires_at ${bigint}`).execute(db);

  const webhookRef =
    dialect === 'postgres'
      ? sql`FOREIGN KEY (organization_id, webhook_id) REFERENCES webhooks (organization_id, id) ON DELETE CASCADE`
      : sql`FOREIGN KEY (webhook_id) REFERENCES webhooks (id) ON DELETE CASCADE`;
  await sql`CREATE TABLE webhook_delivery_totals (
    organization_id text NOT NULL,
    webhook_id text NOT NULL,
    total ${sql.raw(bigint)} NOT NULL DEFAULT 0,
    CONSTRAINT webhook_delivery_totals_pk PRIMARY KEY (organization_id, webhook_id),
    ${webhookRef})`.execute(db);
  await sql`INSERT INTO webhook_delivery_totals (organization_id, webhook_id, total)
    SELECT w.organization_id, w.id,
      (SELECT count(*) FROM webhook_deliveries d
        WHERE d.organization_id = w.organization_id AND d.webhook_id = w.id AND d.attempt_count > 0)
    FROM webhooks w`.execute(db);

  // Keys that had every scope keep having every scope: events:read is new.
  await sql`UPDATE api_keys SET scopes = scopes || ' events:read'
    WHERE scopes = 'tickets:read tickets:write customers:read customers:write webhooks:read webhooks:write billing:read admin'`.execute(
    db,
  );
}
