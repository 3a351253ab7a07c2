import type { Static } from 'typebox';
import type { QuotaService } from '../billing/quota-service.js';
import type { DatabaseHandle, TenantDb } from '../db/database.js';
import { checkPrecondition } from '../db/row-lock.js';
import type { Precondition } from '../shared/precondition.js';
import { iso, isoOrNull, type Clock } from '../shared/clock.js';
import { AppError, conflict, notFound, validationError } from '../shared/errors.js';
import { newId, pathUuid } from '../shared/ids.js';
import { offsetOf, paginationMeta, type PageQuery } from '../shared/pagination.js';
import type { Role } from './admin-schemas.js';
import type {
  AcceptInvitationBody,
  CreateInvitationBody,
  Invitation,
  InvitationStatus,
  UpdateInvitationBody,
} from './invitation-schemas.js';
import * as store from './invitation-store.js';
import { invitationLockKey, rethrowUserConflict, toUserView, type UserService, type UserView } from './user-service.js';
import type { UserRow } from './user-store.js';
import { emailKey } from './user-store.js';

export type InvitationView = Static<typeof Invitation>;

export function statusOf(row: store.InvitationRow, now: number): InvitationStatus {
  if (row.status === 'pending' && row.expires_at <= now) return 'expired';
  return row.status as InvitationStatus;
}

