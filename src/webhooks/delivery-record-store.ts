import { sql, type SqlBool } from 'kysely';
import type { SharedWrite, Sql, TenantDb } from '../db/database.js';
import { BOOKKEEPING_INTERVAL_MS, bookkeepingChanges, summarizeAttempts, type WebhookBookkeeping } from './delivery-policy.js';
import { asyncCommit, type ClaimedDelivery } from './delivery-claim-store.js';

// Recording finished attempts, many at once: one transaction per organization in the batch, with one
// statement for all of its deliveries and at most one for its webhooks' bookkeeping (failure count
// and last delivery), which is only written when it changes (delivery-policy.ts). A delivery is only
// recorded while the caller still holds its lease, so a worker that lost its lease never records twice.
//
// Lock order: webhook rows before delivery rows, the order of a webhook's deletion (which cascades to
// its deliveries), so recording and `DELETE /webhooks/{id}` do not deadlock. The webhook rows a batch
// will write are predicted from the state the claim read and locked first, in id order (two workers
// recording for the same webhooks cannot deadlock either); an unpredicted write (the state moved since
// the claim) may still meet a deletion, and the transaction is then retried like any deadlock.

export interface AttemptOutcome {
  success: boolean;
  statusCode: number | null;
  finishedAt: number;
  /** When the next attempt is due, or null when the series is over. */
  nextAttemptAt: number | null;
}

export interface FinishedDelivery {
  claimed: ClaimedDelivery;
  outcome: AttemptOutcome;
}

/** Records the attempts whose lease is still held; returns those it recorded. */
export async function recordAttempts(s: Sql, finished: readonly FinishedDelivery[]): Promise<FinishedDelivery[]> {
  const byOrganization = new Map<string, FinishedDelivery[]>();
  for (const f of finished) {
    const list = byOrganization.get(f.claimed.organization_id);
    if (list) list.push(f);
    else byOrganization.set(f.claimed.organization_id, [f]);
  }
  const recorded: FinishedDelivery[] = [];
  for (const [organizationId, items] of byOrganization) {
    recorded.push(...(await s.forOrganization(organizationId).transaction((t) => recordOrganization(t, items))));
  }
  return recorded;
}

/** Records one finished attempt (see recordAttempts); false when the lease was no longer the caller's. */
export async function recordAttempt(s: Sql, claimed: ClaimedDelivery, outcome: AttemptOutcome): Promise<boolean> {
  return (await recordAttempts(s, [{ claimed, outcome }])).length === 1;
}

const finishedAttempt = ({ claimed, outcome }: FinishedDelivery) => ({
  webhookId: claimed.webhook_id,
  success: outcome.success,
  finishedAt: outcome.finishedAt,
});

async function recordOrganization(t: TenantDb, items: FinishedDelivery[]): Promise<FinishedDelivery[]> {
  const claimedState = new Map(items.map((i) => [i.claimed.webhook_id, i.claimed]));
  const toLock = summarizeAttempts(items.map(finishedAttempt))
    .filter((summary) => bookkeepingChanges(claimedState.get(summary.webhookId)!, summary))
    .map((summary) => summary.webhookId);
  if (toLock.length > 0 && t.rowLocks) {
    await t.selectFrom('webhooks').select('id').where('id', 'in', toLock).orderBy('id').forNoKeyUpdate().execute();
  }
  const held = await updateDeliveries(t, items);
  const recorded = items.filter((i) => held.has(i.claimed.id));
  // Nothing after them reads what they write: on PostgreSQL they leave as one statement with the
  // COMMIT (Sql.writeLast), two round trips fewer per batch (each a socket write and a backend's
  // wake-up, the dearest part of a short statement here); a failure of theirs fails the COMMIT, and the
  // whole record, as it failed the record before.
  await t.writeLast([
    bookkeepingWrite(t, summarizeAttempts(recorded.map(finishedAttempt))),
    firstAttemptsWrite(t, recorded),
  ]);
  return recorded;
}

// VALUES lists (the per-webhook statements) with CAST on every typed column: PostgreSQL types a VALUES
// column from its first row, and parameters alone would be text. Both engines name VALUES columns
// column1, column2, …

/**
 * The outcomes as rows of one JSON parameter, whatever the batch size: one statement text (prepared
 * once on SQLite, planned alike on PostgreSQL) and one parameter, where a VALUES list had seven per
 * attempt and a new text for every batch size.
 */
function outcomeRows(t: TenantDb, items: FinishedDelivery[]) {
  const rows = JSON.stringify(
    items.map(({ claimed, outcome }) => ({
      id: claimed.id,
      token: claimed.lease_token,
      status: outcome.success ? 'success' : 'failed',
      status_code: outcome.statusCode,
      attempt_count: claimed.attempt_count + 1,
      completed_at: outcome.finishedAt,
      next_attempt_at: outcome.nextAttemptAt,
    })),
  );
  return t.pick({
    sqlite: sql`(select value ->> 'id' as id, value ->> 'token' as token, value ->> 'status' as status,
        value ->> 'status_code' as status_code, value ->> 'attempt_count' as attempt_count,
        value ->> 'completed_at' as completed_at, value ->> 'next_attempt_at' as next_attempt_at
      from json_each(${rows})) as v`,
    postgres: sql`json_to_recordset(cast(${rows} as json)) as v(id uuid, token text, status text, status_code integer,
        attempt_count integer, completed_at bigint, next_attempt_at bigint)
      cross join (select ${asyncCommit()}) as commit_mode`,
  });
}

