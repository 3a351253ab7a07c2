import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from '../migrator.js';

// Webhook subscriptions and their outbox of deliveries. A delivery row is both the queue entry
// (next_attempt_at, lease) and the history record (status, attempt_count, completed_at).

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  const bigint = dialect === 'postgres' ? 'bigint' : 'integer';

  await db.schema
    .createTable('webhooks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull()) // JSON array of event types
    .addColumn('is_active', 'integer', (c) => c.notNull())
    // Failed attempts since the last success: the circuit breaker opens at 10.
    .addColumn('failure_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_delivery_at', bigint)
    .addColumn('last_delivery_status', 'text')
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhooks_org_idx').on('webhooks').columns(['organization_id', 'created_at']).execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull())
    // Deleting a webhook deletes its queue entries: no further attempts, queued ones included.
    .addColumn('webhook_id', 'text', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull()) // serialized once: every attempt is byte-identical
    .addColumn('status', 'text')
    .addColumn('status_code', 'integer')
    .addColumn('attempt_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', bigint)
    .addColumn('lease_until', bigint)
    .addColumn('lease_token', 'text')
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('completed_at', bigint)
    .execute();
  // The queue: only rows still due for an attempt are indexed, so it stays small however long the history.
  await db.schema
    .createIndex('webhook_deliveries_due_idx')
    .on('webhook_deliveries')
    .column('next_attempt_at')
    .where(sql.ref('next_attempt_at'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_history_idx')
    .on('webhook_deliveries')
    .columns(['webhook_id', 'created_at', 'id'])
    .execute();
}
