import { isUniqueViolation, type TenantDb } from '../db/database.js';
import type { UserTable } from './admin-tables.js';
import { emailKey } from '../shared/ids.js';

// Data access of staff users, on the organization-scoped handle the caller runs in.

export type UserRow = UserTable;
export type NewUser = Omit<UserRow, 'organization_id'>;
export type UserChanges = Partial<Pick<UserRow, 'name' | 'email' | 'email_key' | 'role'>> & { updated_at: number };

export { emailKey };

/** Which unique rule an insert/update of a user broke: its id or its email; null if neither. */
export function userConflict(err: unknown): 'id' | 'email' | null {
  if (!isUniqueViolation(err)) return null;
  const e = err as { code?: string; constraint?: string; message?: string };
  if (e.constraint === 'users_pk' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return 'id';
  if (e.constraint === 'users_email_uq' || /users\.email_key/.test(e.message ?? '')) return 'email';
  return null;
}

export function findUser(t: TenantDb, id: string): Promise<UserRow | undefined> {
  return t.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(t: TenantDb, email: string): Promise<UserRow | undefined> {
  return t.selectFrom('users').selectAll().where('email_key', '=', emailKey(email)).executeTakeFirst();
}

/** The ids among `ids` that are not users of the organization. */
export async function unknownUserIds(t: TenantDb, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await t.selectFrom('users').select('id').where('id', 'in', ids).execute();
  const known = new Set(found.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

export async function insertUser(t: TenantDb, row: NewUser): Promise<void> {
  await t.insertInto('users', row).execute();
}

export async function listUsers(t: TenantDb, filter: { role?: string }, limit: number, offset: number): Promise<UserRow[]> {
  let q = t.selectFrom('users').selectAll();
  if (filter.role) q = q.where('role', '=', filter.role);
  return q.orderBy('created_at', 'asc').orderBy('id', 'asc').limit(limit).offset(offset).execute();
}

export async function countUsers(t: TenantDb, filter: { role?: string }): Promise<number> {
  let q = t.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n'));
  if (filter.role) q = q.where('role', '=', filter.role);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

export async function updateUser(t: TenantDb, id: string, changes: UserChanges): Promise<void> {
  await t.updateTable('users').set(changes).where('id', '=', id).execute();
}

/**
 * Deletes a user; team memberships go with the user by their foreign key. tickets.assignee_id has
 * no foreign key (user ids are only unique per organization): the caller unassigns the user's
 * tickets first, in the same transaction (the tickets domain's detacher).
 */
export async function deleteUser(t: TenantDb, id: string): Promise<void> {
  await t.deleteFrom('users').where('id', '=', id).execute();
}