/**
 * PostgreSQL: the batch's ids, once more, as a condition on the primary key. A function's rows are
 * estimated at 100 whatever the batch, so the generic plan of the join alone read the organization's
 * whole delivery history (a bitmap scan of the primary key on organization_id) and hashed it against
 * the batch: 7 ms at 15,000 deliveries, growing with the history, for every record. With the ids
 * named, the primary key is probed for them alone (test/webhooks-record-plan.test.ts). SQLite
 * already loops over json_each and probes the primary key for each row.
 */
const batchIds = (t: TenantDb, items: FinishedDelivery[]) =>
  t.pick({
    sqlite: sql``,
    postgres: sql`and webhook_deliveries.id = any(cast(${items.map((i) => i.claimed.id)} as uuid[]))`,
  });

/** The statement writing the outcomes of the rows whose lease token is still the claim's, returning their ids. */
export const recordDeliveriesQuery = (t: TenantDb, items: FinishedDelivery[]) => sql<{ id: string }>`
    update webhook_deliveries set status = v.status, status_code = v.status_code, attempt_count = v.attempt_count,
      completed_at = v.completed_at, next_attempt_at = v.next_attempt_at, lease_until = null, lease_token = null
    from ${outcomeRows(t, items)}
    where webhook_deliveries.organization_id = ${t.organizationId} ${batchIds(t, items)}
      and webhook_deliveries.id = v.id and webhook_deliveries.lease_token = v.token
    returning webhook_deliveries.id`;

/** Writes the outcomes of the rows whose lease token is still the claim's; returns their ids. */
async function updateDeliveries(t: TenantDb, items: FinishedDelivery[]): Promise<Set<string>> {
  const result = await recordDeliveriesQuery(t, items).execute(t.db);
  return new Set(result.rows.map((r) => r.id));
}

/**
 * The statement applying each summary to its webhook row, writing only the rows it changes
 * (bookkeepingChanges in SQL); null when there is nothing to apply.
 */
function bookkeepingWrite(t: TenantDb, summaries: WebhookBookkeeping[]): SharedWrite | null {
  if (summaries.length === 0) return null;
  const values = summaries.map(
    (b) => sql`(${t.idValue(b.webhookId)}, cast(${b.reset ? 1 : 0} as integer), cast(${b.failures} as integer), cast(${b.lastAt} as bigint), ${b.lastStatus})`,
  );
  return t.db
    .updateTable('webhooks')
    .from(sql`(values ${sql.join(values)})`.as('v'))
    .set({
      failure_count: sql`case when v.column2 = 1 then v.column3 else webhooks.failure_count + v.column3 end`,
      last_delivery_at: sql`v.column4`,
      last_delivery_status: sql`v.column5`,
    })
    .where('webhooks.organization_id', '=', t.organizationId)
    .where(sql<SqlBool>`webhooks.id = v.column1
      and (v.column2 = 0 or webhooks.failure_count <> v.column3
        or webhooks.last_delivery_status is null or webhooks.last_delivery_status <> v.column5
        or webhooks.last_delivery_at is null or webhooks.last_delivery_at < v.column4 - cast(${BOOKKEEPING_INTERVAL_MS} as bigint))`);
}

/**
 * A record enters its webhook's history when its first attempt is recorded: the statement moving the
 * history totals (webhook_delivery_totals, read by the deliveries list instead of counting) by the
 * batch's first attempts, its rows locked after the deliveries' like every other write of this
 * transaction; null when the batch has none.
 */
function firstAttemptsWrite(t: TenantDb, recorded: FinishedDelivery[]): SharedWrite | null {
  const perWebhook = new Map<string, number>();
  for (const { claimed } of recorded) {
    if (claimed.attempt_count === 0) perWebhook.set(claimed.webhook_id, (perWebhook.get(claimed.webhook_id) ?? 0) + 1);
  }
  if (perWebhook.size === 0) return null;
  const values = [...perWebhook].sort(([a], [b]) => (a < b ? -1 : 1)).map(([id, n]) => sql`(${t.idValue(id)}, cast(${n} as bigint))`);
  return t.db
    .updateTable('webhook_delivery_totals')
    .from(sql`(values ${sql.join(values)})`.as('v'))
    .set({ total: sql`webhook_delivery_totals.total + v.column2` })
    .where('webhook_delivery_totals.organization_id', '=', t.organizationId)
    .where(sql<SqlBool>`webhook_delivery_totals.webhook_id = v.column1`);
}
