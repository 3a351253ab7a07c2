import { sql, type CompiledQuery, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { statementTemplate, type StatementTemplate } from '../db/statement-template.js';
import type { TenantDb } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { shareEventData } from './delivery-body.js';

// A claim within one organization, through its handle: the due rows it leases, with what their
// attempts need (the webhook's target and bookkeeping, the event's data). Which organizations to
// claim in, and in what order, is the queue's walk (delivery-queue-store.ts).

/** A leased delivery with everything its attempt needs: the webhook's target and the event's time. */
export interface ClaimedDelivery {
  id: string;
  organization_id: string;
  webhook_id: string;
  event: string;
  /** The row's own request body, or '' when it is built from the event (delivery-body.ts). */
  body: string;
  event_id: string | null;
  /** The event's stored data (null for rows with their own body, or when the event is gone). */
  event_data: string | null;
  attempt_count: number;
  /** When it was due: a worker's next claim in the organization may resume here (ClaimOptions.from). */
  next_attempt_at: number;
  lease_token: string;
  /** When the event happened (the payload's timestamp). */
  created_at: number;
  /** The webhook, as the claim found it. */
  url: string;
  secret: string;
  is_active: number;
  /** The webhook's bookkeeping as the claim found it: predicts which webhook rows recording will write. */
  failure_count: number;
  last_delivery_status: string | null;
  last_delivery_at: number | null;
  previous_secret: string | null;
  previous_secret_expires_at: number | null;
}

/** Due for an attempt, at or after `from`, and not leased (or its lease ran out): the rows a claim may take. */
const claimable = (now: number, from: number) => (eb: ExpressionBuilder<Database, 'webhook_deliveries'>) =>
  eb.and([
    // Spelled out although `<= now` implies it: it is what lets SQLite use the partial queue index.
    eb('next_attempt_at', 'is not', null),
    eb('next_attempt_at', '>=', from),
    eb('next_attempt_at', '<=', now),
    eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]),
  ]);

export interface ClaimOptions {
  now: number;
  leaseMs: number;
  limit: number;
  token: string;
  /**
   * Only rows due at or after this time (epoch ms; default: every due row): where a worker's claim
   * resumes reading the queue (claim-resume.ts).
   */
  from?: number;
}

/** ClaimOptions.from when the whole queue is read: before every time a row is due. */
export const FROM_START = Number.MIN_SAFE_INTEGER;

/**
 * PostgreSQL: the statement's (or transaction's) commit does not wait for its WAL to reach disk.
 * For the worker's own bookkeeping only (leases and recorded attempts): a database crash may lose
 * the last few hundred milliseconds of them, and what was lost is attempted again once its lease has
 * run out (at least once, as after a worker crash), never half-recorded (a transaction stays atomic).
 * Ticket creates no longer queue their commits' WAL flushes behind the worker's. Used as a value
 * inside a statement, so it costs no round trip and applies to that statement's transaction only.
 */
export const asyncCommit = () => sql<string>`set_config('synchronous_commit', 'off', true)`;

const DELIVERY_COLUMNS = [
  'id',
  'organization_id',
  'webhook_id',
  'event',
  'body',
  'event_id',
  'attempt_count',
  'next_attempt_at',
  'lease_token',
  'created_at',
] as const;
const WEBHOOK_COLUMNS = [
  'url',
  'secret',
  'is_active',
  'failure_count',
  'last_delivery_status',
  'last_delivery_at',
  'previous_secret',
  'previous_secret_expires_at',
] as const;

/**
 * Whether the claim statement itself joins the leased rows to their webhooks and events (PostgreSQL),
 * or returns the rows for readTargets to complete in the claim's transaction (SQLite: no UPDATE in WITH).
 */
const CLAIM_JOINS_TARGETS = { sqlite: false, postgres: true };

