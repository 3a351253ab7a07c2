import { iso } from '../shared/clock.js';

// What an event is on the wire: its type and the exact request body every attempt of its deliveries
// sends. The body is serialized once, when the event is recorded, and stored: retries are
// byte-identical and their signatures match.

export type EventType = 'ticket.created' | 'ticket.updated' | 'message.created';
export const EVENT_TYPES: readonly EventType[] = ['ticket.created', 'ticket.updated', 'message.created'];

/** The payload's `timestamp` (and the X-Webhook-Timestamp header): when the change happened. */
export const eventTimestamp = (occurredAt: number): string => iso(occurredAt);

/** The exact request body of every attempt of one event's deliveries. */
export function serializePayload(event: string, occurredAt: number, organizationId: string, data: unknown): string {
  return JSON.stringify({ event, timestamp: eventTimestamp(occurredAt), organization_id: organizationId, data });
}
