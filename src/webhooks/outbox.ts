import type { Dialect, Executor } from '../db/database.js';

export type EventType = 'ticket.created' | 'ticket.updated' | 'message.created';

export interface OutboxEvent {
  organizationId: string;
  type: EventType;
  /** When the change happened (epoch ms); becomes the payload's timestamp. */
  occurredAt: number;
  /** The event's `data` object, already in its wire shape. */
  data: Record<string, unknown>;
}

/**
 * Records an event's deliveries in the caller's transaction, so a committed change always gets them
 * and a rolled-back one never does.
 */
export async function recordEvent(_trx: Executor, _dialect: Dialect, _event: OutboxEvent): Promise<void> {
  // Implemented by the webhooks issue.
}
