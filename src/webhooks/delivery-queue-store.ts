import { sql, type RawBuilder } from 'kysely';
import type { Sql } from '../db/database.js';
import { statementTemplate, type StatementTemplate } from '../db/statement-template.js';
import type { ClaimResume } from './claim-resume.js';
import {
  claimOrganizationDeliveries,
  FROM_START,
  type ClaimedDelivery,
  type ClaimOptions,
} from './delivery-claim-store.js';

// The delivery queue as the workers see it. A worker serves every organization: it finds which ones
// have due deliveries on the cross-tenant handle (reading only), then claims within one organization
// at a time through its handle; once a delivery is claimed its organization is known, and every
// write of its row (or of its webhook's) names it as well.
//
// A row is due while next_attempt_at <= now; a worker claims it by writing a lease (lease_until,
// lease_token) and may only record the outcome while the token is still its own, so a worker that
// lost its lease never records twice. The claim within one organization is delivery-claim-store.ts.

/**
 * Up to `limit` organizations after `above` (in id order) with claimable deliveries. It takes no locks
 * (a claim may then find nothing, when another worker was quicker) and reads the partial queue index
 * as a skip scan: one probe for the next organization with due rows, one for whether any of them is
 * free of a lease, per organization — never a pass over every queued row, however long the backlog.
 * (A recursive CTE is how PostgreSQL and SQLite both express a loose index scan.)
 */
export function dueOrganizationsQuery(options: {
  now: number;
  above: string;
  limit: number;
  resume?: ClaimResume | null;
}) {
  const { now, above, limit } = options;
  const resume = options.resume ?? NO_RESUME;
  const nextOrganization = (after: RawBuilder<unknown>) => sql`(
    select organization_id from webhook_deliveries
     where next_attempt_at is not null and next_attempt_at <= ${now} and organization_id > ${after}
     order by organization_id limit 1)`;
  return sql<{ organization_id: string }>`
    with recursive orgs (organization_id) as (
      select ${nextOrganization(sql`${above}`)}
      union all
      select ${nextOrganization(sql.ref('orgs.organization_id'))} from orgs where orgs.organization_id is not null
    )
    select organization_id from orgs
     where organization_id is not null
       and exists (select 1 from webhook_deliveries
         where webhook_deliveries.organization_id = orgs.organization_id and next_attempt_at is not null
           and next_attempt_at >= case when orgs.organization_id = ${resume.organizationId} then cast(${resume.from} as bigint) else cast(${FROM_START} as bigint) end
           and next_attempt_at <= ${now} and (lease_until is null or lease_until < ${now}))
     limit ${limit}`;
}

// The nil UUID sorts before every generated id, as text (SQLite) and as uuid (PostgreSQL), where ''
// would not even be a uuid.
const BEFORE_EVERY_ID = '00000000-0000-0000-0000-000000000000';
/** No resume point: the nil UUID is no organization's id. */
const NO_RESUME: ClaimResume = { organizationId: BEFORE_EVERY_ID, from: FROM_START };

/**
 * Up to `limit` organizations with claimable deliveries, in organization id order starting after
 * `after` and wrapping around, so that a worker passing the last organization it served walks through
 * all of them in turn however many there are.
 */
export async function findOrganizationsWithDueDeliveries(
  s: Sql,
  options: { now: number; after: string | null; limit: number; resume?: ClaimResume | null },
): Promise<string[]> {
  const { now, after, limit } = options;
  const resume = options.resume ?? NO_RESUME;
  // A worker that has served no organization yet starts before the first (the wrap-around half then
  // finds nothing).
  const template = s.template(walkTemplates, () =>
    statementTemplate(walkQuery(WALK_SENTINELS).compile(s.db), WALK_SENTINELS),
  );
  const values = {
    now,
    after: after ?? BEFORE_EVERY_ID,
    limit,
    resumeOrganization: resume.organizationId,
    resumeFrom: resume.from,
  };
  return (await s.db.executeQuery(template.bind(values))).rows.slice(0, limit).map((r) => r.organization_id);
}

/**
 * Both halves of the walk in one statement: the organizations after `after`, then from the first
 * one up to `after` itself (a worker serving one organization used to need two round trips for every
 * claim: nothing after it, then the wrap-around finding it again).
 */
const walkQuery = ({ now, after, limit, resumeOrganization, resumeFrom }: typeof WALK_SENTINELS) => {
  const resume = { organizationId: resumeOrganization, from: resumeFrom };
  return sql<{ organization_id: string; part: number }>`
    select organization_id, 0 as part from (${dueOrganizationsQuery({ now, above: after, limit, resume })}) as later
    union all
    select organization_id, 1 as part from (${dueOrganizationsQuery({ now, above: BEFORE_EVERY_ID, limit, resume })}) as wrapped
     where wrapped.organization_id <= ${after}
    order by part, organization_id`;
};