/** The statement leasing up to `limit` of the organization's due deliveries (oldest due first) to `token`. */
export function organizationClaimQuery(t: TenantDb, options: ClaimOptions) {
  const { now, leaseMs, limit, token, from = FROM_START } = options;
  const due = t
    .selectFrom('webhook_deliveries')
    .select('id')
    .where(claimable(now, from))
    .orderBy('next_attempt_at')
    // PostgreSQL plans a named statement afresh at each execution while its custom plans look cheaper
    // than the generic one. `limit $n` made them look so: a custom plan reads 64 rows, a generic one
    // 10 % of the due rows, for the very same plan, so the claim was planned every time (0.5 ms, half
    // of what the statement costs). A limit read from a subquery is estimated alike by both: the
    // generic plan is kept after five executions (test/webhooks-claim.test.ts).
    .limit(t.pick({ sqlite: sql<number>`${limit}`, postgres: sql<number>`(select cast(${limit} as bigint))` }))
    // SKIP LOCKED lets concurrent workers each take a different slice of the due rows without
    // waiting. Where there are no row locks, writers are serialized: the UPDATE is atomic anyway.
    .$if(t.rowLocks, (q) => q.forUpdate().skipLocked());
  const lease = t
    .updateTable('webhook_deliveries')
    .set({ lease_until: now + leaseMs, lease_token: token })
    // PostgreSQL may run an `id IN (subquery)` as a semi-join that rescans the subquery for each row
    // of the organization, and each rescan skips the rows the statement already updated and locks
    // `limit` more: it did, once the UPDATE named the organization. ARRAY(subquery) is an InitPlan,
    // run exactly once. SQLite runs an uncorrelated IN list once.
    .where((eb) =>
      t.pick<Expression<SqlBool>>({ sqlite: eb('id', 'in', due), postgres: sql<SqlBool>`id = any(array(${due}))` }),
    );
  if (!t.pick(CLAIM_JOINS_TARGETS)) return lease.returning([...DELIVERY_COLUMNS]);
  // PostgreSQL: the leased rows joined once to their webhooks and events. (Eight correlated
  // subqueries in RETURNING were eight scans of webhooks per claimed row: the claim was the worker's
  // costliest statement.) The joins name the organization as a value, like every condition here.
  const org = t.organizationId;
  return t.db
    .with('claimed', () => lease.returning([...DELIVERY_COLUMNS]))
    .with('commit_mode', (db) => db.selectNoFrom(asyncCommit().as('synchronous_commit')))
    .selectFrom('claimed')
    .innerJoin('commit_mode', (j) => j.onTrue())
    .innerJoin('webhooks', (j) =>
      j.on('webhooks.organization_id', '=', org).onRef('webhooks.id', '=', 'claimed.webhook_id'),
    )
    .leftJoin('events', (j) => j.on('events.organization_id', '=', org).onRef('events.id', '=', 'claimed.event_id'))
    .select([
      ...DELIVERY_COLUMNS.map((c) => `claimed.${c}` as const),
      // An event's data once, with the first of its rows: the rest of them get the same string
      // (shareEventData). Each row carried its own copy (~1 KB for a ticket), sent, decoded and
      // collected ten times for an event with ten webhooks.
      sql<
        string | null
      >`case when row_number() over (partition by claimed.event_id order by claimed.id) = 1 then events.data end`.as(
        'event_data',
      ),
      ...WEBHOOK_COLUMNS.map((c) => `webhooks.${c}` as const),
    ]);
}

// The claim is compiled once per engine and bound at each call (statement-template.ts): built through
// Kysely at every claim, it was 4-5 % of a worker's CPU when claims take a few deliveries each. Its
// varying values are compiled as sentinels no constant of the statement can equal; the organization
// is the first caller's (a uuid, among parameters that are times, a limit, a token and constants).
const CLAIM_SENTINELS = {
  now: -1_000_001,
  leaseUntil: -1_000_002,
  limit: -1_000_003,
  from: -1_000_004,
  token: '\u0000claim-token',
};
type ClaimValues = typeof CLAIM_SENTINELS & { organizationId: string };
const claimTemplates = new WeakMap<object, StatementTemplate<ClaimValues>>();

