import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from '../migrator.js';

// A queued delivery is no longer in the history index, and deliveries no longer reference their
// webhook through a foreign key (both made a ticket create with webhooks dearer).
//
// Every create queues one delivery per subscribed webhook, and the history index (webhook first)
// put each of them at its own webhook's place in the index: with 10 webhooks, 10 leaf pages written
// per create. On SQLite that was 450-550 of the ~800 µs the 10-row insert and its commit cost the
// event loop (a loop of such inserts on the bench's 10k database: 740-910 µs per create with the full
// index, 300-345 µs with this one); on PostgreSQL about a fifth of the database's CPU for the insert.
// The history only lists attempted deliveries and prunes finished ones, so the index now holds just
// those (attempt_count > 0 OR next_attempt_at IS NULL): a delivery enters it when the worker records
// its first attempt, a batch at a time.
//
// The foreign key's cascade needed an index that leads with webhook_id over every row, the very
// index that cost the writes, so it goes too: deleting a webhook deletes its deliveries itself, through
// this index and the queue index, which together hold every row (webhook-store.ts, deleteWebhook).
// On PostgreSQL it also saves one referential-integrity query per delivery inserted.

/** Rows in the history index: attempted at least once, or no longer queued (delivery-store.ts states it in the same words). */
const HISTORY_MEMBERS = 'attempt_count > 0 OR next_attempt_at IS NULL';

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  const history = sql.raw(`CREATE INDEX webhook_deliveries_history_idx ON webhook_deliveries
    ${dialect === 'postgres' ? '(organization_id, webhook_id, created_at, id)' : '(webhook_id, created_at, id)'} WHERE ${HISTORY_MEMBERS}`);
  if (dialect === 'postgres') {
    await sql`ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_webhook_fk`.execute(db);
    await sql`DROP INDEX webhook_deliveries_history_idx`.execute(db);
    await history.execute(db);
    return;
  }
  // SQLite cannot drop a foreign key: the table is rebuilt without it (same columns, same order).
  await sql`CREATE TABLE webhook_deliveries_rebuilt (
    id text PRIMARY KEY,
    organization_id text NOT NULL,
    webhook_id text NOT NULL,
    event text NOT NULL,
    body text NOT NULL,
    status text,
    status_code integer,
    attempt_count integer DEFAULT 0 NOT NULL,
    next_attempt_at integer,
    lease_until integer,
    lease_token text,
    created_at integer NOT NULL,
    completed_at integer,
    event_id text)`.execute(db);
  await sql`INSERT INTO webhook_deliveries_rebuilt
    SELECT id, organization_id, webhook_id, event, body, status, status_code, attempt_count, next_attempt_at,
           lease_until, lease_token, created_at, completed_at, event_id
      FROM webhook_deliveries`.execute(db);
  await sql`DROP TABLE webhook_deliveries`.execute(db);
  await sql`ALTER TABLE webhook_deliveries_rebuilt RENAME TO webhook_deliveries`.execute(db);
  await sql`CREATE INDEX webhook_deliveries_queue_idx ON webhook_deliveries (organization_id, next_attempt_at)
    WHERE next_attempt_at IS NOT NULL`.execute(db);
  await history.execute(db);
}
