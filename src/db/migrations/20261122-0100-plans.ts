import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from '../migrator.js';

// Plans and usage: per-organization limits, the monthly ticket usage counter, staff invitations and
// the AI-credit ledger. A missing plan row means the default plan (everything unlimited, 0 credits).

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  const bigint = dialect === 'postgres' ? 'bigint' : 'integer';

  await db.schema
    .createTable('plans')
    .addColumn('organization_id', 'text', (c) => c.primaryKey().references('organizations.id').onDelete('cascade'))
    .addColumn('tickets_limit', bigint)
    .addColumn('seats_limit', bigint)
    .addColumn('webhooks_limit', bigint)
    .addColumn('ai_credits_included', bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();

  // Tickets created per 15-minute UTC bucket. Usage is "created this month", so deleting a ticket
  // must not lower it: this counter only ever grows. 15 minutes divides every current UTC offset,
  // so the buckets of any calendar month in any configured time zone are an exact range.
  await db.schema
    .createTable('ticket_usage')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('bucket', bigint, (c) => c.notNull())
    .addColumn('count', bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('ticket_usage_pk', ['organization_id', 'bucket'])
    .execute();

  await db.schema
    .createTable('invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull()) // pending | accepted | revoked; "expired" is derived
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('accepted_at', bigint)
    .addColumn('revoked_at', bigint)
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('invitations_org_idx')
    .on('invitations')
    .columns(['organization_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('invitations_pending_idx')
    .on('invitations')
    .columns(['organization_id', 'email_key', 'expires_at'])
    .where(sql.ref('status'), '=', 'pending')
    .execute();

  await db.schema
    .createTable('ai_credit_ledger')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull()) // purchase | consume
    .addColumn('amount', bigint, (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ai_credit_ledger_org_idx')
    .on('ai_credit_ledger')
    .columns(['organization_id', 'kind', 'created_at'])
    .execute();
}
