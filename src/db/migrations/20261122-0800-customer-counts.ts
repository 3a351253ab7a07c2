import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from '../migrator.js';

// The organization's customer total moves out of organization_counters into a row of its own.
// organization_counters.ticket_seq is taken by every ticket create in a statement that commits at
// once (shared rows must not be held through whole transactions); customer_count is changed
// inside the transactions that create or delete customers and so stays locked until their commit.
// Sharing one row, every create that made a customer blocked every other create's ticket number.

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  const bigint = dialect === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('customer_counts')
    .addColumn('organization_id', 'text', (c) => c.primaryKey().references('organizations.id').onDelete('cascade'))
    .addColumn('count', bigint, (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`INSERT INTO customer_counts (organization_id, count) SELECT organization_id, customer_count FROM organization_counters`.execute(
    db,
  );
  await db.schema.alterTable('organization_counters').dropColumn('customer_count').execute();
}
