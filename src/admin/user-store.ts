import { isUniqueViolation, type TenantDb } from '../db/database.js';
import type { UserTable } from './admin-tables.js';
import { emailKey } from '../shared/ids.js';

// Data access of staff users, on the organization-scoped handle the caller runs in.

export type UserRow = UserTable;
export type NewUser = Omit<UserRow, 'organization_id'>;
export type UserChanges = Partial<Pick<UserRow, 'name' | 'email' | 'email_key' | 'role'>> & { updated_at: number };

export { emailKey };

// A unique violation is told apart by what survives renaming, not by exact constraint names: a
// PostgreSQL partition reports its own (`users_p1_pkey`, `users_p1_organization_id_email_key_key`)
// and a Citus shard appends its shard id (`users_pk_102008`). So: the constraint's name as a prefix,
// or the key's columns on a table whose name starts with `users` (PostgreSQL's detail
// `Key (organization_id, email_key)=(…)` with the table in `table`; SQLite's message
// `UNIQUE constraint failed: users.organization_id, users.email_key`).
const USER_KEYS = [
  { field: 'id', constraint: 'users_pk', columns: ['organization_id', 'id'] },
  { field: 'email', constraint: 'users_email_uq', columns: ['organization_id', 'email_key'] },
] as const;
const USERS_TABLE = /^users(?:_|$)/;

/** The table and columns of the unique key a violation names, where the error says (either engine). */
function violatedKey(e: {
  table?: string;
  detail?: string;
  message?: string;
}): { table: string; columns: string[] } | null {
  const pg = /^Key \(([^)]*)\)=/.exec(e.detail ?? '');
  if (pg && e.table) return { table: e.table, columns: pg[1].split(',').map((c) => c.trim().replace(/^"|"$/g, '')) };
  const sqlite = /UNIQUE constraint failed: (.+)$/.exec(e.message ?? '');
  if (!sqlite) return null;
  const qualified = sqlite[1].split(',').map((c) => c.trim().split('.'));
  if (qualified.some((q) => q.length !== 2 || q[0] !== qualified[0][0])) return null;
  return { table: qualified[0][0], columns: qualified.map((q) => q[1]) };
}

const sameColumns = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((c) => b.includes(c));

/** Which unique rule an insert/update of a user broke: its id or its email; null if neither. */
export function userConflict(err: unknown): 'id' | 'email' | null {
  if (!isUniqueViolation(err)) return null;
  const e = err as { constraint?: string; table?: string; detail?: string; message?: string };
  const key = violatedKey(e);
  for (const rule of USER_KEYS) {
    if (e.constraint?.startsWith(rule.constraint)) return rule.field;
    if (key && USERS_TABLE.test(key.table) && sameColumns(key.columns, rule.columns)) return rule.field;
  }
  return null;
}

export function findUser(t: TenantDb, id: string): Promise<UserRow | undefined> {
  return t.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The user, locked until the transaction ends where rows lock: a deletion takes it first, so a
 * concurrent assignment (which share-locks the user it names, ticket-update.ts) either finishes before
 * the deletion detaches the user's tickets or finds the user gone.
 */
export function lockUser(t: TenantDb, id: string): Promise<UserRow | undefined> {
  return t
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .$if(t.rowLocks, (q) => q.forUpdate())
    .executeTakeFirst();
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

export async function listUsers(
  t: TenantDb,
  filter: { role?: string },
  limit: number,
  offset: number,
): Promise<UserRow[]> {
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
