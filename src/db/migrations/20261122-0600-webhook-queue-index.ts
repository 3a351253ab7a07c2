import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from '../migrator.js';

// The delivery queue's partial index leads with organization_id. The worker's
// statements are then all served by it: the claim, within one organization, reads that
// organization's due rows in next_attempt_at order; the discovery of organizations with due rows
// reads the queued rows only (the index holds nothing else), never the delivery history. It replaces
// webhook_deliveries_due_idx, the last index that did not lead with organization_id.

export async function up(db: Kysely<any>, _dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createIndex('webhook_deliveries_queue_idx')
    .on('webhook_deliveries')
    .columns(['organization_id', 'next_attempt_at'])
    .where(sql.ref('next_attempt_at'), 'is not', null)
    .execute();
  await db.schema.dropIndex('webhook_deliveries_due_idx').execute();
}
