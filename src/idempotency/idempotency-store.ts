import { sql } from 'kysely';
import type { Sql, TenantDb } from '../db/sql-handle.js';
import type { IdempotencyKeyTable } from './idempotency-tables.js';

// SQL of stored idempotent answers. A key's row is reserved by a statement of its own (the unique key
// makes a concurrent duplicate, in any process, find it), completed inside the request's own
// transaction, and released (deleted) when the request fails.

export type KeyRow = IdempotencyKeyTable;

export async function findKey(t: TenantDb, key: string): Promise<KeyRow | undefined> {
  return t.selectFrom('idempotency_keys').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
}

/** Inserts the reservation unless the key exists; true when this call created it. */
export async function insertReservation(t: TenantDb, row: Omit<KeyRow, 'organization_id'>): Promise<boolean> {
  const result = await t
    .insertInto('idempotency_keys', row)
    .onConflict((oc) => oc.columns(['organization_id', 'idempotency_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function deleteExpiredKey(t: TenantDb, key: string, now: number): Promise<void> {
  await t.deleteFrom('idempotency_keys').where('idempotency_key', '=', key).where('expires_at', '<=', now).execute();
}

/** Takes over a reservation whose lease ran out (its process died or hung); true when this call got it. */
export async function takeOver(
  t: TenantDb,
  key: string,
  staleToken: string | null,
  token: string,
  now: number,
  until: number,
): Promise<boolean> {
  const result = await t
    .updateTable('idempotency_keys')
    .set({ lease_token: token, locked_until: until })
    .where('idempotency_key', '=', key)
    .where('status_code', 'is', null)
    .where('locked_until', '<=', now)
    .where((eb) => (staleToken === null ? eb('lease_token', 'is', null) : eb('lease_token', '=', staleToken)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Stores the answer on the reservation this request holds; false when it no longer holds it. The token
 * stays: a later transaction of the same request may store its answer again (last one wins), while a
 * completed key is never taken over nor released.
 */
export async function complete(
  t: TenantDb,
  key: string,
  token: string,
  status: number,
  body: string,
): Promise<boolean> {
  const result = await t
    .updateTable('idempotency_keys')
    .set({ status_code: status, response_body: body, locked_until: null })
    .where('idempotency_key', '=', key)
    .where('lease_token', '=', token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Replaces a stored answer that differs from the one sent (see the HTTP plugin). */
export async function restore(t: TenantDb, key: string, status: number, body: string): Promise<void> {
  await t
    .updateTable('idempotency_keys')
    .set({ status_code: status, response_body: body })
    .where('idempotency_key', '=', key)
    .execute();
}

/** Deletes the reservation of a request that failed, so a retry may run. */
export async function release(t: TenantDb, key: string, token: string): Promise<void> {
  await t
    .deleteFrom('idempotency_keys')
    .where('idempotency_key', '=', key)
    .where('lease_token', '=', token)
    .where('status_code', 'is', null)
    .execute();
}

/** Deletes up to `limit` expired keys of the organization (one short statement); the number deleted. */
export async function deleteExpired(t: TenantDb, now: number, limit: number): Promise<number> {
  const result =
    await sql`DELETE FROM idempotency_keys WHERE organization_id = ${t.organizationId} AND idempotency_key IN
    (SELECT idempotency_key FROM idempotency_keys WHERE organization_id = ${t.organizationId} AND expires_at <= ${now} LIMIT ${limit})`.execute(
      t.db,
    );
  return Number(result.numAffectedRows ?? 0);
}

/** The next organizations (by id) after `after`, for the sweeper's walk over every organization. */
export async function organizationsAfter(s: Sql, after: string, limit: number): Promise<string[]> {
  const rows = await s.db
    .selectFrom('organizations')
    .select('id')
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