// The walk runs before every claim: compiled once per engine and bound at each call
// (statement-template.ts), as the claim is. Sentinels no constant of the statement can equal.
const WALK_SENTINELS = {
  now: -1_000_001,
  limit: -1_000_003,
  resumeFrom: -1_000_004,
  after: '\u0000walk-after',
  resumeOrganization: '\u0000walk-resume',
};
const walkTemplates = new WeakMap<
  object,
  StatementTemplate<typeof WALK_SENTINELS, { organization_id: string; part: number }>
>();

/**
 * Leases up to `limit` due deliveries across organizations, in two steps so that every locking
 * statement names one organization (the shape a database distributed by organization can route to
 * one node): find the organizations with due deliveries, without locking; then claim within each
 * through its own handle. The capacity is shared out evenly (an organization that has fewer leaves
 * its share to the next ones; what is still left goes round again to those that filled theirs), and
 * the walk starts after `after`, so one busy organization cannot starve the others.
 *
 * The result is grouped by organization in the order they were visited: the last row's organization
 * is the `after` of the caller's next claim.
 */
export async function claimDueDeliveries(
  s: Sql,
  options: Omit<ClaimOptions, 'from'> & { after?: string | null; resume?: ClaimResume | null },
): Promise<ClaimedDelivery[]> {
  const { now, limit, resume = null } = options;
  // More organizations than slots could not each get one anyway.
  const organizations = await findOrganizationsWithDueDeliveries(s, {
    now,
    after: options.after ?? null,
    limit,
    resume,
  });
  const claimed = new Map<string, ClaimedDelivery[]>(organizations.map((org) => [org, []]));
  let remaining = limit;
  let open = organizations;
  try {
    // Each round either fills every share (remaining shrinks) or drops the organizations that ran dry.
    while (remaining > 0 && open.length > 0) {
      const filled: string[] = [];
      for (let i = 0; i < open.length && remaining > 0; i++) {
        const share = Math.ceil(remaining / (open.length - i));
        const from = resume !== null && resume.organizationId === open[i] ? resume.from : FROM_START;
        const rows = await claimOrganizationDeliveries(s.forOrganization(open[i]), { ...options, limit: share, from });
        claimed.get(open[i])!.push(...rows);
        remaining -= rows.length;
        if (rows.length === share) filled.push(open[i]);
      }
      open = filled;
    }
  } catch (err) {
    // The claims that did succeed go back now rather than wait for their lease to run out (if the
    // database is failing, that is what will happen anyway).
    await Promise.all([...claimed.values()].flat().map((c) => releaseLease(s, c))).catch(() => undefined);
    throw err;
  }
  return [...claimed.values()].flat();
}

/** The claimed row, while the claim still holds its lease. */
function heldRow(s: Sql, claimed: ClaimedDelivery) {
  return s.db
    .updateTable('webhook_deliveries')
    .where('id', '=', claimed.id)
    .where('organization_id', '=', claimed.organization_id)
    .where('lease_token', '=', claimed.lease_token);
}

/** Gives a claimed delivery back without counting an attempt (e.g. on shutdown before sending). */
export async function releaseLease(s: Sql, claimed: ClaimedDelivery): Promise<void> {
  await heldRow(s, claimed).set({ lease_until: null, lease_token: null }).execute();
}

/** Ends a claimed delivery's series without an attempt (its webhook was deactivated). */
export async function cancelDelivery(s: Sql, claimed: ClaimedDelivery): Promise<void> {
  await heldRow(s, claimed).set({ next_attempt_at: null, lease_until: null, lease_token: null }).execute();
}

/** The delivery queue as a whole, for the metrics: every organization's, read by the operator. */
export interface QueueStats {
  /** Deliveries waiting for an attempt: due now or scheduled for a retry (leased ones included). */
  queued: number;
  /** Of those, the ones due now. */
  due: number;
  /** next_attempt_at of the oldest due delivery (epoch ms), null when none is due. */
  oldestDueAt: number | null;
}

/**
 * One statement over the partial queue index (webhook_deliveries_queue_idx holds the queued rows
 * only, never the delivery history): its cost follows the backlog, not the table. Deliberately
 * cross-tenant and read-only, on the system handle; callers cache it (src/http/metrics.ts).
 */
export async function readQueueStats(s: Sql, now: number): Promise<QueueStats> {
  const row = await s.db
    .selectFrom('webhook_deliveries')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('queued'),
      eb.fn.sum<number | string | null>(eb.case().when('next_attempt_at', '<=', now).then(1).else(0).end()).as('due'),
      eb.fn
        .min<number | string | null>(eb.case().when('next_attempt_at', '<=', now).then(eb.ref('next_attempt_at')).end())
        .as('oldest'),
    ])
    // Spelled out (as in `claimable`): it is what lets both engines read the partial index.
    .where('next_attempt_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return {
    queued: Number(row.queued),
    due: Number(row.due ?? 0),
    oldestDueAt: row.oldest === null ? null : Number(row.oldest),
  };
}
