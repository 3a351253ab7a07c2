import { sql, type Expression, type SqlBool } from 'kysely';
import type { TenantDb } from '../db/database.js';
import type { PlanTable } from './billing-tables.js';

// Data access of plans, ticket usage and the AI credit ledger, on the organization-scoped handle the
// caller runs in.

export type PlanRow = PlanTable;

export interface PlanLimits {
  tickets_limit: number | null;
  seats_limit: number | null;
  webhooks_limit: number | null;
  ai_credits_included: number;
  /** Once the period's AI credits are used up: answer on and count overage, or answer without the model. */
  ai_overage: AiOverage;
}

export type AiOverage = 'allow' | 'block';
export const AI_OVERAGE_VALUES: readonly AiOverage[] = ['allow', 'block'];

/** The default plan of a self-hosted organization: unlimited, no included AI credits, overage allowed. */
export const DEFAULT_PLAN: PlanLimits = {
  tickets_limit: null,
  seats_limit: null,
  webhooks_limit: null,
  ai_credits_included: 0,
  ai_overage: 'allow',
};

/** Length of one ticket-usage bucket: 15 minutes divides every UTC offset in use. */
export const USAGE_BUCKET_MS = 15 * 60_000;

const LIMIT_COLUMNS = ['tickets_limit', 'seats_limit', 'webhooks_limit', 'ai_credits_included', 'ai_overage'] as const;

type StoredLimits = Omit<PlanLimits, 'ai_overage'> & { ai_overage: string };

const toLimits = (row: StoredLimits | undefined): PlanLimits =>
  row
    ? {
        tickets_limit: row.tickets_limit === null ? null : Number(row.tickets_limit),
        seats_limit: row.seats_limit === null ? null : Number(row.seats_limit),
        webhooks_limit: row.webhooks_limit === null ? null : Number(row.webhooks_limit),
        ai_credits_included: Number(row.ai_credits_included),
        ai_overage: row.ai_overage === 'block' ? 'block' : 'allow',
      }
    : { ...DEFAULT_PLAN };

export async function findPlan(t: TenantDb): Promise<PlanLimits> {
  return toLimits(await t.selectFrom('plans').select(LIMIT_COLUMNS).executeTakeFirst());
}

/**
 * "The organization's plan has no ticket limit" as a condition of another statement (no plan row is the
 * default plan, which has none).
 */
export function noTicketLimit(t: TenantDb): Expression<SqlBool> {
  return sql<SqlBool>`not exists ${t.selectFrom('plans').select('tickets_limit').where('tickets_limit', 'is not', null)}`;
}

/**
 * Reads the plan and, where rows lock (PostgreSQL), locks its row until the transaction ends, so every
 * write that checks a limit of this organization runs one at a time (SQLite has a single writer
 * anyway). With no row the plan is the default, which limits nothing, so there is nothing to serialize.
 */
export async function lockPlan(t: TenantDb): Promise<PlanLimits> {
  const row = await t
    .selectFrom('plans')
    .select(LIMIT_COLUMNS)
    .$if(t.rowLocks, (q) => q.forUpdate())
    .executeTakeFirst();
  return toLimits(row);
}

export async function upsertPlan(t: TenantDb, limits: PlanLimits, now: number): Promise<void> {
  await t
    .insertInto('plans', { ...limits, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('organization_id').doUpdateSet({ ...limits, updated_at: now }))
    .execute();
}

const bucketOf = (ms: number): number => Math.floor(ms / USAGE_BUCKET_MS);

export async function countTicketUsage(t: TenantDb, start: number, end: number): Promise<number> {
  const row = await t
    .selectFrom('ticket_usage')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('count'), sql<number>`0`).as('total'))
    .where('bucket', '>=', bucketOf(start))
    .where('bucket', '<=', bucketOf(end))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * Counts one ticket in the quarter hour of `at`, in the given stripe of it (db/counter-stripes.ts):
 * usage is the sum over the stripes.
 */
export function ticketUsageIncrement(t: TenantDb, at: number, stripe: number, tickets = 1) {
  return t
    .insertInto('ticket_usage', { bucket: bucketOf(at), stripe, count: tickets })
    .onConflict((oc) =>
      oc.columns(['organization_id', 'bucket', 'stripe']).doUpdateSet({ count: sql`ticket_usage.count + ${tickets}` }),
    );
}

/** Seats = staff users + pending invitations that have not expired at `now`. */
export async function countSeats(t: TenantDb, now: number): Promise<number> {
  const [users, invitations] = await Promise.all([
    t
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    t
      .selectFrom('invitations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'pending')
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow(),
  ]);
  return Number(users.n) + Number(invitations.n);
}

/**
 * Webhooks of the organization, inactive ones included. The table belongs to the webhooks domain:
 * this count should become a narrow port of that domain (e.g. Pick<WebhookService, 'count'>) once it
 * is converted; until then it is read here, scoped by the handle like any tenant query.
 */
export async function countWebhooks(t: TenantDb): Promise<number> {
  const row = await t
    .selectFrom('webhooks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertCreditEntry(
  t: TenantDb,
  row: {
    id: string;
    kind: 'purchase' | 'consume' | 'reserve';
    amount: number;
    created_at: number;
    expires_at?: number | null;
    reference?: string | null;
    tokens?: number | null;
  },
): Promise<void> {
  await t.insertInto('ai_credit_ledger', row).execute();
}

/** Credits held by reservations that have not expired at `now`; expired ones are deleted on the way. */
export async function activeReservations(t: TenantDb, now: number): Promise<number> {
  await t.deleteFrom('ai_credit_ledger').where('kind', '=', 'reserve').where('expires_at', '<=', now).execute();
  const row = await t
    .selectFrom('ai_credit_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), sql<number>`0`).as('total'))
    .where('kind', '=', 'reserve')
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Turns a reservation into a consumed credit at `now`; false when it is gone (expired and swept). */
export async function consumeReservation(
  t: TenantDb,
  id: string,
  now: number,
  reference: string,
  tokens: number | null,
): Promise<boolean> {
  const result = await t
    .updateTable('ai_credit_ledger')
    .set({ kind: 'consume', created_at: now, expires_at: null, reference, tokens })
    .where('id', '=', id)
    .where('kind', '=', 'reserve')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteReservation(t: TenantDb, id: string): Promise<void> {
  await t.deleteFrom('ai_credit_ledger').where('id', '=', id).where('kind', '=', 'reserve').execute();
}

export async function sumCredits(
  t: TenantDb,
  start: number,
  end: number,
): Promise<{ purchased: number; consumed: number }> {
  const rows = await t
    .selectFrom('ai_credit_ledger')
    .select(['kind', (eb) => eb.fn.sum<number>('amount').as('total')])
    .where('created_at', '>=', start)
    .where('created_at', '<=', end)
    .groupBy('kind')
    .execute();
  const total = (kind: string) => Number(rows.find((r) => r.kind === kind)?.total ?? 0);
  return { purchased: total('purchase'), consumed: total('consume') };
}
