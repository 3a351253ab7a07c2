import type { DatabaseHandle, TenantDb } from '../db/database.js';
import type { Clock } from '../shared/clock.js';
import { iso, isoOrNull } from '../shared/clock.js';
import { AppError, notFound } from '../shared/errors.js';
import { newId } from '../shared/ids.js';
import { ALL_SCOPES, type Scope } from '../shared/schemas.js';
import { displayPrefix, generateToken, hashToken } from './api-key-token.js';
import * as store from './api-key-store.js';

export interface ApiKeyView {
  id: string;
  name: string | null;
  prefix: string;
  scopes: Scope[];
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface CreatedApiKey extends ApiKeyView {
  token: string;
}

export function parseScopes(raw: string | string[]): Scope[] {
  const list = (Array.isArray(raw) ? raw : raw.split(/[,\s]+/)).map((s) => s.trim()).filter(Boolean);
  const unknown = list.filter((s) => !ALL_SCOPES.includes(s as Scope));
  if (unknown.length > 0) {
    throw new AppError(400, 'validation_error', `unknown scope ${unknown.join(', ')}; known scopes: ${ALL_SCOPES.join(', ')}`, [
      { field: 'scopes', issue: 'invalid_value' },
    ]);
  }
  if (list.length === 0) {
    throw new AppError(400, 'validation_error', 'at least one scope is required', [{ field: 'scopes', issue: 'required' }]);
  }
  return ALL_SCOPES.filter((s) => list.includes(s));
}

export function toApiKeyView(row: Omit<store.ApiKeyRow, 'organization_id' | 'token_hash'>): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes.split(' ') as Scope[],
    created_at: iso(row.created_at),
    last_used_at: isoOrNull(row.last_used_at),
    revoked_at: isoOrNull(row.revoked_at),
  };
}

/** A key a bearer token authenticated as. */
export interface AuthenticatedKey {
  id: string;
  organizationId: string;
  scopes: Scope[];
  lastUsedAt: number | null;
}

/** last_used_at is kept to the minute: enough to spot unused keys without a write per request. */
const LAST_USED_GRANULARITY_MS = 60_000;

/**
 * Issues a key of t's organization inside the caller's transaction (organization creation issues the
 * first one); the token is returned here and never again.
 */
export async function issueApiKey(t: TenantDb, input: { scopes: Scope[]; name?: string | null; now: number }): Promise<CreatedApiKey> {
  const token = generateToken();
  const row: store.NewApiKey = {
    id: newId(),
    name: input.name ?? null,
    prefix: displayPrefix(token),
    token_hash: hashToken(token),
    scopes: input.scopes.join(' '),
    created_at: input.now,
    last_used_at: null,
    revoked_at: null,
  };
  await store.insertApiKey(t, row);
  return { ...toApiKeyView(row), token };
}

/** Revokes a key of t's organization (idempotent); 404 when it has none with this id. */
async function revokeIn(t: TenantDb, id: string, now: number): Promise<ApiKeyView> {
  const row = await store.findApiKey(t, id);
  if (!row) throw notFound('API key');
  if (row.revoked_at === null) await store.revokeApiKey(t, id, now);
  return toApiKeyView((await store.findApiKey(t, id))!);
}

export function createApiKeyService(deps: { database: DatabaseHandle; clock: Clock }) {
  const { database, clock } = deps;
  return {
    create: (organizationId: string, scopes: Scope[], name?: string | null) =>
      database.forOrganization(organizationId).transaction((t) => issueApiKey(t, { scopes, name, now: clock() })),

    async list(organizationId: string): Promise<ApiKeyView[]> {
      return (await store.listApiKeys(database.forOrganization(organizationId))).map(toApiKeyView);
    },

    async get(organizationId: string, id: string): Promise<ApiKeyView> {
      const row = await store.findApiKey(database.forOrganization(organizationId), id);
      if (!row) throw notFound('API key');
      return toApiKeyView(row);
    },

    /** Revokes a key of the organization (the API); another organization's key is a 404. */
    revokeInOrganization: (organizationId: string, id: string): Promise<ApiKeyView> =>
      database.forOrganization(organizationId).transaction((t) => revokeIn(t, id, clock())),

    /**
     * System level: revokes a key whatever its organization, for operators who name it by id alone
     * (the CLI's `keys revoke KEY_ID`). The key's organization is looked up, then the revocation
     * runs scoped to it.
     */
    revokeAnyOrganization: (id: string): Promise<ApiKeyView> =>
      database.system.transaction(async (s) => {
        const organizationId = await store.findKeyOrganization(s, id);
        if (organizationId === undefined) throw notFound('API key');
        return revokeIn(s.forOrganization(organizationId), id, clock());
      }),

    /** The active key a token authenticates as, found by the token's SHA-256 (any organization). */
    async authenticate(tokenHash: string): Promise<AuthenticatedKey | null> {
      const row = await store.findActiveKeyByHash(database.system, tokenHash);
      if (!row) return null;
      return { id: row.id, organizationId: row.organization_id, scopes: row.scopes.split(' ') as Scope[], lastUsedAt: row.last_used_at };
    },

    /**
     * Records that an authenticated key was used, at most once a minute, so authentication stays a
     * read; callers need not wait for it.
     */
    async recordUse(key: Pick<AuthenticatedKey, 'id' | 'organizationId' | 'lastUsedAt'>, now: number): Promise<void> {
      if (key.lastUsedAt !== null && key.lastUsedAt >= now - LAST_USED_GRANULARITY_MS) return;
      // Per-use bookkeeping stays in the organization's own rows (only the lookup is cross-tenant).
      await store.touchApiKey(database.forOrganization(key.organizationId), key.id, now, LAST_USED_GRANULARITY_MS);
    },
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;
