import type { DatabaseHandle, TenantDb } from '../db/database.js';
import { iso, type Clock } from '../shared/clock.js';
import { notFound } from '../shared/errors.js';
import { newId, normalizeUuid } from '../shared/ids.js';
import { ALL_SCOPES, type Scope } from '../shared/scopes.js';
import * as store from './staff-store.js';
import { csrfTokenFor, generateStaffToken, parseStaffToken } from './staff-token.js';

// Staff sessions: a random cookie token whose hash is the session row's key. The row is read on every
// request (one primary-key read, no cache), so a revocation holds at once in every process.

export const SESSION_IDLE_MS = 7 * 24 * 3_600_000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3_600_000;
/** last_seen_at is written at most once a minute: the idle expiry is that precise. */
const TOUCH_GRANULARITY_MS = 60_000;

/** What a role may do with a session (keys carry their own scopes). */
export const ROLE_SCOPES: Record<string, Scope[]> = {
  agent: [
    'tickets:read',
    'tickets:write',
    'customers:read',
    'customers:write',
    'events:read',
    'webhooks:read',
    'billing:read',
    'kb:read',
    'kb:write',
  ],
  admin: ALL_SCOPES,
};

export interface IssuedSession {
  token: string;
  csrfToken: string;
  expiresAt: number;
  /** The session's absolute end (the cookie's expiry; the idle end is enforced by the service). */
  absoluteExpiresAt: number;
}

export interface AuthenticatedSession {
  id: string;
  tokenHash: string;
  organizationId: string;
  userId: string;
  role: string;
  scopes: Scope[];
  csrfToken: string;
  /** The earlier of the idle and the absolute end, as of now. */
  expiresAt: number;
  /** The organization requires two-factor and the user has none: only enrolment is allowed. */
  enrolmentOnly: boolean;
}

export interface SessionView {
  id: string;
  created_at: string;
  last_seen_at: string;
  ip: string | null;
  user_agent: string | null;
  current: boolean;
}

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

/** Creates a session for the user in the caller's transaction; the token goes into the cookie only. */
export async function issueSession(
  t: TenantDb,
  userId: string,
  client: ClientInfo,
  now: number,
): Promise<IssuedSession> {
  const token = generateStaffToken(t.organizationId);
  const parsed = parseStaffToken(token)!;
  await store.insertSession(t, {
    token_hash: parsed.hash,
    id: newId(),
    user_id: userId,
    created_at: now,
    last_seen_at: now,
    expires_at: now + SESSION_ABSOLUTE_MS,
    ip: client.ip,
    user_agent: client.userAgent?.slice(0, 512) ?? null,
    revoked_at: null,
  });
  return {
    token,
    csrfToken: csrfTokenFor(token),
    expiresAt: Math.min(now + SESSION_IDLE_MS, now + SESSION_ABSOLUTE_MS),
    absoluteExpiresAt: now + SESSION_ABSOLUTE_MS,
  };
}

export function createStaffSessionService({ database, clock }: { database: DatabaseHandle; clock: Clock }) {
  return {
    /** The live session a cookie token names, or null (malformed, unknown, revoked or expired). */
    async authenticate(token: string): Promise<AuthenticatedSession | null> {
      const parsed = parseStaffToken(token);
      if (!parsed) return null;
      const t = database.forOrganization(parsed.organizationId);
      const row = await store.findSession(t, parsed.hash);
      const now = clock();
      if (!row || row.revoked_at !== null) return null;
      const idleEnd = row.last_seen_at + SESSION_IDLE_MS;
      if (row.expires_at <= now || idleEnd <= now) return null;
      if (row.last_seen_at < now - TOUCH_GRANULARITY_MS) {
        // Not awaited by the request's answer: a failed write only makes the idle end a minute earlier.
        store.touchSession(t, parsed.hash, now, TOUCH_GRANULARITY_MS).catch(() => undefined);
      }
      const seen = Math.max(row.last_seen_at, now);
      return {
        id: row.id,
        tokenHash: parsed.hash,
        organizationId: parsed.organizationId,
        userId: row.user_id,
        role: row.role,
        scopes: ROLE_SCOPES[row.role] ?? [],
        csrfToken: csrfTokenFor(token),
        expiresAt: Math.min(seen + SESSION_IDLE_MS, row.expires_at),
        enrolmentOnly: Number(row.require_two_factor ?? 0) === 1 && Number(row.totp_enabled ?? 0) !== 1,
      };
    },

    /** Ends the session a cookie token names (logout); unknown tokens are ignored. */
    async revokeToken(token: string): Promise<void> {
      const parsed = parseStaffToken(token);
      if (!parsed) return;
      await store.revokeSessionByHash(database.forOrganization(parsed.organizationId), parsed.hash, clock());
    },

    async list(session: Pick<AuthenticatedSession, 'organizationId' | 'userId' | 'tokenHash'>): Promise<SessionView[]> {
      const now = clock();
      const rows = await store.listSessions(
        database.forOrganization(session.organizationId),
        session.userId,
        now,
        SESSION_IDLE_MS,
      );
      return rows.map((r) => ({
        id: r.id,
        created_at: iso(r.created_at),
        last_seen_at: iso(r.last_seen_at),
        ip: r.ip,
        user_agent: r.user_agent,
        current: r.token_hash === session.tokenHash,
      }));
    },

    /** Revokes one of the user's own sessions; it stops working at once, in every process. */
    async revoke(session: Pick<AuthenticatedSession, 'organizationId' | 'userId'>, id: string): Promise<void> {
      const sessionId = normalizeUuid(id);
      const t = database.forOrganization(session.organizationId);
      if (sessionId === null || !(await store.revokeSession(t, session.userId, sessionId, clock()))) {
        throw notFound('session');
      }
    },
  };
}

export type StaffSessionService = ReturnType<typeof createStaffSessionService>;
