import type { DatabaseHandle, Sql } from '../db/database.js';
import type { Clock } from '../shared/clock.js';
import { iso, isoOrNull } from '../shared/clock.js';
import { AppError, notFound } from '../shared/errors.js';
import { newId, normalizeUuid } from '../shared/ids.js';
import { ALL_SCOPES, type Scope } from '../shared/scopes.js';
import { createApiKeyCache } from './api-key-cache.js';
import { displayPrefix, generateToken, hashToken } from './api-key-token.js';
import * as lookup from './api-key-lookup-store.js';
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
    throw new AppError(
      400,
      'validation_error',
      `unknown scope ${unknown.join(', ')}; known scopes: ${ALL_SCOPES.join(', ')}`,
      [{ field: 'scopes', issue: 'invalid_value' }],
    );
  }
  if (list.length === 0) {
    throw new AppError(400, 'validation_error', 'at least one scope is required', [
      { field: 'scopes', issue: 'required' },
    ]);
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

// Keys live in two places, always written in one transaction: the organization's api_keys row (through
// its scoped handle) and the global token-hash lookup that authentication reads (through the system
// handle: it belongs to no organization). Under Citus that transaction spans one shard plus a reference
// table. This is why the functions below take the system handle `s` and the organization id.

/**
 * Issues a key of the organization inside the caller's transaction (organization creation issues the
 * first one); the token is returned here and never again.
 */
export async function issueApiKey(
  s: Sql,
  organizationId: string,
  input: { scopes: Scope[]; name?: string | null; now: number },
): Promise<CreatedApiKey> {
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
  // The organization's row first: an unknown organization fails here, on its foreign key.
  await store.insertApiKey(s.forOrganization(organizationId), row);
  await lookup.insertKeyLookup(s, {
    token_hash: row.token_hash,
    owner_organization_id: organizationId,
    key_id: row.id,
    revoked_at: null,
  });
  return { ...toApiKeyView(row), token };
}

/** Every process's cache of authenticated keys is cleared when a revocation commits (see api-key-cache.ts). */
const REVOKED_CHANNEL = 'helpdesk_api_key_revoked';

/** Revokes a key of the organization (idempotent); 404 when it has none with this id. */
async function revokeIn(s: Sql, organizationId: string, id: string, now: number): Promise<ApiKeyView> {
  const t = s.forOrganization(organizationId);
  const row = await store.findApiKey(t, id);
  if (!row) throw notFound('API key');
  // Only the revocation that changed the row writes the lookup, so both carry the same revoked_at.
  if (row.revoked_at === null && (await store.revokeApiKey(t, id, now))) {
    await lookup.revokeKeyLookup(s, row.token_hash, now);
    await s.notify(REVOKED_CHANNEL);
  }
  return toApiKeyView((await store.findApiKey(t, id))!);
}

/**
 * Takes away every key of an organization that is being removed, inside the caller's transaction:
 * their lookups go (so no token finds the organization again) and, once it commits, every process
 * listening clears its key cache, as for a revocation. The api_keys rows go with the organization's
 * other rows.
 */
export async function removeOrganizationKeys(s: Sql, organizationId: string): Promise<number> {
  const hashes = await store.listTokenHashes(s.forOrganization(organizationId));
  // In slices: a statement's parameters are bounded (SQLite allows 32,766).
  for (let i = 0; i < hashes.length; i += 1_000) await lookup.deleteKeyLookups(s, hashes.slice(i, i + 1_000));
  await s.notify(REVOKED_CHANNEL);
  return hashes.length;
}

export interface ApiKeyServiceDeps {
  database: DatabaseHandle;
  clock: Clock;
  /** How long an authenticated key is trusted without reading the database again (0 = always read). */
  cacheTtlMs?: number;
}

export function createApiKeyService(deps: ApiKeyServiceDeps) {
  const { database, clock } = deps;
  const cache = createApiKeyCache<AuthenticatedKey>({ ttlMs: deps.cacheTtlMs ?? 0, maxEntries: 10_000 });
  let seenWritesElsewhere: number | null = null;
  /** Runs a revocation, then forgets every cached key in this process (others hear the notification). */
  const revoking = async (revoke: () => Promise<ApiKeyView>): Promise<ApiKeyView> => {
    try {
      return await revoke();
    } finally {
      cache.clear();
    }
  };
  return {
    create: (organizationId: string, scopes: Scope[], name?: string | null) =>
      database.system.transaction((s) => issueApiKey(s, organizationId, { scopes, name, now: clock() })),

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
      revoking(() => database.system.transaction((s) => revokeIn(s, organizationId, id, clock()))),

    /**
     * System level: revokes a key whatever its organization, for operators who name it by id alone
     * (the CLI's `keys revoke KEY_ID`). The key's organization is read from the global lookup (no
     * search across organizations), then the revocation runs scoped to it.
     */
    revokeAnyOrganization: (id: string): Promise<ApiKeyView> =>
      revoking(() =>
        database.system.transaction(async (s) => {
          // Not a UUID: names no key (and would not even compare with PostgreSQL's uuid column).
          const keyId = normalizeUuid(id);
          const organizationId = keyId === null ? undefined : await lookup.findKeyOrganization(s, keyId);
          if (keyId === null || organizationId === undefined) throw notFound('API key');
          return revokeIn(s, organizationId, keyId, clock());
        }),
      ),

    /**
     * The active key a token authenticates as, found by the token's SHA-256: the global lookup names
     * its organization (one primary-key read, local under Citus), then the key's scopes and last use
     * are read from that organization's own row (one shard). Scopes are not copied into the lookup so
     * that it holds nothing but what finding the organization needs, and the organization's row stays
     * the one authority on whether the key is active. Keys found are kept in the process's cache for
     * a few seconds (cacheTtlMs); a revocation clears the caches of every process listening
     * (watchRevocations) or, on SQLite, noticing another connection's commit (writesElsewhere), so it
     * holds at once in this process and within moments elsewhere.
     */
    async authenticate(tokenHash: string): Promise<AuthenticatedKey | null> {
      const now = clock();
      // Writes by other processes on the same SQLite file (the CLI revoking a key) reach no listener.
      const elsewhere = database.writesElsewhere();
      if (elsewhere !== seenWritesElsewhere) {
        seenWritesElsewhere = elsewhere;
        cache.clear();
      }
      const cached = cache.get(tokenHash, now);
      if (cached) return cached;
      const generation = cache.generation;
      const found = await lookup.findActiveKeyLookup(database.system, tokenHash);
      if (!found) return null;
      const organizationId = found.owner_organization_id;
      const row = await store.findActiveKey(database.forOrganization(organizationId), found.key_id, tokenHash);
      if (!row) return null;
      const key = {
        id: row.id,
        organizationId,
        scopes: row.scopes.split(' ') as Scope[],
        lastUsedAt: row.last_used_at,
      };
      cache.set(tokenHash, key, now, generation);
      return key;
    },

    /**
     * Whether a key that authenticated (perhaps from the cache) is still an active key of its
     * organization; when it is not (revoked, or its organization removed behind this process's back,
     * with no notification), every cached key is forgotten, so the next requests read the database.
     * For answers that failed in a way only a vanished organization explains.
     */
    async confirmActive(organizationId: string, keyId: string): Promise<boolean> {
      const row = await store.findApiKey(database.forOrganization(organizationId), keyId);
      if (row && row.revoked_at === null) return true;
      cache.clear();
      return false;
    },

    /** Clears this process's key cache whenever a revocation commits anywhere; returns the stop. */
    watchRevocations(onError: (err: unknown) => void): () => Promise<void> {
      return database.listen(REVOKED_CHANNEL, () => cache.clear(), onError);
    },

    /**
     * Records that an authenticated key was used, at most once a minute, so authentication stays a
     * read; callers need not wait for it.
     */
    async recordUse(key: Pick<AuthenticatedKey, 'id' | 'organizationId' | 'lastUsedAt'>, now: number): Promise<void> {
      if (key.lastUsedAt !== null && key.lastUsedAt >= now - LAST_USED_GRANULARITY_MS) return;
      // The key may be the cached object: the next requests of this minute then skip the write too.
      key.lastUsedAt = now;
      // Per-use bookkeeping stays in the organization's own rows (only the lookup is cross-tenant).
      await store.touchApiKey(database.forOrganization(key.organizationId), key.id, now, LAST_USED_GRANULARITY_MS);
    },
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;
