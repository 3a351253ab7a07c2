import { createHash } from 'node:crypto';
import type { DatabaseHandle, TenantDb } from '../db/database.js';
import type { Clock } from '../shared/clock.js';
import { AppError } from '../shared/errors.js';
import { newId } from '../shared/ids.js';
import * as store from './idempotency-store.js';

// Idempotency-Key with Stripe's semantics. The first request with a key reserves it (a lease, so a process
// that dies mid-request does not block the key for ever), runs, and stores its answer in the same
// transaction as its effects (complete(), called by the transaction observer); later requests with the
// same key replay that answer, or are told the key is in use or was used for another request.

export interface RequestFingerprint {
  method: string;
  path: string;
  /** bodyHash(body) of the parsed request body. */
  bodyHash: string;
}

export type Reservation =
  | { kind: 'run'; token: string }
  | { kind: 'replay'; status: number; body: string }
  | { kind: 'reused' }
  | { kind: 'in_use' };

export interface IdempotencyServiceDeps {
  database: DatabaseHandle;
  clock: Clock;
  ttlHours: number;
  /** How long a reservation holds before another request may take the key over. */
  leaseMs?: number;
}

/** Longer than any request may run (the HTTP deadline and the statement timeouts are far below). */
export const IDEMPOTENCY_LEASE_MS = 60_000;
const MAX_ROUNDS = 5;

/** JSON with object keys sorted, so JSON-equal bodies (key order, whitespace) hash alike. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export const bodyHash = (body: unknown): string => createHash('sha256').update(canonical(body)).digest('base64url');

export const idempotencyKeyInUse = () =>
  new AppError(
    409,
    'idempotency_key_in_use',
    'a request with this Idempotency-Key is still being processed; retry later',
    [],
    {
      'retry-after': '1',
    },
  );

export const idempotencyKeyReused = () =>
  new AppError(
    422,
    'idempotency_key_reused',
    'this Idempotency-Key was already used for a different request (method, path or body)',
    [{ field: 'Idempotency-Key', issue: 'reused' }],
  );

export type IdempotencyService = ReturnType<typeof createIdempotencyService>;

export function createIdempotencyService({
  database,
  clock,
  ttlHours,
  leaseMs = IDEMPOTENCY_LEASE_MS,
}: IdempotencyServiceDeps) {
  const ttlMs = ttlHours * 3_600_000;

  async function reserve(organizationId: string, key: string, request: RequestFingerprint): Promise<Reservation> {
    const t = database.forOrganization(organizationId);
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const now = clock();
      const token = newId();
      const row = await store.findKey(t, key);
      if (!row || row.expires_at <= now) {
        if (row) await store.deleteExpiredKey(t, key, now);
        const inserted = await store.insertReservation(t, {
          idempotency_key: key,
          method: request.method,
          path: request.path,
          body_hash: request.bodyHash,
          lease_token: token,
          locked_until: now + leaseMs,
          status_code: null,
          response_body: null,
          created_at: now,
          expires_at: now + ttlMs,
        });
        if (inserted) return { kind: 'run', token };
        continue; // a concurrent request reserved it first: look again
      }
      if (row.method !== request.method || row.path !== request.path || row.body_hash !== request.bodyHash)
        return { kind: 'reused' };
      if (row.status_code !== null && row.response_body !== null)
        return { kind: 'replay', status: row.status_code, body: row.response_body };
      if ((row.locked_until ?? 0) > now) return { kind: 'in_use' };
      if (await store.takeOver(t, key, row.lease_token, token, now, now + leaseMs)) return { kind: 'run', token };
    }
    return { kind: 'in_use' };
  }

  /**
   * Stores the answer on this request's reservation, in the transaction `t` belongs to (the one of the
   * request's effects). When the reservation was taken over meanwhile (this request outlived its lease),
   * throws 409 so that the transaction, and with it this execution, is rolled back: only one commits.
   */
  async function complete(t: TenantDb, key: string, token: string, status: number, body: string): Promise<void> {
    if (!(await store.complete(t, key, token, status, body))) throw idempotencyKeyInUse();
  }

  /** complete() outside any transaction: for an answer that was not its transaction's result. */
  async function completeLate(
    organizationId: string,
    key: string,
    token: string,
    status: number,
    body: string,
  ): Promise<void> {
    await complete(database.forOrganization(organizationId), key, token, status, body);
  }

  async function restore(organizationId: string, key: string, status: number, body: string): Promise<void> {
    await store.restore(database.forOrganization(organizationId), key, status, body);
  }

  async function release(organizationId: string, key: string, token: string): Promise<void> {
    await store.release(database.forOrganization(organizationId), key, token);
  }

  /**
   * Deletes expired keys, one organization at a time, in batches of batchSize (short statements, each
   * on one organization's part of the expiry index): the organizations after the walk's cursor, up to
   * maxOrganizations per call, starting over once the walk reaches the end. The number deleted.
   */
  // The walk starts below every id: the nil UUID (a valid uuid where ids are native uuid).
  const START = '00000000-0000-0000-0000-000000000000';
  let cursor = START;
  async function deleteExpired(batchSize = 500, maxOrganizations = 1_000): Promise<number> {
    let total = 0;
    let visited = 0;
    while (visited < maxOrganizations) {
      const orgs = await store.organizationsAfter(database.system, cursor, Math.min(100, maxOrganizations - visited));
      if (orgs.length === 0) {
        cursor = START;
        break;
      }
      for (const organizationId of orgs) {
        const t = database.forOrganization(organizationId);
        for (;;) {
          const deleted = await store.deleteExpired(t, clock(), batchSize);
          total += deleted;
          if (deleted < batchSize) break;
        }
      }
      visited += orgs.length;
      cursor = orgs[orgs.length - 1];
    }
    return total;
  }

  /** Runs deleteExpired every intervalMs until stop() (the server's background work). */
  function startSweeper(intervalMs: number, onError: (err: unknown) => void): { stop(): Promise<void> } {
    let running: Promise<unknown> = Promise.resolve();
    const timer = setInterval(() => {
      running = deleteExpired().catch(onError);
    }, intervalMs);
    timer.unref();
    return {
      async stop() {
        clearInterval(timer);
        await running;
      },
    };
  }

  return { reserve, complete, completeLate, restore, release, deleteExpired, startSweeper };
}
