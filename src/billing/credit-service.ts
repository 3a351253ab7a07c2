import type { DatabaseHandle, TenantDb } from '../db/database.js';
import type { Clock } from '../shared/clock.js';
import { newId } from '../shared/ids.js';
import { periodOf } from './billing-period.js';
import {
  activeReservations,
  consumeReservation,
  deleteReservation,
  insertCreditEntry,
  lockPlan,
  sumCredits,
} from './plan-store.js';

// AI credits as the features that spend them see them: a credit is reserved before the model is asked,
// consumed in the transaction that records what it paid for, or released when nothing was delivered.
// Reservations count against what is left, so concurrent answers cannot all pass the last credit of a
// plan that blocks overage: the plan row is locked while one is taken (PostgreSQL; SQLite has a single
// writer). The usage report counts consumed credits only, so its arithmetic is unchanged.

/** A reservation outlives any answer (the provider's total timeout is far shorter). */
export const RESERVATION_TTL_MS = 10 * 60_000;

export interface CreditReservation {
  id: string;
  /** True when the credit goes beyond the period's included and purchased ones (counted as overage). */
  overage: boolean;
}

export interface CreditServiceDeps {
  database: DatabaseHandle;
  clock: Clock;
  /** The server's configured zone: periods are its calendar months (as in the usage report). */
  timeZone: string;
}

export function createCreditService({ database, clock, timeZone }: CreditServiceDeps) {
  return {
    /**
     * Holds one credit for an answer about to be written, or null when none is left and the plan blocks
     * overage (the caller answers without the model).
     */
    async reserve(organizationId: string): Promise<CreditReservation | null> {
      return database.forOrganization(organizationId).transaction(async (t) => {
        const now = clock();
        const plan = await lockPlan(t);
        const period = periodOf(now, timeZone);
        const [sums, held] = await Promise.all([sumCredits(t, period.start, period.end), activeReservations(t, now)]);
        const left = plan.ai_credits_included + sums.purchased - sums.consumed - held;
        if (left <= 0 && plan.ai_overage === 'block') return null;
        const id = newId();
        await insertCreditEntry(t, {
          id,
          kind: 'reserve',
          amount: 1,
          created_at: now,
          expires_at: now + RESERVATION_TTL_MS,
        });
        return { id, overage: left <= 0 };
      });
    },

    /**
     * Consumes the reserved credit inside the caller's transaction (the one recording the answer it paid
     * for), so the answer and its credit commit or roll back together. A reservation swept after expiring
     * is replaced by a consumed entry: the delivered answer is paid for exactly once either way.
     */
    async commit(
      t: TenantDb,
      reservation: CreditReservation,
      reference: string,
      tokens: number | null = null,
    ): Promise<void> {
      const now = clock();
      if (await consumeReservation(t, reservation.id, now, reference, tokens)) return;
      await insertCreditEntry(t, { id: newId(), kind: 'consume', amount: 1, created_at: now, reference, tokens });
    },

    /** Gives the credit back: the model failed, or the answer was not recorded. */
    async release(organizationId: string, reservation: CreditReservation): Promise<void> {
      await deleteReservation(database.forOrganization(organizationId), reservation.id);
    },
  };
}

export type CreditService = ReturnType<typeof createCreditService>;
