import type { DatabaseHandle, Executor } from '../db/database.js';
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

export function toApiKeyView(row: store.ApiKeyRow): ApiKeyView {
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

/** Issues a key inside the caller's transaction; the token is returned here and never again. */
export async function issueApiKey(
  db: Executor,
  input: { organizationId: string; scopes: Scope[]; name?: string | null; now: number },
): Promise<CreatedApiKey> {
  const token = generateToken();
  const row: store.ApiKeyRow = {
    id: newId(),
    organization_id: input.organizationId,
    name: input.name ?? null,
    prefix: displayPrefix(token),
    token_hash: hashToken(token),
    scopes: input.scopes.join(' '),
    created_at: input.now,
    last_used_at: null,
    revoked_at: null,
  };
  await store.insertApiKey(db, row);
  return { ...toApiKeyView(row), token };
}

export function createApiKeyService(deps: { database: DatabaseHandle; clock: Clock }) {
  const { database, clock } = deps;
  return {
    create: (organizationId: string, scopes: Scope[], name?: string | null) =>
      database.transaction((trx) => issueApiKey(trx, { organizationId, scopes, name, now: clock() })),
    async list(organizationId: string): Promise<ApiKeyView[]> {
      return (await store.listApiKeys(database.db, organizationId)).map(toApiKeyView);
    },
    async get(organizationId: string, id: string): Promise<ApiKeyView> {
      const row = await store.findApiKey(database.db, id, organizationId);
      if (!row) throw notFound('API key');
      return toApiKeyView(row);
    },
    /** Revokes a key; organizationId limits it to one organization (the CLI passes none). */
    async revoke(id: string, organizationId?: string): Promise<ApiKeyView> {
      return database.transaction(async (trx) => {
        const row = await store.findApiKey(trx, id, organizationId);
        if (!row) throw notFound('API key');
        if (row.revoked_at === null) await store.revokeApiKey(trx, id, clock(), organizationId);
        return toApiKeyView((await store.findApiKey(trx, id))!);
      });
    },
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;
