import type { Executor } from '../db/database.js';
import type { ApiKeyTable } from './auth-tables.js';

export type ApiKeyRow = ApiKeyTable;

export async function insertApiKey(db: Executor, row: ApiKeyRow): Promise<void> {
  await db.insertInto('api_keys').values(row).execute();
}

export function findActiveKeyByHash(db: Executor, tokenHash: string) {
  return db
    .selectFrom('api_keys')
    .select(['id', 'organization_id', 'scopes', 'last_used_at'])
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

export function listApiKeys(db: Executor, organizationId: string) {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function findApiKey(db: Executor, id: string, organizationId?: string) {
  let q = db.selectFrom('api_keys').selectAll().where('id', '=', id);
  if (organizationId !== undefined) q = q.where('organization_id', '=', organizationId);
  return q.executeTakeFirst();
}

export async function revokeApiKey(db: Executor, id: string, now: number, organizationId?: string): Promise<boolean> {
  let q = db.updateTable('api_keys').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null);
  if (organizationId !== undefined) q = q.where('organization_id', '=', organizationId);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Records use of a key, at most once per `granularityMs` so authentication stays a read. */
export async function touchApiKey(db: Executor, id: string, now: number, granularityMs: number): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', now - granularityMs)]))
    .execute();
}
