import { iso } from '../shared/clock.js';

// What an event is on the wire: its type and the exact request body every attempt of its deliveries
// sends. The body is serialized once, when the event is recorded, and stored: retries are
// byte-identical and their signatures match.

export const EVENT_TYPES = [
  'ticket.created',
  'ticket.updated',
  'message.created',
  'ticket.deleted',
  'customer.created',
  'customer.updated',
  'customer.deleted',
  'note.created',
  'article.created',
  'article.updated',
  'article.deleted',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** The type of a test delivery (POST /webhooks/{id}/test): not a change, so not in the event log. */
export const TEST_EVENT = 'webhook.test';

/** The payload's `timestamp` (and the X-Webhook-Timestamp header): when the change happened. */
export const eventTimestamp = (occurredAt: number): string => iso(occurredAt);

/** The exact request body of every attempt of one event's deliveries. */
export function serializePayload(event: string, occurredAt: number, organizationId: string, data: unknown): string {
  return JSON.stringify({ event, timestamp: eventTimestamp(occurredAt), organization_id: organizationId, data });
}

/**
 * The same body around `data` already serialized (as the event log stores it): byte for byte what
 * serializePayload gives for JSON.parse(data), so every attempt and redelivery sends the same bytes.
 */
export function payloadAround(event: string, occurredAt: number, organizationId: string, data: string): string {
  const head = JSON.stringify({ event, timestamp: eventTimestamp(occurredAt), organization_id: organizationId });
  return `${head.slice(0, -1)},"data":${data}}`;
}
