import { sql } from 'kysely';
import type { Dialect, Executor } from '../db/database.js';

// Data access of the delivery queue. A row is due while next_attempt_at <= now; a worker claims it by
// writing a lease (lease_until, lease_token) and may only record the outcome while the token is still
// its own, so a worker that lost its lease never records twice.

export interface ClaimedDelivery {
  id: string;
  webhook_id: string;
  event: string;
  body: string;
  attempt_count: number;
  lease_token: string;
}

export async function claimDueDeliveries(
  db: Executor,
  dialect: Dialect,
  options: { now: number; leaseMs: number; limit: number; token: string },
): Promise<ClaimedDelivery[]> {
  const { now, leaseMs, limit, token } = options;
  const leaseUntil = now + leaseMs;
  if (dialect === 'postgres') {
    // SKIP LOCKED lets concurrent workers each take a different slice of the due rows without waiting.
    const result = await sql<ClaimedDelivery>`
      update webhook_deliveries set lease_until = ${leaseUntil}, lease_token = ${token}
      where id in (
        select id from webhook_deliveries
        where next_attempt_at is not null and next_attempt_at <= ${now}
          and (lease_until is null or lease_until < ${now})
        order by next_attempt_at
        limit ${limit}
        for update skip locked
      )
      returning id, webhook_id, event, body, attempt_count, lease_token`.execute(db);
    return result.rows;
  }
  // SQLite serializes writers, so one UPDATE ... RETURNING is already an atomic claim.
  return db
    .updateTable('webhook_deliveries')
    .set({ lease_until: leaseUntil, lease_token: token })
    .where('id', 'in', (qb) =>
      qb
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('next_attempt_at', 'is not', null)
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
        .orderBy('next_attempt_at')
        .limit(limit),
    )
    .returning(['id', 'webhook_id', 'event', 'body', 'attempt_count', 'lease_token'])
    .execute() as Promise<ClaimedDelivery[]>;
}

/** The earliest time a queued delivery becomes due or a lease runs out (null when nothing is queued). */
export async function nextWakeAt(db: Executor): Promise<number | null> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select([
      sql<number | null>`min(case when lease_until is null then next_attempt_at end)`.as('due'),
      sql<number | null>`min(lease_until)`.as('lease'),
    ])
    .where('next_attempt_at', 'is not', null)
    .executeTakeFirst();
  const times = [row?.due, row?.lease].filter((t) => t !== null && t !== undefined).map(Number);
  return times.length ? Math.min(...times) : null;
}

export interface AttemptOutcome {
  success: boolean;
  statusCode: number | null;
  finishedAt: number;
  /** When the next attempt is due, or null when the series is over. */
  nextAttemptAt: number | null;
}

/**
 * Records one finished attempt, only if the caller still holds the lease; returns false (and writes
 * nothing) otherwise. The webhook's last delivery and breaker count move in the same transaction.
 */
export async function recordAttempt(trx: Executor, claimed: ClaimedDelivery, outcome: AttemptOutcome): Promise<boolean> {
  const updated = await trx
    .updateTable('webhook_deliveries')
    .set({
      status: outcome.success ? 'success' : 'failed',
      status_code: outcome.statusCode,
      attempt_count: claimed.attempt_count + 1,
      completed_at: outcome.finishedAt,
      next_attempt_at: outcome.nextAttemptAt,
      lease_until: null,
      lease_token: null,
    })
    .where('id', '=', claimed.id)
    .where('lease_token', '=', claimed.lease_token)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return false;
  await trx
    .updateTable('webhooks')
    .set((eb) => ({
      last_delivery_at: outcome.finishedAt,
      last_delivery_status: outcome.success ? 'success' : 'failed',
      failure_count: outcome.success ? 0 : eb('failure_count', '+', 1),
    }))
    .where('id', '=', claimed.webhook_id)
    .execute();
  return true;
}

/** Gives a claimed delivery back without counting an attempt (e.g. on shutdown before sending). */
export async function releaseLease(db: Executor, claimed: ClaimedDelivery): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ lease_until: null, lease_token: null })
    .where('id', '=', claimed.id)
    .where('lease_token', '=', claimed.lease_token)
    .execute();
}

export function findTargets(db: Executor, webhookIds: string[]) {
  if (webhookIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('webhooks').select(['id', 'url', 'secret', 'is_active']).where('id', 'in', webhookIds).execute();
}

/** Delivery history of one webhook: only series whose first attempt has finished, newest first. */
export async function listDeliveries(db: Executor, webhookId: string, offset: number, limit: number) {
  const base = db.selectFrom('webhook_deliveries').where('webhook_id', '=', webhookId).where('attempt_count', '>', 0);
  const [rows, count] = await Promise.all([
    base
      .select(['id', 'event', 'status', 'status_code', 'attempt_count', 'created_at', 'completed_at', 'next_attempt_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Ends a claimed delivery's series without an attempt (its webhook was deactivated). */
export async function cancelDelivery(db: Executor, claimed: ClaimedDelivery): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ next_attempt_at: null, lease_until: null, lease_token: null })
    .where('id', '=', claimed.id)
    .where('lease_token', '=', claimed.lease_token)
    .execute();
}
