import type { UserTable as UserRow } from '../admin/admin-tables.js';
import type { Role } from '../admin/admin-schemas.js';
import type { QuotaService } from '../billing/quota-service.js';
import type { DatabaseHandle, TenantDb } from '../db/database.js';
import { iso, type Clock } from '../shared/clock.js';
import { emailKey, normalizeUuid } from '../shared/ids.js';
import { invalidCredentials, invalidToken, notSignedIn, organizationRequired, totpRequired } from './staff-errors.js';
import type { PasswordHasher } from './staff-password.js';
import {
  type AuthenticatedSession,
  type ClientInfo,
  issueSession,
  type IssuedSession,
} from './staff-session-service.js';
import * as store from './staff-store.js';
import type { StaffTokenKind } from './staff-tables.js';
import { generateStaffToken, parseStaffToken } from './staff-token.js';
import type { TwoFactor } from './staff-two-factor.js';

// Sign-in, the three links that set a password (first-start setup, invitation, reset), and password
// changes. Failed sign-ins are counted per client address and per email before any hash is computed.

export const SETUP_TTL_MS = 24 * 3_600_000;
export const RESET_TTL_MS = 3_600_000;
export const LOGIN_FAILURES_PER_MINUTE = 10;

/** Counts failed sign-ins (per address, per email); check throws 429 rate_limited past the limit. */
export interface LoginThrottle {
  check(keys: string[]): Promise<void>;
  fail(keys: string[]): Promise<void>;
}

export interface UserView {
  id: string;
  name: string;
  email: string;
  role: Role;
  created_at: string;
  updated_at: string;
}

export interface SignedIn {
  session: IssuedSession;
  data: { user: UserView; organization: { id: string; name: string }; csrf_token: string; expires_at: string };
}

export interface StaffAuthDeps {
  database: DatabaseHandle;
  clock: Clock;
  passwords: PasswordHasher;
  throttle: LoginThrottle;
  twoFactor: Pick<TwoFactor, 'verifyForLogin'>;
  /** Creating the first administrator takes a seat and inserts the user (admin domain), in our transaction. */
  users: {
    assertAvailable(t: TenantDb, input: { email: string }): Promise<void>;
    insert(t: TenantDb, input: { name: string; email: string; role: Role }, now: number): Promise<UserRow>;
  };
  quota: Pick<QuotaService, 'assertSeatAvailable'>;
  /** Accepts an invitation in our transaction, creating its user (admin domain). */
  invitations: { acceptIn(t: TenantDb, invitationId: string, name: string, now: number): Promise<UserRow> };
  /** The public base URL of links (PUBLIC_URL). */
  publicUrl: string;
}

const toUser = (row: UserRow): UserView => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role as Role,
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

const LINK_PATHS: Record<StaffTokenKind, string> = { setup: 'setup', invitation: 'accept', reset: 'reset' };

