import type { Dialect, Executor } from '../db/database.js';

/**
 * Called in the ticket-create transaction before the ticket is written: throws plan_limit_exceeded
 * when the organization's monthly ticket limit is reached, otherwise counts the ticket as usage.
 */
export async function reserveTicketQuota(
  _trx: Executor,
  _dialect: Dialect,
  _organizationId: string,
  _now: number,
): Promise<void> {
  // Implemented by the plans issue.
}
