import { pickStripe } from '../db/counter-stripes.js';
import type { Expression, SqlBool } from 'kysely';
import type { SharedWrite, TenantDb } from '../db/database.js';
import { planLimitExceeded } from '../shared/errors.js';
import { periodOf } from './billing-period.js';
import {
  countSeats,
  countTicketUsage,
  countWebhooks,
  findPlan,
  lockPlan,
  noTicketLimit,
  ticketUsageIncrement,
} from './plan-store.js';

// The plan limits as other domains see them. Each check runs inside the transaction of the write it
// guards, on the caller's organization-scoped handle, after locking the plan row (PostgreSQL; SQLite
// has a single writer), so concurrent writes cannot pass a limit together and a refused write leaves
// nothing behind.

/** What checkTicketAllowed found: whether the create runs under a ticket limit (the plan locked). */
export interface TicketAdmission {
  readonly limited: boolean;
}
const UNLIMITED: TicketAdmission = { limited: false };
const LIMITED: TicketAdmission = { limited: true };

export interface QuotaServiceDeps {
  /** The server's configured zone (config.timeZone): the ticket month is the calendar month there. */
  timeZone: string;
}

export function createQuotaService({ timeZone }: QuotaServiceDeps) {
  return {
    /**
     * Called in the ticket-create transaction before the ticket is written: throws plan_limit_exceeded
     * (403) when the organization's monthly ticket limit is reached. A plan with a ticket limit is
     * locked until the transaction ends, so concurrent creates pass the limit one at a time; an
     * unlimited plan (the default) locks nothing, so creates of that organization do not queue here.
     * Read again under the lock: a limit set meanwhile is seen.
     */
    async checkTicketAllowed(t: TenantDb, now: number): Promise<TicketAdmission> {
      if ((await findPlan(t)).tickets_limit === null) return UNLIMITED;
      const plan = await lockPlan(t);
      if (plan.tickets_limit === null) return UNLIMITED;
      const period = periodOf(now, timeZone);
      const used = await countTicketUsage(t, period.start, period.end);
      if (used >= plan.tickets_limit) {
        throw planLimitExceeded(
          `the plan allows ${plan.tickets_limit} tickets per month and ${used} were created this month`,
        );
      }
      return LIMITED;
    },

    /**
     * For the statement that takes a create's ticket number, before the create's transaction: holds
     * while the organization's plan has no ticket limit (the default). When it held, the create is
     * admitted (unlimitedAdmission) without checkTicketAllowed: unlimited plans lock nothing, so the
     * transaction's own read of the plan saw no more than this one does (a limit set after either read
     * is not seen by that create; creates under a limit, which count, run one at a time under the plan
     * lock). When it did not hold, the create runs checkTicketAllowed before and in its transaction.
     */
    ticketLimitAbsent(t: TenantDb): Expression<SqlBool> {
      return noTicketLimit(t);
    },

    /** What checkTicketAllowed answers under a plan without a ticket limit. */
    unlimitedAdmission: UNLIMITED,

    /**
     * The write counting the created ticket as usage, with what checkTicketAllowed answered in the same
     * transaction. The usage rows are shared by every create of the organization in the same quarter
     * hour: run it last in the transaction (Sql.writeInOrder), so its row is held only until the commit. Unlimited
     * creates run concurrently and add to a random stripe; creates under a limit already run one at a
     * time (the plan lock), so they add to stripe 0 and the month a limit sums stays one row per
     * quarter hour.
     */
    recordTicket(t: TenantDb, now: number, admission: TicketAdmission, tickets = 1): SharedWrite {
      return ticketUsageIncrement(t, now, admission.limited ? 0 : pickStripe(t), tickets);
    },

    /**
     * Called in the webhook-create transaction before the webhook is written: throws plan_limit_exceeded
     * when the organization already has as many webhooks (active or not) as its plan allows.
     */
    async assertWebhookAvailable(t: TenantDb): Promise<void> {
      const plan = await lockPlan(t);
      if (plan.webhooks_limit === null) return;
      const used = await countWebhooks(t);
      if (used >= plan.webhooks_limit) {
        throw planLimitExceeded(`the plan allows ${plan.webhooks_limit} webhooks and ${used} are configured`);
      }
    },

    /**
     * Called before a write that takes one more seat (a staff user or a pending invitation).
     * `freed` seats are given back by the same write: accepting an invitation turns its seat into a
     * user's, so it passes 1 and needs no new seat.
     */
    async assertSeatAvailable(t: TenantDb, now: number, freed = 0): Promise<void> {
      const plan = await lockPlan(t);
      if (plan.seats_limit === null) return;
      const used = await countSeats(t, now);
      if (used - freed + 1 > plan.seats_limit) {
        throw planLimitExceeded(
          `the plan allows ${plan.seats_limit} seats and ${used} are taken (members and pending invitations)`,
        );
      }
    },
  };
}

export type QuotaService = ReturnType<typeof createQuotaService>;