export function createStaffAuthService(deps: StaffAuthDeps) {
  const { database, clock, passwords, throttle } = deps;

  async function signedIn(t: TenantDb, user: UserRow, client: ClientInfo, now: number): Promise<SignedIn> {
    const session = await issueSession(t, user.id, client, now);
    // Read in the transaction: on SQLite a second connection would wait for it to end.
    const org = await store.findOrganizationName(t, t.organizationId);
    return {
      session,
      data: {
        user: toUser(user),
        organization: { id: t.organizationId, name: org?.name ?? '' },
        csrf_token: session.csrfToken,
        expires_at: iso(session.expiresAt),
      },
    };
  }

  /** The unused, unexpired token of this kind a link carries, marked used in the caller's transaction. */
  async function useLinkToken(t: TenantDb, hash: string, kind: StaffTokenKind, now: number) {
    const row = await store.findToken(t, hash);
    if (!row || row.kind !== kind || row.used_at !== null || row.expires_at <= now) throw invalidToken();
    if (!(await store.useToken(t, hash, now))) throw invalidToken();
    return row;
  }

  const linkOrg = (token: string) => {
    const parsed = parseStaffToken(token);
    if (!parsed) throw invalidToken();
    return parsed;
  };

  const linkUrl = (kind: StaffTokenKind, token: string) =>
    `${deps.publicUrl}/app/${LINK_PATHS[kind]}?token=${encodeURIComponent(token)}`;

  return {
    /** Issues a single-use link token in the caller's transaction and answers its URL. */
    async issueLink(
      t: TenantDb,
      kind: StaffTokenKind,
      ref: { userId?: string; invitationId?: string },
      expiresAt: number,
      now: number,
    ): Promise<string> {
      const token = generateStaffToken(t.organizationId);
      await store.insertToken(t, {
        token_hash: parseStaffToken(token)!.hash,
        kind,
        user_id: ref.userId ?? null,
        invitation_id: ref.invitationId ?? null,
        created_at: now,
        expires_at: expiresAt,
      });
      return linkUrl(kind, token);
    },

    /** The first-start link that creates the first administrator (valid 24 hours). */
    setupLink: (organizationId: string): Promise<string> =>
      database.forOrganization(organizationId).transaction(async (t) => {
        const now = clock();
        const token = generateStaffToken(organizationId);
        await store.insertToken(t, {
          token_hash: parseStaffToken(token)!.hash,
          kind: 'setup',
          created_at: now,
          expires_at: now + SETUP_TTL_MS,
        });
        return linkUrl('setup', token);
      }),

    /** A password-reset link for a staff user (valid 1 hour); null when the organization has no such user. */
    resetLink: (organizationId: string, email: string): Promise<string | null> =>
      database.forOrganization(organizationId).transaction(async (t) => {
        const user = await store.findUserByEmailKey(t, emailKey(email));
        if (!user) return null;
        const now = clock();
        const token = generateStaffToken(organizationId);
        await store.insertToken(t, {
          token_hash: parseStaffToken(token)!.hash,
          kind: 'reset',
          user_id: user.id,
          created_at: now,
          expires_at: now + RESET_TTL_MS,
        });
        return linkUrl('reset', token);
      }),

    async login(
      input: { email: string; password: string; organization_id?: string; totp_code?: string },
      client: ClientInfo,
    ): Promise<SignedIn> {
      const key = emailKey(input.email);
      const keys = [`ip:${client.ip ?? ''}`, `email:${key}`];
      await throttle.check(keys);
      const wanted = input.organization_id === undefined ? null : normalizeUuid(input.organization_id);
      const accounts = (await store.findAccountsByEmail(database.system, key)).filter(
        (a) => input.organization_id === undefined || a.organization_id === wanted,
      );
      // Every account's password is checked (one hash for an unknown email, against a dummy), so
      // the organizations of an email are named only to whoever knows its password there.
      const matches: typeof accounts = [];
      if (accounts.length === 0) await passwords.verify(null, input.password);
      for (const account of accounts.slice(0, 10)) {
        if (await passwords.verify(account.password_hash, input.password)) matches.push(account);
      }
      if (matches.length === 0) {
        await throttle.fail(keys);
        throw invalidCredentials();
      }
      if (matches.length > 1) {
        throw organizationRequired(matches.map((m) => ({ id: m.organization_id, name: m.organization_name })));
      }
      const account = matches[0];
      const t = database.forOrganization(account.organization_id);
      if (Number(account.totp_enabled ?? 0) === 1) {
        if (!input.totp_code) throw totpRequired();
        if (!(await deps.twoFactor.verifyForLogin(t, account.user_id, input.totp_code))) {
          await throttle.fail(keys);
          throw invalidCredentials();
        }
      }
      return t.transaction(async (tx) => {
        const user = await store.findUser(tx, account.user_id);
        if (!user) throw invalidCredentials();
        return signedIn(tx, user, client, clock());
      });
    },

    /** The sign-in answer for the current session (GET /auth/session). */
    async current(session: AuthenticatedSession): Promise<SignedIn['data']> {
      const t = database.forOrganization(session.organizationId);
      const user = await store.findUser(t, session.userId);
      if (!user) throw notSignedIn();
      const org = await store.findOrganizationName(database.system, session.organizationId);
      return {
        user: toUser(user),
        organization: { id: session.organizationId, name: org?.name ?? '' },
        csrf_token: session.csrfToken,
        expires_at: iso(session.expiresAt),
      };
    },

    async setup(input: { token: string; email: string; name: string; password: string }, client: ClientInfo) {
      const { organizationId, hash } = linkOrg(input.token);
      const passwordHash = await passwords.hash(input.password);
      return database.forOrganization(organizationId).transaction(async (t) => {
        const now = clock();
        await useLinkToken(t, hash, 'setup', now);
        await deps.users.assertAvailable(t, { email: input.email });
        await deps.quota.assertSeatAvailable(t, now);
        const user = await deps.users.insert(t, { name: input.name, email: input.email, role: 'admin' }, now);
        await store.saveCredentials(t, user.id, { password_hash: passwordHash, updated_at: now });
        return signedIn(t, user, client, now);
      });
    },

    async acceptInvitation(input: { token: string; name: string; password: string }, client: ClientInfo) {
      const { organizationId, hash } = linkOrg(input.token);
      const passwordHash = await passwords.hash(input.password);
      return database.forOrganization(organizationId).transaction(async (t) => {
        const now = clock();
        const row = await useLinkToken(t, hash, 'invitation', now);
        if (!row.invitation_id) throw invalidToken();
        const user = await deps.invitations.acceptIn(t, row.invitation_id, input.name, now);
        await store.saveCredentials(t, user.id, { password_hash: passwordHash, updated_at: now });
        return signedIn(t, user, client, now);
      });
    },

    /** Sets a new password from a reset link; every session of the user ends, and a new one begins. */
    async resetPassword(input: { token: string; password: string }, client: ClientInfo) {
      const { organizationId, hash } = linkOrg(input.token);
      const passwordHash = await passwords.hash(input.password);
      return database.forOrganization(organizationId).transaction(async (t) => {
        const now = clock();
        const row = await useLinkToken(t, hash, 'reset', now);
        const user = row.user_id ? await store.findUser(t, row.user_id) : undefined;
        if (!user) throw invalidToken();
        await store.saveCredentials(t, user.id, { password_hash: passwordHash, updated_at: now });
        await store.revokeUserSessions(t, user.id, null, now);
        return signedIn(t, user, client, now);
      });
    },

    /** Changes the signed-in user's password (the current one must be right); other sessions end. */
    async changePassword(session: AuthenticatedSession, input: { current_password: string; new_password: string }) {
      const keys = [`user:${session.organizationId}:${session.userId}`];
      await throttle.check(keys);
      const t = database.forOrganization(session.organizationId);
      const credentials = await store.findCredentials(t, session.userId);
      if (!(await passwords.verify(credentials?.password_hash ?? null, input.current_password))) {
        await throttle.fail(keys);
        throw invalidCredentials();
      }
      const passwordHash = await passwords.hash(input.new_password);
      await t.transaction(async (tx) => {
        const now = clock();
        await store.saveCredentials(tx, session.userId, { password_hash: passwordHash, updated_at: now });
        await store.revokeUserSessions(tx, session.userId, session.tokenHash, now);
      });
    },

    getRequireTwoFactor: (organizationId: string) =>
      store.findRequireTwoFactor(database.forOrganization(organizationId)),

    async setRequireTwoFactor(organizationId: string, required: boolean): Promise<boolean> {
      await store.saveRequireTwoFactor(database.forOrganization(organizationId), required, clock());
      return required;
    },
  };
}

export type StaffAuthService = ReturnType<typeof createStaffAuthService>;
