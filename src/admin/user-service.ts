import type { Static } from 'typebox';
import { assertSeatAvailable } from '../billing/plan-limits.js';
import { lockKey, type DatabaseHandle, type Dialect, type Executor } from '../db/database.js';
import { findOpenInvitation } from './invitation-store.js';
import { iso, type Clock } from '../shared/clock.js';
import { conflict, notFound } from '../shared/errors.js';
import { newId } from '../shared/ids.js';
import { offsetOf, paginationMeta, type PageQuery } from '../shared/pagination.js';
import type { Role } from './admin-schemas.js';
import type { CreateUserBody, UpdateUserBody, User } from './user-schemas.js';
import { unassignUserTickets } from '../tickets/ticket-detach.js';
import * as store from './user-store.js';

export type UserView = Static<typeof User>;

export function toUserView(row: store.UserRow): UserView {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role as Role,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

const idTaken = () => conflict('a user with this id already exists in the organization', 'id');
const emailTaken = () => conflict('a user with this email already exists in the organization', 'email');

/** Maps a unique violation raised by a concurrent writer to the same 409 the pre-checks give. */
export function rethrowUserConflict(err: unknown): never {
  const field = store.userConflict(err);
  if (field === 'id') throw idTaken();
  if (field === 'email') throw emailTaken();
  throw err;
}

/** Refuses an id or email already used by a user of the organization (409). */
export async function assertUserAvailable(trx: Executor, organizationId: string, input: { id?: string; email: string }): Promise<void> {
  if (input.id !== undefined && (await store.findUser(trx, organizationId, input.id))) throw idTaken();
  if (await store.findUserByEmail(trx, organizationId, input.email)) throw emailTaken();
}

/**
 * Inserts a staff user in the caller's transaction. The caller has run assertUserAvailable and its
 * seat check (creating a user takes a seat, accepting an invitation converts one); a concurrent
 * writer can still win, and its unique violation is mapped by rethrowUserConflict.
 */
export async function insertNewUser(
  trx: Executor,
  organizationId: string,
  input: { id?: string; name: string; email: string; role: Role },
  now: number,
): Promise<store.UserRow> {
  const row: store.UserRow = {
    organization_id: organizationId,
    id: input.id ?? newId(),
    name: input.name.trim(),
    email: input.email.trim(),
    email_key: store.emailKey(input.email),
    role: input.role,
    created_at: now,
    updated_at: now,
  };
  await store.insertUser(trx, row);
  return row;
}

/**
 * A pending invitation reserves its email: a user created (or renamed) to that address directly would
 * take a second seat and leave the invitation unusable. Takes the same lock as invitation creation.
 */
async function assertNotInvited(trx: Executor, dialect: Dialect, organizationId: string, email: string, now: number) {
  const key = store.emailKey(email);
  await lockKey(trx, dialect, `invitations:${organizationId}:${key}`);
  if (await findOpenInvitation(trx, organizationId, key, now)) {
    throw conflict('this email has a pending invitation: accept or revoke it instead', 'email');
  }
}

export function createUserService(deps: { database: DatabaseHandle; clock: Clock }) {
  const { database, clock } = deps;

  async function load(db: Executor, organizationId: string, id: string): Promise<store.UserRow> {
    const row = await store.findUser(db, organizationId, id);
    if (!row) throw notFound('user');
    return row;
  }

  return {
    async create(organizationId: string, input: Static<typeof CreateUserBody>): Promise<UserView> {
      const now = clock();
      const row = await database
        .transaction(async (trx) => {
          // Conflicts first (the more specific answer), then the seat check, which locks the plan.
          await assertUserAvailable(trx, organizationId, input);
          await assertNotInvited(trx, database.dialect, organizationId, input.email, now);
          await assertSeatAvailable(trx, database.dialect, organizationId, now);
          return insertNewUser(trx, organizationId, { ...input, role: input.role ?? 'agent' }, now);
        })
        .catch(rethrowUserConflict);
      return toUserView(row);
    },

    async get(organizationId: string, id: string): Promise<UserView> {
      return toUserView(await load(database.db, organizationId, id));
    },

    async list(organizationId: string, query: PageQuery & { role?: Role }) {
      const filter = { role: query.role };
      const [rows, total] = await Promise.all([
        store.listUsers(database.db, organizationId, filter, query.limit, offsetOf(query)),
        store.countUsers(database.db, organizationId, filter),
      ]);
      return { data: rows.map(toUserView), meta: paginationMeta(query, total) };
    },

    async update(organizationId: string, id: string, input: Static<typeof UpdateUserBody>): Promise<UserView> {
      const row = await database
        .transaction(async (trx) => {
          const current = await load(trx, organizationId, id);
          const changes: Parameters<typeof store.updateUser>[3] = { updated_at: clock() };
          if (input.name !== undefined) changes.name = input.name.trim();
          if (input.role !== undefined) changes.role = input.role;
          if (input.email !== undefined) {
            const other = await store.findUserByEmail(trx, organizationId, input.email);
            if (other && other.id !== id) throw emailTaken();
            if (store.emailKey(input.email) !== current.email_key) {
              await assertNotInvited(trx, database.dialect, organizationId, input.email, changes.updated_at);
            }
            changes.email = input.email.trim();
            changes.email_key = store.emailKey(input.email);
          }
          await store.updateUser(trx, organizationId, id, changes);
          return { ...current, ...changes };
        })
        .catch(rethrowUserConflict);
      return toUserView(row);
    },

    /** Deletes the user; tickets assigned to them stay, unassigned (each with a ticket.updated event). */
    async remove(organizationId: string, id: string): Promise<void> {
      await database.transaction(async (trx) => {
        await load(trx, organizationId, id);
        await unassignUserTickets(trx, database.dialect, organizationId, id, clock());
        await store.deleteUser(trx, organizationId, id);
      });
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
