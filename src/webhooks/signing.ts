import { createHmac } from 'node:crypto';
import { iso } from '../shared/clock.js';

// Pure helpers of the delivery protocol: payload serialization, signature and retry schedule.

export const MAX_ATTEMPTS = 5;
export const BREAKER_THRESHOLD = 10;

/** The exact request body of every attempt of one event's deliveries (serialized once, stored). */
export function serializePayload(event: string, occurredAt: number, organizationId: string, data: unknown): string {
  return JSON.stringify({ event, timestamp: iso(occurredAt), organization_id: organizationId, data });
}

/** `sha256=<lowercase hex HMAC-SHA256 of the raw body bytes>` keyed with the webhook secret. */
export function signatureHeader(secret: string, body: string | Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * When the next attempt is due after a failed one, or null when no attempt is left.
 * attemptsMade counts the attempt that just failed; delays[i] follows attempt i+1.
 */
export function nextAttemptAt(attemptsMade: number, now: number, delaysMs: number[], maxAttempts = MAX_ATTEMPTS): number | null {
  if (attemptsMade >= maxAttempts) return null;
  const delay = delaysMs[Math.min(attemptsMade - 1, delaysMs.length - 1)] ?? 0;
  return now + delay;
}

/** The timestamp header carries the body's own timestamp, read back from the stored body. */
export function timestampOf(body: string): string {
  return (JSON.parse(body) as { timestamp: string }).timestamp;
}
