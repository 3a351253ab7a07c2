import type { Sql, TenantDb } from '../db/database.js';
import type { StaffCredentialTable, StaffSessionTable, StaffTokenKind, StaffTokenTable } from './staff-tables.js';

// Data access of staff sign-in: credentials, sessions, link tokens, security settings. Everything but
// the sign-in lookup by email runs on the organization's own handle.

export type CredentialRow = StaffCredentialTable;
export type SessionRow = StaffSessionTable;
export type TokenRow = StaffTokenTable;

/**
 * Every staff account of an email across organizations, with what sign-in checks: the only read that
 * starts without an organization (served by users_email_login_idx).
 */
export function findAccountsByEmail(s: Sql, emailKey: string) {
  return s.db
    .selectFrom('users')
    .innerJoin('organizations', 'organizations.id', 'users.organization_id')
    .leftJoin('staff_credentials', (j) =>
      j
        .onRef('staff_credentials.organization_id', '=', 'users.organization_id')
        .onRef('staff_credentials.user_id', '=', 'users.id'),
    )
    .select([
      'users.organization_id',
      'users.id as user_id',
      'organizations.name as organization_name',
      'staff_credentials.password_hash',
      'staff_credentials.totp_enabled',
    ])
    .where('users.email_key', '=', emailKey)
    .orderBy('organizations.created_at')
    .execute();
}

export function findOrganizationName(s: Sql, organizationId: string) {
  return s.db.selectFrom('organizations').select('name').where('id', '=', organizationId).executeTakeFirst();
}

export function findUser(t: TenantDb, userId: string) {
  return t.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

export function findUserByEmailKey(t: TenantDb, emailKey: string) {
  return t.selectFrom('users').selectAll().where('email_key', '=', emailKey).executeTakeFirst();
}

export async function countUsers(t: TenantDb): Promise<number> {
  const row = await t
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// Credentials

export function findCredentials(t: TenantDb, userId: string): Promise<CredentialRow | undefined> {
  return t.selectFrom('staff_credentials').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Creates or changes a user's credentials row. */
export async function saveCredentials(
  t: TenantDb,
  userId: string,
  changes: Partial<Omit<CredentialRow, 'organization_id' | 'user_id'>> & { updated_at: number },
): Promise<void> {
  await t
    .insertInto('staff_credentials', { user_id: userId, totp_enabled: 0, ...changes })
    .onConflict((oc) => oc.columns(['organization_id', 'user_id']).doUpdateSet(changes))
    .execute();
}

// Sessions

export async function insertSession(t: TenantDb, row: Omit<SessionRow, 'organization_id'>): Promise<void> {
  await t.insertInto('staff_sessions', row).execute();
}

/** The session a cookie's hash names, with its user's role and two-factor state: one indexed read. */
export function findSession(t: TenantDb, tokenHash: string) {
  return t
    .selectFrom('staff_sessions')
    .innerJoin('users', (j) =>
      j
        .onRef('users.organization_id', '=', 'staff_sessions.organization_id')
        .onRef('users.id', '=', 'staff_sessions.user_id'),
    )
    .leftJoin('staff_credentials', (j) =>
      j
        .onRef('staff_credentials.organization_id', '=', 'staff_sessions.organization_id')
        .onRef('staff_credentials.user_id', '=', 'staff_sessions.user_id'),
    )
    .leftJoin('staff_auth_settings', (j) =>
      j.onRef('staff_auth_settings.organization_id', '=', 'staff_sessions.organization_id'),
    )
    .select([
      'staff_sessions.id',
      'staff_sessions.user_id',
      'staff_sessions.created_at',
      'staff_sessions.last_seen_at',
      'staff_sessions.expires_at',
      'staff_sessions.revoked_at',
      'users.role',
      'staff_credentials.totp_enabled',
      'staff_auth_settings.require_two_factor',
    ])
    .where('staff_sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Records activity at most once per granularity (the idle expiry counts from it). */
export async function touchSession(t: TenantDb, tokenHash: string, now: number, granularityMs: number) {
  await t
    .updateTable('staff_sessions')
    .set({ last_seen_at: now })
    .where('token_hash', '=', tokenHash)
    .where('last_seen_at', '<', now - granularityMs)
    .execute();
}

export function listSessions(t: TenantDb, userId: string, now: number, idleMs: number) {
  return t
    .selectFrom('staff_sessions')
    .select(['id', 'token_hash', 'created_at', 'last_seen_at', 'ip', 'user_agent'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where('last_seen_at', '>', now - idleMs)
    .orderBy('created_at', 'desc')
    .execute();
}

/** Revokes one session of the user by its public id; false when the user has no such live session. */
export async function revokeSession(t: TenantDb, userId: string, id: string, now: number): Promise<boolean> {
  const res = await t
    .updateTable('staff_sessions')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function revokeSessionByHash(t: TenantDb, tokenHash: string, now: number): Promise<void> {
  await t
    .updateTable('staff_sessions')
    .set({ revoked_at: now })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every session of the user except the one kept (null: all). */
export async function revokeUserSessions(t: TenantDb, userId: string, keepHash: string | null, now: number) {
  let q = t
    .updateTable('staff_sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepHash !== null) q = q.where('token_hash', '<>', keepHash);
  await q.execute();
}

// Link tokens

export async function insertToken(
  t: TenantDb,
  row: { token_hash: string; kind: StaffTokenKind; user_id?: string | null; invitation_id?: string | null } & Pick<
    TokenRow,
    'created_at' | 'expires_at'
  >,
): Promise<void> {
  await t.insertInto('staff_tokens', { user_id: null, invitation_id: null, used_at: null, ...row }).execute();
}

export function findToken(t: TenantDb, tokenHash: string): Promise<TokenRow | undefined> {
  return t.selectFrom('staff_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Marks a token used unless it already is: false when another request used it first. */
export async function useToken(t: TenantDb, tokenHash: string, now: number): Promise<boolean> {
  const res = await t
    .updateTable('staff_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

// Settings

export async function findRequireTwoFactor(t: TenantDb): Promise<boolean> {
  const row = await t.selectFrom('staff_auth_settings').select('require_two_factor').executeTakeFirst();
  return Number(row?.require_two_factor ?? 0) === 1;
}

export async function saveRequireTwoFactor(t: TenantDb, required: boolean, now: number): Promise<void> {
  const changes = { require_two_factor: required ? 1 : 0, updated_at: now };
  await t
    .insertInto('staff_auth_settings', changes)
    .onConflict((oc) => oc.column('organization_id').doUpdateSet(changes))
    .execute();
}