export function toInvitationView(row: store.InvitationRow, now: number): InvitationView {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role as Role,
    status: statusOf(row, now),
    expires_at: iso(row.expires_at),
    user_id: row.user_id,
    accepted_at: isoOrNull(row.accepted_at),
    revoked_at: isoOrNull(row.revoked_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** An invitation that is no longer pending cannot be accepted or changed: 409, naming its state. */
const notPending = (status: InvitationStatus) =>
  new AppError(409, 'conflict', `the invitation is ${status}, not pending`, [{ field: 'status', issue: status }]);

/** An invitation's lifetime unless expires_at is given: a rule of the service, kept out of its HTTP schemas (see tag-service.ts). */
const DEFAULT_INVITATION_TTL_MS = 7 * 24 * 3_600_000;

function expiryOf(raw: string | undefined, now: number): number {
  if (raw === undefined) return now + DEFAULT_INVITATION_TTL_MS;
  const at = Date.parse(raw);
  if (!(at > now)) throw validationError('expires_at must be in the future', 'expires_at', 'out_of_range');
  return at;
}

export interface InvitationServiceDeps {
  database: DatabaseHandle;
  clock: Clock;
  /** A pending invitation takes a seat of the plan (billing domain), checked in the writing transaction. */
  quota: Pick<QuotaService, 'assertSeatAvailable'>;
  /** Accepting creates the staff user; creating refuses an email a user already has. */
  users: Pick<UserService, 'assertAvailable' | 'insert'>;
  /**
   * Issues the invitation's single-use accept link (staff sign-in domain), in the creating transaction,
   * valid until the invitation expires; only its hash is stored. Without it, no accept_url is answered.
   */
  links?: { issueInvitationLink(t: TenantDb, invitationId: string, expiresAt: number, now: number): Promise<string> };
}

export function createInvitationService({ database, clock, quota, users, links }: InvitationServiceDeps) {
  async function load(t: TenantDb, id: string): Promise<store.InvitationRow> {
    const row = await store.findInvitation(t, pathUuid(id, 'invitation'));
    if (!row) throw notFound('invitation');
    return row;
  }

  async function acceptIn(
    t: TenantDb,
    id: string,
    input: Static<typeof AcceptInvitationBody>,
    now: number,
  ): Promise<{ invitation: InvitationView; user: UserRow }> {
    const current = await load(t, id);
    const status = statusOf(current, now);
    if (status !== 'pending') throw notPending(status);
    await users.assertAvailable(t, { id: input.id, email: current.email });
    await quota.assertSeatAvailable(t, now, 1);
    const name = input.name?.trim() ?? current.name ?? current.email;
    const user = await users.insert(t, { id: input.id, name, email: current.email, role: current.role as Role }, now);
    const changes = { status: 'accepted', user_id: user.id, accepted_at: now, updated_at: now };
    await store.updateInvitation(t, current.id, changes);
    return { invitation: toInvitationView({ ...current, ...changes }, now), user };
  }

  return {
    /** Invites a future staff member; a pending invitation takes a seat until accepted, revoked or expired. */
    async create(
      organizationId: string,
      input: Static<typeof CreateInvitationBody>,
    ): Promise<InvitationView & { accept_url?: string }> {
      const now = clock();
      const row: store.NewInvitation = {
        id: newId(),
        email: input.email.trim(),
        email_key: emailKey(input.email),
        name: input.name?.trim() ?? null,
        role: input.role ?? 'agent',
        status: 'pending',
        expires_at: expiryOf(input.expires_at, now),
        user_id: null,
        accepted_at: null,
        revoked_at: null,
        created_at: now,
        updated_at: now,
      };
      // The view is the transaction's result: an idempotent request stores it with the row (platform.md §2).
      return database.forOrganization(organizationId).transaction(async (t) => {
        // Two invitations for one email created at once must not both pass the pending check.
        await t.lockKey(invitationLockKey(t, row.email_key));
        await users.assertAvailable(t, { email: row.email });
        if (await store.findOpenInvitation(t, row.email_key, now)) {
          throw conflict('a pending invitation for this email already exists', 'email');
        }
        await quota.assertSeatAvailable(t, now);
        await store.insertInvitation(t, row);
        const view = toInvitationView({ ...row, organization_id: organizationId }, now);
        if (!links) return view;
        // Answered here only: the link's token is never shown again.
        return { ...view, accept_url: await links.issueInvitationLink(t, row.id, row.expires_at, now) };
      });
    },

    async get(organizationId: string, id: string): Promise<InvitationView> {
      return toInvitationView(await load(database.forOrganization(organizationId), id), clock());
    },

    async list(organizationId: string, query: PageQuery & { status?: InvitationStatus }) {
      const t = database.forOrganization(organizationId);
      const now = clock();
      const [rows, total] = await Promise.all([
        store.listInvitations(t, query.status, now, query.limit, offsetOf(query)),
        store.countInvitations(t, query.status, now),
      ]);
      return { data: rows.map((r) => toInvitationView(r, now)), meta: paginationMeta(query, total) };
    },

    /** Changes a pending invitation (name, role, expiry); others are final. */
    async update(
      organizationId: string,
      id: string,
      input: Static<typeof UpdateInvitationBody>,
      precondition?: Precondition<InvitationView>,
    ): Promise<InvitationView> {
      const now = clock();
      return database.forOrganization(organizationId).transaction(async (t) => {
        const current = await load(t, id);
        await checkPrecondition(t, 'invitations', current.id, precondition, async () =>
          toInvitationView(await load(t, id), now),
        );
        const status = statusOf(current, now);
        if (status !== 'pending') throw notPending(status);
        const changes: store.InvitationChanges = { updated_at: now };
        if (input.name !== undefined) changes.name = input.name === null ? null : input.name.trim();
        if (input.role !== undefined) changes.role = input.role;
        if (input.expires_at !== undefined) changes.expires_at = expiryOf(input.expires_at, now);
        await store.updateInvitation(t, current.id, changes);
        return toInvitationView({ ...current, ...changes }, now);
      });
    },

    /** Creates the staff user of a pending invitation; its seat becomes the user's. */
    async accept(
      organizationId: string,
      id: string,
      input: Static<typeof AcceptInvitationBody>,
    ): Promise<{ invitation: InvitationView; user: UserView }> {
      const now = clock();
      return database
        .forOrganization(organizationId)
        .transaction(async (t) => {
          const { invitation, user } = await acceptIn(t, id, input, now);
          return { invitation, user: toUserView(user) };
        })
        .catch(rethrowUserConflict);
    },

    /** accept, in the caller's transaction (a staff member accepting with a password): answers the new user. */
    acceptIn: (t: TenantDb, id: string, name: string, now: number): Promise<UserRow> =>
      acceptIn(t, id, { name }, now)
        .then((accepted) => accepted.user)
        .catch(rethrowUserConflict),

    /** Revokes a pending (or expired) invitation; revoking twice is harmless, an accepted one is a 409. */
    async revoke(organizationId: string, id: string): Promise<InvitationView> {
      const now = clock();
      return database.forOrganization(organizationId).transaction(async (t) => {
        const current = await load(t, id);
        if (current.status === 'accepted') throw notPending('accepted');
        if (current.status === 'revoked') return toInvitationView(current, now);
        const changes = { status: 'revoked', revoked_at: now, updated_at: now };
        await store.updateInvitation(t, current.id, changes);
        return toInvitationView({ ...current, ...changes }, now);
      });
    },

    /** Removes the invitation record whatever its state (a pending one frees its seat). */
    async remove(organizationId: string, id: string, precondition?: Precondition<InvitationView>): Promise<void> {
      await database.forOrganization(organizationId).transaction(async (t) => {
        const row = await load(t, id);
        await checkPrecondition(t, 'invitations', row.id, precondition, async () =>
          toInvitationView(await load(t, id), clock()),
        );
        await store.deleteInvitation(t, row.id);
      });
    },
  };
}

export type InvitationService = ReturnType<typeof createInvitationService>;
