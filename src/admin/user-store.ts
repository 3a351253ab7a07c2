import { isUniqueViolation, type Executor } from '../db/database.js';
import type { UserTable } from './admin-tables.js';
import { emailKey } from '../shared/ids.js';

export type UserRow = UserTable;

export { emailKey };

/** Which unique rule an insert/update of a user broke: its id or its email; null if neither. */
export function userConflict(err: unknown): 'id' | 'email' | null {
  if (!isUniqueViolation(err)) return null;
  const e = err as { code?: string; constraint?: string; message?: string };
  if (e.constraint === 'users_pk' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return 'id';
  if (e.constraint === 'users_email_uq' || /users\.email_key/.test(e.message ?? '')) return 'email';
  return null;
}

export function findUser(db: Executor, organizationId: string, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: Executor, organizationId: string, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('email_key', '=', emailKey(email))
    .executeTakeFirst();
}

/** The ids among `ids` that are not users of the organization. */
export async function unknownUserIds(db: Executor, organizationId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await db
    .selectFrom('users')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('id', 'in', ids)
    .execute();
  const known = new Set(found.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

export async function insertUser(db: Executor, row: UserRow): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

export async function listUsers(db: Executor, organizationId: string, filter: { role?: string }, limit: number, offset: number) {
  let q = db.selectFrom('users').selectAll().where('organization_id', '=', organizationId);
  if (filter.role) q = q.where('role', '=', filter.role);
  return q.orderBy('created_at', 'asc').orderBy('id', 'asc').limit(limit).offset(offset).execute();
}

export async function countUsers(db: Executor, organizationId: string, filter: { role?: string }): Promise<number> {
  let q = db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('organization_id', '=', organizationId);
  if (filter.role) q = q.where('role', '=', filter.role);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

export async function updateUser(
  db: Executor,
  organizationId: string,
  id: string,
  changes: Partial<Pick<UserRow, 'name' | 'email' | 'email_key' | 'role'>> & { updated_at: number },
): Promise<void> {
  await db.updateTable('users').set(changes).where('organization_id', '=', organizationId).where('id', '=', id).execute();
}

/**
 * Deletes a user. tickets.assignee_id has no foreign key (user ids are only unique per
 * organization), so the user's tickets are unassigned here, in the caller's transaction; team
 * memberships go with the user by their foreign key.
 */
export async function deleteUser(db: Executor, organizationId: string, id: string): Promise<void> {
  await db
    .updateTable('tickets')
    .set({ assignee_id: null })
    .where('organization_id', '=', organizationId)
    .where('assignee_id', '=', id)
    .execute();
  await db.deleteFrom('users').where('organization_id', '=', organizationId).where('id', '=', id).execute();
}
