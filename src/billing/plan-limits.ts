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

/**
 * Called in the webhook-create transaction before the webhook is written: throws plan_limit_exceeded
 * when the organization already has as many webhooks (active or not) as its plan allows.
 */
export async function assertWebhookQuota(_trx: Executor, _dialect: Dialect, _organizationId: string): Promise<void> {
  // Implemented by the plans issue.
}
