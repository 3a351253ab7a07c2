import { sql, type ExpressionBuilder } from 'kysely';
import type { Sql } from '../db/database.js';
import type { Database } from '../db/schema.js';

// The delivery queue as the workers see it. A worker serves every organization, so these run on the
// cross-tenant handle; once a delivery is claimed its organization is known, and every write of its
// row (or of its webhook's) names it as well.
//
// A row is due while next_attempt_at <= now; a worker claims it by writing a lease (lease_until,
// lease_token) and may only record the outcome while the token is still its own, so a worker that
// lost its lease never records twice.

/** A leased delivery with everything its attempt needs: the webhook's target and the event's time. */
export interface ClaimedDelivery {
  id: string;
  organization_id: string;
  webhook_id: string;
  event: string;
  /** The stored request body, sent as is. */
  body: string;
  attempt_count: number;
  lease_token: string;
  /** When the event happened (the payload's timestamp). */
  created_at: number;
  /** The webhook, as the claim found it. */
  url: string;
  secret: string;
  is_active: number;
}

/** A column of the delivery's webhook, read by the claim itself (no second round trip). */
const webhookColumn = (eb: ExpressionBuilder<Database, 'webhook_deliveries'>, column: 'url' | 'secret' | 'is_active') =>
  eb
    .selectFrom('webhooks')
    .select(column)
    .whereRef('webhooks.id', '=', 'webhook_deliveries.webhook_id')
    .whereRef('webhooks.organization_id', '=', 'webhook_deliveries.organization_id')
    .as(column);

/** Leases up to `limit` due deliveries (oldest due first) to `token` until now + leaseMs. */
export async function claimDueDeliveries(
  s: Sql,
  options: { now: number; leaseMs: number; limit: number; token: string },
): Promise<ClaimedDelivery[]> {
  const { now, leaseMs, limit, token } = options;
  const rows = await s.db
    .updateTable('webhook_deliveries')
    .set({ lease_until: now + leaseMs, lease_token: token })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('next_attempt_at', 'is not', null)
        .where('next_attempt_at', '<=', now)
        .where((w) => w.or([w('lease_until', 'is', null), w('lease_until', '<', now)]))
        .orderBy('next_attempt_at')
        .limit(limit)
        // SKIP LOCKED lets concurrent workers each take a different slice of the due rows without
        // waiting. Where there are no row locks, writers are serialized: the UPDATE is atomic anyway.
        .$if(s.rowLocks, (q) => q.forUpdate().skipLocked()),
    )
    .returning((eb) => [
      'id',
      'organization_id',
      'webhook_id',
      'event',
      'body',
      'attempt_count',
      'lease_token',
      'created_at',
      webhookColumn(eb, 'url'),
      webhookColumn(eb, 'secret'),
      webhookColumn(eb, 'is_active'),
    ])
    .execute();
  // The webhook cannot be missing: deleting it deletes its deliveries (foreign key cascade).
  return rows as ClaimedDelivery[];
}

/** The earliest time a queued delivery becomes due or a lease runs out (null when nothing is queued). */
export async function nextWakeAt(s: Sql): Promise<number | null> {
  const row = await s.db
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

/** The claimed row, while the claim still holds its lease. */
function heldRow(s: Sql, claimed: ClaimedDelivery) {
  return s.db
    .updateTable('webhook_deliveries')
    .where('id', '=', claimed.id)
    .where('organization_id', '=', claimed.organization_id)
    .where('lease_token', '=', claimed.lease_token);
}

/**
 * Records one finished attempt, only if the caller still holds the lease; returns false (and writes
 * nothing) otherwise. Run it in a transaction: the webhook's last delivery and breaker count move
 * with it.
 */
export async function recordAttempt(s: Sql, claimed: ClaimedDelivery, outcome: AttemptOutcome): Promise<boolean> {
  const updated = await heldRow(s, claimed)
    .set({
      status: outcome.success ? 'success' : 'failed',
      status_code: outcome.statusCode,
      attempt_count: claimed.attempt_count + 1,
      completed_at: outcome.finishedAt,
      next_attempt_at: outcome.nextAttemptAt,
      lease_until: null,
      lease_token: null,
    })
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return false;
  await s.db
    .updateTable('webhooks')
    .set((eb) => ({
      last_delivery_at: outcome.finishedAt,
      last_delivery_status: outcome.success ? 'success' : 'failed',
      failure_count: outcome.success ? 0 : eb('failure_count', '+', 1),
    }))
    .where('id', '=', claimed.webhook_id)
    .where('organization_id', '=', claimed.organization_id)
    .execute();
  return true;
}

/** Gives a claimed delivery back without counting an attempt (e.g. on shutdown before sending). */
export async function releaseLease(s: Sql, claimed: ClaimedDelivery): Promise<void> {
  await heldRow(s, claimed).set({ lease_until: null, lease_token: null }).execute();
}

/** Ends a claimed delivery's series without an attempt (its webhook was deactivated). */
export async function cancelDelivery(s: Sql, claimed: ClaimedDelivery): Promise<void> {
  await heldRow(s, claimed).set({ next_attempt_at: null, lease_until: null, lease_token: null }).execute();
}
