import type { TenantDb } from '../db/database.js';
import type { InvitationTable } from './admin-tables.js';
import type { InvitationStatus } from './invitation-schemas.js';

// Data access of invitations, on the organization-scoped handle the caller runs in.

export type InvitationRow = InvitationTable;
export type NewInvitation = Omit<InvitationRow, 'organization_id'>;
export type InvitationChanges = Partial<
  Omit<InvitationRow, 'id' | 'organization_id' | 'email' | 'email_key' | 'created_at'>
>;

export function findInvitation(t: TenantDb, id: string): Promise<InvitationRow | undefined> {
  return t.selectFrom('invitations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A pending invitation for the email that has not expired at `now`, if any. */
export function findOpenInvitation(t: TenantDb, emailKey: string, now: number) {
  return t
    .selectFrom('invitations')
    .select('id')
    .where('email_key', '=', emailKey)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

// "expired" is not stored: it is a pending invitation whose expiry has passed.
function filtered(t: TenantDb, status: InvitationStatus | undefined, now: number) {
  let q = t.selectFrom('invitations');
  if (status === 'pending') q = q.where('status', '=', 'pending').where('expires_at', '>', now);
  else if (status === 'expired') q = q.where('status', '=', 'pending').where('expires_at', '<=', now);
  else if (status) q = q.where('status', '=', status);
  return q;
}

export function listInvitations(
  t: TenantDb,
  status: InvitationStatus | undefined,
  now: number,
  limit: number,
  offset: number,
) {
  return filtered(t, status, now)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countInvitations(t: TenantDb, status: InvitationStatus | undefined, now: number) {
  const row = await filtered(t, status, now)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertInvitation(t: TenantDb, row: NewInvitation): Promise<void> {
  await t.insertInto('invitations', row).execute();
}

export async function updateInvitation(t: TenantDb, id: string, changes: InvitationChanges): Promise<void> {
  await t.updateTable('invitations').set(changes).where('id', '=', id).execute();
}

export async function deleteInvitation(t: TenantDb, id: string): Promise<void> {
  await t.deleteFrom('invitations').where('id', '=', id).execute();
}