/** The claim of organizationClaimQuery, compiled for `t`'s engine once, with these values. */
export function boundClaimQuery(t: TenantDb, options: ClaimOptions): CompiledQuery {
  const template = t.template(claimTemplates, () => {
    const { now, leaseUntil, limit, token, from } = CLAIM_SENTINELS;
    const compiled = organizationClaimQuery(t, { now, leaseMs: leaseUntil - now, limit, token, from }).compile();
    return statementTemplate(compiled, { ...CLAIM_SENTINELS, organizationId: t.organizationId });
  });
  const { now, leaseMs, limit, token, from = FROM_START } = options;
  return template.bind({ now, leaseUntil: now + leaseMs, limit, token, from, organizationId: t.organizationId });
}

/** Leases up to `limit` of the organization's due deliveries (oldest due first) to `token` until now + leaseMs. */
export async function claimOrganizationDeliveries(t: TenantDb, options: ClaimOptions): Promise<ClaimedDelivery[]> {
  // PostgreSQL: one statement, joined to the webhooks and events. The webhook cannot be missing:
  // deleting it deletes its deliveries (foreign key cascade).
  if (t.pick(CLAIM_JOINS_TARGETS))
    return shareEventData((await t.db.executeQuery(boundClaimQuery(t, options))).rows as ClaimedDelivery[]);
  return t.transaction(async (tx) => {
    const { rows } = await tx.db.executeQuery(boundClaimQuery(tx, options));
    return rows.length === 0 ? [] : readTargets(tx, rows as LeasedDelivery[]);
  });
}

type LeasedDelivery = Pick<ClaimedDelivery, (typeof DELIVERY_COLUMNS)[number]>;
type Webhook = Pick<ClaimedDelivery, (typeof WEBHOOK_COLUMNS)[number]> & { id: string };

/** Distinct ids as one JSON parameter: one statement text whatever their number (prepared once). */
const idList = (ids: Iterable<string>) =>
  sql<string>`(select value from json_each(${JSON.stringify([...new Set(ids)])}))`;

/**
 * SQLite: the leased rows' webhooks and events, each read once by primary key, in the claim's
 * transaction (nothing can delete them in between). Nine correlated subqueries per row in the
 * claim's RETURNING read the same few webhooks for every row (the claim was 11 % of the delivery
 * thread's CPU), and each row carried its own copy of its event's data, garbage to collect. The rows
 * of one event now share one string, so its body is built and encoded once (delivery-body.ts).
 */
async function readTargets(t: TenantDb, leased: LeasedDelivery[]): Promise<ClaimedDelivery[]> {
  const webhooks = new Map(
    (
      await t
        .selectFrom('webhooks')
        .select(['id', ...WEBHOOK_COLUMNS])
        .where('id', 'in', idList(leased.map((d) => d.webhook_id)))
        .execute()
    ).map((w) => [w.id, w as Webhook]),
  );
  const eventIds = leased.flatMap((d) => (d.event_id === null || d.body !== '' ? [] : [d.event_id]));
  const events = new Map(
    eventIds.length === 0
      ? []
      : (await t.selectFrom('events').select(['id', 'data']).where('id', 'in', idList(eventIds)).execute()).map((e) => [
          e.id,
          e.data,
        ]),
  );
  // One object literal per row: rest-and-spread copies of the rows measured slower than the
  // subqueries they replace, in the copy and in every later read of a delivery.
  return leased.map((d) => {
    const w = webhooks.get(d.webhook_id)!;
    return {
      id: d.id,
      organization_id: d.organization_id,
      webhook_id: d.webhook_id,
      event: d.event,
      body: d.body,
      event_id: d.event_id,
      event_data: d.event_id === null ? null : (events.get(d.event_id) ?? null),
      attempt_count: d.attempt_count,
      next_attempt_at: d.next_attempt_at,
      lease_token: d.lease_token,
      created_at: d.created_at,
      url: w.url,
      secret: w.secret,
      is_active: w.is_active,
      failure_count: w.failure_count,
      last_delivery_status: w.last_delivery_status,
      last_delivery_at: w.last_delivery_at,
      previous_secret: w.previous_secret,
      previous_secret_expires_at: w.previous_secret_expires_at,
    };
  });
}
