import type { TenantDb } from '../db/database.js';
import { assertSeatAvailable, assertWebhookQuota, reserveTicketQuota } from './plan-limits.js';

// The plan limits as other domains see them: each check runs inside the caller's transaction, on its
// organization-scoped handle, so a refused write leaves nothing behind.

export function createQuotaService(deps: { timeZone: string }) {
  const dialectOf = (t: TenantDb) => t.pick({ sqlite: 'sqlite', postgres: 'postgres' } as const);
  return {
    /** Counts a new ticket against the monthly limit (403 plan_limit_exceeded when reached). */
    reserveTicket: (t: TenantDb, now: number) => reserveTicketQuota(t.db, dialectOf(t), t.organizationId, now, deps.timeZone),
    /** Refuses one more webhook beyond the plan's limit. */
    assertWebhookAvailable: (t: TenantDb) => assertWebhookQuota(t.db, dialectOf(t), t.organizationId),
    /** Refuses one more seat beyond the plan's limit; `freed` seats are given back by the same write. */
    assertSeatAvailable: (t: TenantDb, now: number, freed = 0) => assertSeatAvailable(t.db, dialectOf(t), t.organizationId, now, freed),
  };
}

export type QuotaService = ReturnType<typeof createQuotaService>;
