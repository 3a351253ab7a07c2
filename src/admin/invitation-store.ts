import type { Executor } from '../db/database.js';
import type { InvitationTable } from './admin-tables.js';
import type { InvitationStatus } from './invitation-schemas.js';

export type InvitationRow = InvitationTable;

export function findInvitation(db: Executor, organizationId: string, id: string): Promise<InvitationRow | undefined> {
  return db.selectFrom('invitations').selectAll().where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst();
}

/** A pending invitation for the email that has not expired at `now`, if any. */
export function findOpenInvitation(db: Executor, organizationId: string, emailKey: string, now: number) {
  return db
    .selectFrom('invitations')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('email_key', '=', emailKey)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

// "expired" is not stored: it is a pending invitation whose expiry has passed.
function filtered(db: Executor, organizationId: string, status: InvitationStatus | undefined, now: number) {
  let q = db.selectFrom('invitations').where('organization_id', '=', organizationId);
  if (status === 'pending') q = q.where('status', '=', 'pending').where('expires_at', '>', now);
  else if (status === 'expired') q = q.where('status', '=', 'pending').where('expires_at', '<=', now);
  else if (status) q = q.where('status', '=', status);
  return q;
}

export function listInvitations(db: Executor, organizationId: string, status: InvitationStatus | undefined, now: number, limit: number, offset: number) {
  return filtered(db, organizationId, status, now)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countInvitations(db: Executor, organizationId: string, status: InvitationStatus | undefined, now: number) {
  const row = await filtered(db, organizationId, status, now)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertInvitation(db: Executor, row: InvitationRow): Promise<void> {
  await db.insertInto('invitations').values(row).execute();
}

export async function updateInvitation(
  db: Executor,
  organizationId: string,
  id: string,
  changes: Partial<Omit<InvitationRow, 'id' | 'organization_id' | 'email' | 'email_key' | 'created_at'>>,
): Promise<void> {
  await db.updateTable('invitations').set(changes).where('organization_id', '=', organizationId).where('id', '=', id).execute();
}

export async function deleteInvitation(db: Executor, organizationId: string, id: string): Promise<void> {
  await db.deleteFrom('invitations').where('organization_id', '=', organizationId).where('id', '=', id).execute();
}
