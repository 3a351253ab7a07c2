import type { TenantDb } from '../db/database.js';
import type { AttachmentTable } from './attachment-tables.js';

// Data access of stored files' rows, on the organization-scoped handle (every statement confined to
// the organization: another organization's id is simply not found).

export type AttachmentRow = Omit<AttachmentTable, 'organization_id'>;

/** Inserts the rows; a row whose (message, position) is already stored is left as it is. */
export async function insertAttachments(t: TenantDb, rows: readonly AttachmentRow[]): Promise<void> {
  if (rows.length === 0) return;
  await t
    .insertInto('attachments', [...rows])
    // No conflict target: the natural key is (organization_id, message_id, position) on PostgreSQL and
    // (message_id, position) on SQLite (message ids are unique there); the primary key is a fresh id.
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function findAttachment(t: TenantDb, id: string): Promise<AttachmentRow | undefined> {
  const row = await t
    .selectFrom('attachments')
    .select([
      'id',
      'message_id',
      'ticket_id',
      'position',
      'filename',
      'content_type',
      'size',
      'storage_key',
      'created_at',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { ...row, position: Number(row.position), size: Number(row.size), created_at: Number(row.created_at) };
}
