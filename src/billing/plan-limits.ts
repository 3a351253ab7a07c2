import type { Dialect, Executor } from '../db/database.js';
import { planLimitExceeded } from '../shared/errors.js';
import { periodOf } from './billing-period.js';
import { addTicketUsage, countSeats, countTicketUsage, countWebhooks, lockPlan } from './plan-store.js';

// Limit checks run inside the transaction of the write they guard, after locking the plan row
// (PostgreSQL; SQLite has a single writer), so concurrent writes cannot pass a limit together and
// a refused write leaves nothing behind.

/**
 * Called in the ticket-create transaction before the ticket is written: throws plan_limit_exceeded
 * when the organization's monthly ticket limit is reached, otherwise counts the ticket as usage.
 * timeZone is the server's configured zone (config.timeZone): the month is the calendar month there.
 */
export async function reserveTicketQuota(
  trx: Executor,
  dialect: Dialect,
  organizationId: string,
  now: number,
  timeZone = 'UTC',
): Promise<void> {
  const plan = await lockPlan(trx, dialect, organizationId);
  if (plan.tickets_limit !== null) {
    const period = periodOf(now, timeZone);
    const used = await countTicketUsage(trx, organizationId, period.start, period.end);
    if (used >= plan.tickets_limit) {
      throw planLimitExceeded(`the plan allows ${plan.tickets_limit} tickets per month and ${used} were created this month`);
    }
  }
  await addTicketUsage(trx, organizationId, now);
}

/**
 * Called in the webhook-create transaction before the webhook is written: throws plan_limit_exceeded
 * when the organization already has as many webhooks (active or not) as its plan allows.
 */
export async function assertWebhookQuota(trx: Executor, dialect: Dialect, organizationId: string): Promise<void> {
  const plan = await lockPlan(trx, dialect, organizationId);
  if (plan.webhooks_limit === null) return;
  const used = await countWebhooks(trx, organizationId);
  if (used >= plan.webhooks_limit) {
    throw planLimitExceeded(`the plan allows ${plan.webhooks_limit} webhooks and ${used} are configured`);
  }
}

/**
 * Called before a write that takes one more seat (a staff user or a pending invitation).
 * `freed` seats are given back by the same write: accepting an invitation turns its seat into a
 * user's, so it passes 1 and needs no new seat.
 */
export async function assertSeatAvailable(
  trx: Executor,
  dialect: Dialect,
  organizationId: string,
  now: number,
  freed = 0,
): Promise<void> {
  const plan = await lockPlan(trx, dialect, organizationId);
  if (plan.seats_limit === null) return;
  const used = await countSeats(trx, organizationId, now);
  if (used - freed + 1 > plan.seats_limit) {
    throw planLimitExceeded(`the plan allows ${plan.seats_limit} seats and ${used} are taken (members and pending invitations)`);
  }
}
