import type { Static } from 'typebox';
import type { QuotaService } from '../billing/quota-service.js';
import { rerunTransaction, type DatabaseHandle, type TenantDb } from '../db/database.js';
import { checkPrecondition } from '../db/row-lock.js';
import type { Precondition } from '../shared/precondition.js';
import { iso, type Clock } from '../shared/clock.js';
import { conflict, notFound } from '../shared/errors.js';
import { newId } from '../shared/ids.js';
import { offsetOf, paginationMeta, type PageQuery } from '../shared/pagination.js';
import type { TicketDetacher } from '../tickets/ticket-detacher.js';
import type { Role } from './admin-schemas.js';
import { findOpenInvitation } from './invitation-store.js';
import type { CreateUserBody, UpdateUserBody, User } from './user-schemas.js';
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

/** The advisory lock key of an email's invitations: invitation creation and user writes take it. */
export const invitationLockKey = (t: TenantDb, emailKey: string): string =>
  `invitations:${t.organizationId}:${emailKey}`;

/** Refuses an id or email already used by a user of the organization (409). */
async function assertUserAvailable(t: TenantDb, input: { id?: string; email: string }): Promise<void> {
  if (input.id !== undefined && (await store.findUser(t, input.id))) throw idTaken();
  if (await store.findUserByEmail(t, input.email)) throw emailTaken();
}

/**
 * Inserts a staff user in the caller's transaction. The caller has run assertUserAvailable and its
 * seat check (creating a user takes a seat, accepting an invitation converts one); a concurrent
 * writer can still win, and its unique violation is mapped by rethrowUserConflict.
 */
async function insertNewUser(
  t: TenantDb,
  input: { id?: string; name: string; email: string; role: Role },
  now: number,
): Promise<store.UserRow> {
  const row: store.NewUser = {
    id: input.id ?? newId(),
    name: input.name.trim(),
    email: input.email.trim(),
    email_key: store.emailKey(input.email),
    role: input.role,
    created_at: now,
    updated_at: now,
  };
  await store.insertUser(t, row);
  return { ...row, organization_id: t.organizationId };
}

/**
 * A pending invitation reserves its email: a user created (or renamed) to that address directly would
 * take a second seat and leave the invitation unusable. Takes the same lock as invitation creation.
 */
async function assertNotInvited(t: TenantDb, email: string, now: number): Promise<void> {
  const key = store.emailKey(email);
  await t.lockKey(invitationLockKey(t, key));
  if (await findOpenInvitation(t, key, now)) {
    throw conflict('this email has a pending invitation: accept or revoke it instead', 'email');
  }
}

export interface UserServiceDeps {
  database: DatabaseHandle;
  clock: Clock;
  /** Deleting a user unassigns their tickets (tickets domain), in the deleting transaction. */
  tickets: Pick<TicketDetacher, 'unassignUser' | 'hasAssigned'>;
  /** Creating a user takes a seat of the plan (billing domain), checked in the creating transaction. */
  quota: Pick<QuotaService, 'assertSeatAvailable'>;
}

export function createUserService({ database, clock, tickets, quota }: UserServiceDeps) {
  async function load(t: TenantDb, id: string): Promise<store.UserRow> {
    const row = await store.findUser(t, id);
    if (!row) throw notFound('user');
    return row;
  }

  return {
    async create(organizationId: string, input: Static<typeof CreateUserBody>): Promise<UserView> {
      const now = clock();
      // The view is the transaction's result: an idempotent request stores it with the row, in the same transaction.
      return database
        .forOrganization(organizationId)
        .transaction(async (t) => {
          // Conflicts first (the more specific answer), then the seat check, which locks the plan.
          await assertUserAvailable(t, input);
          await assertNotInvited(t, input.email, now);
          await quota.assertSeatAvailable(t, now);
          return toUserView(await insertNewUser(t, { ...input, role: input.role ?? 'agent' }, now));
        })
        .catch(rethrowUserConflict);
    },

    async get(organizationId: string, id: string): Promise<UserView> {
      return toUserView(await load(database.forOrganization(organizationId), id));
    },

    async list(organizationId: string, query: PageQuery & { role?: Role }) {
      const t = database.forOrganization(organizationId);
      const filter = { role: query.role };
      const [rows, total] = await Promise.all([
        store.listUsers(t, filter, query.limit, offsetOf(query)),
        store.countUsers(t, filter),
      ]);
      return { data: rows.map(toUserView), meta: paginationMeta(query, total) };
    },

    async update(
      organizationId: string,
      id: string,
      input: Static<typeof UpdateUserBody>,
      precondition?: Precondition<UserView>,
    ): Promise<UserView> {
      const row = await database
        .forOrganization(organizationId)
        .transaction(async (t) => {
          const current = await load(t, id);
          await checkPrecondition(t, 'users', current.id, precondition, async () => toUserView(await load(t, id)));
          const changes: store.UserChanges = { updated_at: clock() };
          if (input.name !== undefined) changes.name = input.name.trim();
          if (input.role !== undefined) changes.role = input.role;
          if (input.email !== undefined) {
            const other = await store.findUserByEmail(t, input.email);
            if (other && other.id !== id) throw emailTaken();
            if (store.emailKey(input.email) !== current.email_key) {
              await assertNotInvited(t, input.email, changes.updated_at);
            }
            changes.email = input.email.trim();
            changes.email_key = store.emailKey(input.email);
          }
          await store.updateUser(t, id, changes);
          return { ...current, ...changes };
        })
        .catch(rethrowUserConflict);
      return toUserView(row);
    },

    /** Deletes the user; tickets assigned to them stay, unassigned (each with a ticket.updated event). */
    async remove(organizationId: string, id: string, precondition?: Precondition<UserView>): Promise<void> {
      await database.forOrganization(organizationId).transaction(async (t) => {
        if (!(await store.findUser(t, id))) throw notFound('user');
        // The user's tickets first (the event log's per-ticket order: tickets/ticket-store.ts
        // ticketEventLock), then the user, which waits for a concurrent assignment to commit: one
        // that did meanwhile makes the deletion run again. If-Match is judged under the user's lock;
        // a 412 rolls the unassignments back with everything else.
        await tickets.unassignUser(t, id, clock());
        if (!(await store.lockUser(t, id))) throw notFound('user');
        await checkPrecondition(t, 'users', id, precondition, async () => toUserView(await load(t, id)));
        if (t.rowLocks && (await tickets.hasAssigned(t, id)))
          throw rerunTransaction('user assigned during its deletion');
        await store.deleteUser(t, id);
      });
    },

    /** For invitations, in their transaction: refuses an id or email a user of the organization has (409). */
    assertAvailable: (t: TenantDb, input: { id?: string; email: string }): Promise<void> =>
      assertUserAvailable(t, input),

    /** For invitations, in their transaction, after assertAvailable and the seat check: inserts the user. */
    insert: (
      t: TenantDb,
      input: { id?: string; name: string; email: string; role: Role },
      now: number,
    ): Promise<store.UserRow> => insertNewUser(t, input, now),
  };
}

export type UserService = ReturnType<typeof createUserService>;
