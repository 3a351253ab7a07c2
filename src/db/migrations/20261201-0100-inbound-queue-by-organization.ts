import { sql, type Kysely } from 'kysely';

// The received-mail queue read inside one organization: the processor's claim (an organization's queued
// messages in the order received). The global due index (received_at, queued rows only) serves the read
// across organizations; without an index leading with organization_id the claim read the organization's
// whole stored mail (its primary key), growing with every message kept. Partial on both engines: only
// queued rows, so the index stays as small as the queue.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX inbound_emails_org_queued_idx ON inbound_emails (organization_id, received_at)
    WHERE state = 'queued'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX inbound_emails_org_queued_idx`.execute(db);
}
