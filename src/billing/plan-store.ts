import { sql } from 'kysely';
import type { Dialect, Executor } from '../db/database.js';
import type { PlanTable } from './billing-tables.js';

export type PlanRow = PlanTable;

export interface PlanLimits {
  tickets_limit: number | null;
  seats_limit: number | null;
  webhooks_limit: number | null;
  ai_credits_included: number;
}

/** The default plan of a self-hosted organization: unlimited, no included AI credits. */
export const DEFAULT_PLAN: PlanLimits = { tickets_limit: null, seats_limit: null, webhooks_limit: null, ai_credits_included: 0 };

/** Length of one ticket-usage bucket: 15 minutes divides every UTC offset in use. */
export const USAGE_BUCKET_MS = 15 * 60_000;

const LIMIT_COLUMNS = ['tickets_limit', 'seats_limit', 'webhooks_limit', 'ai_credits_included'] as const;

const toLimits = (row: PlanLimits | undefined): PlanLimits =>
  row
    ? {
        tickets_limit: row.tickets_limit === null ? null : Number(row.tickets_limit),
        seats_limit: row.seats_limit === null ? null : Number(row.seats_limit),
        webhooks_limit: row.webhooks_limit === null ? null : Number(row.webhooks_limit),
        ai_credits_included: Number(row.ai_credits_included),
      }
    : { ...DEFAULT_PLAN };

export async function findPlan(db: Executor, organizationId: string): Promise<PlanLimits> {
  return toLimits(await db.selectFrom('plans').select(LIMIT_COLUMNS).where('organization_id', '=', organizationId).executeTakeFirst());
}

/**
 * Reads the plan and, on PostgreSQL, locks its row until the transaction ends, so every write that
 * checks a limit of this organization runs one at a time (SQLite has a single writer anyway). With
 * no row the plan is the default, which limits nothing, so there is nothing to serialize.
 */
export async function lockPlan(trx: Executor, dialect: Dialect, organizationId: string): Promise<PlanLimits> {
  let q = trx.selectFrom('plans').select(LIMIT_COLUMNS).where('organization_id', '=', organizationId);
  if (dialect === 'postgres') q = q.forUpdate();
  return toLimits(await q.executeTakeFirst());
}

export async function upsertPlan(db: Executor, organizationId: string, limits: PlanLimits, now: number): Promise<void> {
  await db
    .insertInto('plans')
    .values({ organization_id: organizationId, ...limits, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('organization_id').doUpdateSet({ ...limits, updated_at: now }))
    .execute();
}

const bucketOf = (ms: number): number => Math.floor(ms / USAGE_BUCKET_MS);

export async function countTicketUsage(db: Executor, organizationId: string, start: number, end: number): Promise<number> {
  const row = await db
    .selectFrom('ticket_usage')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('count'), sql<number>`0`).as('total'))
    .where('organization_id', '=', organizationId)
    .where('bucket', '>=', bucketOf(start))
    .where('bucket', '<=', bucketOf(end))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function addTicketUsage(db: Executor, organizationId: string, at: number): Promise<void> {
  await db
    .insertInto('ticket_usage')
    .values({ organization_id: organizationId, bucket: bucketOf(at), count: 1 })
    .onConflict((oc) => oc.columns(['organization_id', 'bucket']).doUpdateSet({ count: sql`ticket_usage.count + 1` }))
    .execute();
}

/** Seats = staff users + pending invitations that have not expired at `now`. */
export async function countSeats(db: Executor, organizationId: string, now: number): Promise<number> {
  const [users, invitations] = await Promise.all([
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organization_id', '=', organizationId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('invitations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organization_id', '=', organizationId)
      .where('status', '=', 'pending')
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow(),
  ]);
  return Number(users.n) + Number(invitations.n);
}

/** Webhooks of the organization, inactive ones included (the table belongs to the webhooks domain). */
export async function countWebhooks(db: Executor, organizationId: string): Promise<number> {
  const res = await sql<{ n: number | string }>`select count(*) as n from webhooks where organization_id = ${organizationId}`.execute(db);
  return Number(res.rows[0]?.n ?? 0);
}

export async function insertCreditEntry(
  db: Executor,
  row: { id: string; organization_id: string; kind: 'purchase' | 'consume'; amount: number; created_at: number },
): Promise<void> {
  await db.insertInto('ai_credit_ledger').values(row).execute();
}

export async function sumCredits(
  db: Executor,
  organizationId: string,
  start: number,
  end: number,
): Promise<{ purchased: number; consumed: number }> {
  const rows = await db
    .selectFrom('ai_credit_ledger')
    .select(['kind', (eb) => eb.fn.sum<number>('amount').as('total')])
    .where('organization_id', '=', organizationId)
    .where('created_at', '>=', start)
    .where('created_at', '<=', end)
    .groupBy('kind')
    .execute();
  const total = (kind: string) => Number(rows.find((r) => r.kind === kind)?.total ?? 0);
  return { purchased: total('purchase'), consumed: total('consume') };
}
