import { sql, type CompiledQuery, type SqlBool } from 'kysely';
import type { SharedWrite, Sql, TenantDb } from '../db/database.js';
import { jsonTable } from '../db/json-rows.js';
import { statementTemplate, type StatementsTemplate, type StatementTemplate } from '../db/statement-template.js';
import {
  BOOKKEEPING_INTERVAL_MS,
  bookkeepingChanges,
  summarizeAttempts,
  type WebhookBookkeeping,
} from './delivery-policy.js';
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
  const held = new Set((await t.db.executeQuery(boundRecordQuery(t, items))).rows.map((r) => r.id));
  const recorded = items.filter((i) => held.has(i.claimed.id));
  if (recorded.length === 0) return recorded;
  // Nothing after them reads what they write: on PostgreSQL they leave as one statement with the
  // COMMIT (Sql.writeLast), two round trips fewer per batch (each a socket write and a backend's
  // wake-up, the dearest part of a short statement here); a failure of theirs fails the COMMIT, and the
  // whole record, as it failed the record before.
  const sentinels = { ...TAIL_SENTINELS, organizationId: t.organizationId };
  await t.writeLastBound(
    tailTemplates,
    () => [bookkeepingWrite(t, sentinels.bookkeeping), totalsWrite(t, sentinels.totals)],
    sentinels,
    {
      bookkeeping: bookkeepingRows(summarizeAttempts(recorded.map(finishedAttempt))),
      totals: firstAttemptRows(recorded),
      organizationId: t.organizationId,
    },
  );
  return recorded;
}

// A record's statements are built and compiled once per engine and bound at each call
// (statement-template.ts): built through Kysely at every record of a few attempts, they were most of
// Kysely's share of a worker's CPU. Every input the size of the batch is one JSON parameter, so each
// statement has one text whatever the batch (a batch of retries alone moves no totals: their rows are
// the empty list). The organization's sentinel is the first caller's (a uuid, among parameters that
// are JSON texts and constants).
const TAIL_SENTINELS = { bookkeeping: '\u0000record-bookkeeping', totals: '\u0000record-totals' };
const tailTemplates = new WeakMap<object, StatementsTemplate<typeof TAIL_SENTINELS & { organizationId: string }>>();

