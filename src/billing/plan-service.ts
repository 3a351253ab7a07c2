import type { Static } from 'typebox';
import type { DatabaseHandle } from '../db/database.js';
import type { OrgService } from '../orgs/org-service.js';
import { iso, type Clock } from '../shared/clock.js';
import { AppError } from '../shared/errors.js';
import { newId } from '../shared/ids.js';
import { periodOf } from './billing-period.js';
import type { Usage } from './billing-schemas.js';
import * as store from './plan-store.js';

export type UsageView = Static<typeof Usage>;
export type PlanChanges = Partial<store.PlanLimits>;

export interface AiCreditsView {
  used: number;
  included: number;
  purchased: number;
  remaining: number;
  overage_this_period: number;
}

/**
 * AI credits of one period. Included and purchased credits both belong to the period: purchases
 * count toward the month they were made in and do not carry over, so remaining = max(0, included +
 * purchased - used) and overage = max(0, used - included - purchased) hold for every period on its own.
 */
export function aiCredits(used: number, included: number, purchased: number): AiCreditsView {
  return {
    used,
    included,
    purchased,
    remaining: Math.max(0, included + purchased - used),
    overage_this_period: Math.max(0, used - included - purchased),
  };
}

export interface PlanServiceDeps {
  database: DatabaseHandle;
  clock: Clock;
  /** The server's configured zone (config.timeZone): usage periods are its calendar months. */
  timeZone: string;
  /** Operators name organizations by id (CLI): an unknown one is a 404 (orgs domain). */
  orgs: Pick<OrgService, 'assertExists'>;
}

export function createPlanService({ database, clock, timeZone, orgs }: PlanServiceDeps) {
  async function creditsNow(organizationId: string): Promise<AiCreditsView> {
    const t = database.forOrganization(organizationId);
    const period = periodOf(clock(), timeZone);
    const [plan, sums] = await Promise.all([store.findPlan(t), store.sumCredits(t, period.start, period.end)]);
    return aiCredits(sums.consumed, plan.ai_credits_included, sums.purchased);
  }

  async function record(organizationId: string, kind: 'purchase' | 'consume', amount: number): Promise<AiCreditsView> {
    if (!Number.isSafeInteger(amount) || amount <= 0) {
      throw new AppError(400, 'validation_error', 'amount must be a positive whole number', [
        { field: 'amount', issue: 'out_of_range' },
      ]);
    }
    await orgs.assertExists(organizationId);
    await store.insertCreditEntry(database.forOrganization(organizationId), {
      id: newId(),
      kind,
      amount,
      created_at: clock(),
    });
    return creditsNow(organizationId);
  }

  return {
    async getPlan(organizationId: string): Promise<store.PlanLimits> {
      await orgs.assertExists(organizationId);
      return store.findPlan(database.forOrganization(organizationId));
    },

    /** Changes the given limits (null = unlimited) and keeps the others. */
    async setPlan(organizationId: string, changes: PlanChanges): Promise<store.PlanLimits> {
      await orgs.assertExists(organizationId);
      return database.forOrganization(organizationId).transaction(async (t) => {
        const current = await store.lockPlan(t);
        const next: store.PlanLimits = { ...current };
        for (const key of Object.keys(changes) as (keyof store.PlanLimits)[]) {
          if (changes[key] !== undefined) (next as any)[key] = changes[key];
        }
        await store.upsertPlan(t, next, clock());
        return next;
      });
    },

    purchaseCredits: (organizationId: string, amount: number) => record(organizationId, 'purchase', amount),

    /** Records AI credits consumed (by the knowledge-base chat, which lives outside this service). */
    consumeCredits: (organizationId: string, amount: number) => record(organizationId, 'consume', amount),

    async usage(organizationId: string): Promise<UsageView> {
      const now = clock();
      const period = periodOf(now, timeZone);
      const t = database.forOrganization(organizationId);
      const [plan, tickets, seats, webhooks, credits] = await Promise.all([
        store.findPlan(t),
        store.countTicketUsage(t, period.start, period.end),
        store.countSeats(t, now),
        store.countWebhooks(t),
        store.sumCredits(t, period.start, period.end),
      ]);
      return {
        period_start: iso(period.start),
        period_end: iso(period.end),
        tickets: { used: tickets, limit: plan.tickets_limit },
        seats: { used: seats, limit: plan.seats_limit },
        webhooks: { used: webhooks, limit: plan.webhooks_limit },
        ai_credits: aiCredits(credits.consumed, plan.ai_credits_included, credits.purchased),
      };
    },
  };
}

export type PlanService = ReturnType<typeof createPlanService>;