/** The outcomes as the rows of one JSON parameter: one statement text whatever the batch size. */
const outcomeRows = (items: readonly FinishedDelivery[]) =>
  JSON.stringify(
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

/**
 * PostgreSQL: the batch's ids, once more, as a condition on the primary key. A function's rows are
 * estimated at 100 whatever the batch, so the generic plan of the join alone read the organization's
 * whole delivery history (a bitmap scan of the primary key on organization_id) and hashed it against
 * the batch: 7 ms at 15,000 deliveries, growing with the history, for every record. With the ids
 * named, the primary key is probed for them alone (test/webhooks-record-plan.test.ts). SQLite
 * already loops over json_each and probes the primary key for each row.
 */
const batchIds = (t: TenantDb, ids: readonly string[]) =>
  t.pick({
    sqlite: sql``,
    postgres: sql`and webhook_deliveries.id = any(cast(${ids} as uuid[]))`,
  });

/** The statement writing the outcomes of the rows whose lease token is still the claim's, returning their ids. */
const recordDeliveriesQuery = (t: TenantDb, rows: string, ids: readonly string[]) => sql<{ id: string }>`
    update webhook_deliveries set status = v.status, status_code = v.status_code, attempt_count = v.attempt_count,
      completed_at = v.completed_at, next_attempt_at = v.next_attempt_at, lease_until = null, lease_token = null
    from ${jsonTable(t, rows, OUTCOME_COLUMNS)} as v ${t.pick({ sqlite: sql``, postgres: sql`cross join (select ${asyncCommit()}) as commit_mode` })}
    where webhook_deliveries.organization_id = ${t.organizationId} ${batchIds(t, ids)}
      and webhook_deliveries.id = v.id and webhook_deliveries.lease_token = v.token
    returning webhook_deliveries.id`;

const OUTCOME_COLUMNS = {
  id: 'uuid',
  token: 'text',
  status: 'text',
  status_code: 'integer',
  attempt_count: 'integer',
  completed_at: 'bigint',
  next_attempt_at: 'bigint',
};

// The ids' sentinel is an array of its own (told apart by identity); SQLite's statement has no ids.
const RECORD_SENTINELS = { rows: '\u0000record-rows', ids: ['\u0000record-ids'] as readonly string[] };
type RecordValues = typeof RECORD_SENTINELS & { organizationId: string };
const recordTemplates = new WeakMap<object, StatementTemplate<RecordValues, { id: string }>>();

/** The statement recording `items` (recordDeliveriesQuery), compiled for `t`'s engine once and bound to them. */
export function boundRecordQuery(t: TenantDb, items: readonly FinishedDelivery[]): CompiledQuery<{ id: string }> {
  const organizationId = t.organizationId;
  const template = t.template(recordTemplates, () => {
    const { rows, ids } = RECORD_SENTINELS;
    const compiled = recordDeliveriesQuery(t, rows, ids).compile(t.db);
    // A template of the values a statement has: an ids value bound on SQLite goes nowhere.
    const sentinels = t.pick<Partial<RecordValues>>({
      sqlite: { rows, organizationId },
      postgres: { rows, ids, organizationId },
    });
    return statementTemplate(compiled, sentinels as RecordValues);
  });
  return template.bind({ rows: outcomeRows(items), ids: items.map((i) => i.claimed.id), organizationId });
}

/** The summaries as the rows of one JSON parameter. */
const bookkeepingRows = (summaries: readonly WebhookBookkeeping[]) =>
  JSON.stringify(
    summaries.map((b) => ({
      id: b.webhookId,
      reset: b.reset ? 1 : 0,
      failures: b.failures,
      last_at: b.lastAt,
      last_status: b.lastStatus,
    })),
  );

/**
 * The statement applying each summary (bookkeepingRows) to its webhook row, writing only the rows it
 * changes (bookkeepingChanges in SQL).
 */
function bookkeepingWrite(t: TenantDb, rows: string): SharedWrite {
  return t.db
    .updateTable('webhooks')
    .from(
      jsonTable(t, rows, {
        id: 'uuid',
        reset: 'integer',
        failures: 'integer',
        last_at: 'bigint',
        last_status: 'text',
      }).as('v'),
    )
    .set({
      failure_count: sql`case when v.reset = 1 then v.failures else webhooks.failure_count + v.failures end`,
      last_delivery_at: sql`v.last_at`,
      last_delivery_status: sql`v.last_status`,
    })
    .where('webhooks.organization_id', '=', t.organizationId)
    .where(sql<SqlBool>`webhooks.id = v.id
      and (v.reset = 0 or webhooks.failure_count <> v.failures
        or webhooks.last_delivery_status is null or webhooks.last_delivery_status <> v.last_status
        or webhooks.last_delivery_at is null or webhooks.last_delivery_at < v.last_at - cast(${BOOKKEEPING_INTERVAL_MS} as bigint))`);
}

/**
 * A record enters its webhook's history when its first attempt is recorded: the batch's first
 * attempts per webhook (in webhook id order) as the rows of one JSON parameter.
 */
function firstAttemptRows(recorded: readonly FinishedDelivery[]): string {
  const perWebhook = new Map<string, number>();
  for (const { claimed } of recorded) {
    if (claimed.attempt_count === 0) perWebhook.set(claimed.webhook_id, (perWebhook.get(claimed.webhook_id) ?? 0) + 1);
  }
  return JSON.stringify([...perWebhook].sort(([a], [b]) => (a < b ? -1 : 1)).map(([id, n]) => ({ id, n })));
}

/**
 * The statement moving the history totals (webhook_delivery_totals, read by the deliveries list
 * instead of counting) by firstAttemptRows, its rows locked after the deliveries' like every other
 * write of this transaction.
 */
function totalsWrite(t: TenantDb, rows: string): SharedWrite {
  return t.db
    .updateTable('webhook_delivery_totals')
    .from(jsonTable(t, rows, { id: 'uuid', n: 'bigint' }).as('v'))
    .set({ total: sql`webhook_delivery_totals.total + v.n` })
    .where('webhook_delivery_totals.organization_id', '=', t.organizationId)
    .where(sql<SqlBool>`webhook_delivery_totals.webhook_id = v.id`);
}
