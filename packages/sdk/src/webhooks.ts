import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WebhookEvent } from './events.js';

// Verifying a delivery: the Standard Webhooks signature (`webhook-id`, `webhook-timestamp`,
// `webhook-signature`) when the request has one, else the
// `X-Webhook-Signature: sha256=<hex>` with `X-Webhook-Timestamp`. Comparisons are constant-time and
// the timestamp must be within the tolerance, so a captured delivery cannot be replayed later.

export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
}

export interface VerifyOptions {
  /** Standard Webhooks: accepted distance between `webhook-timestamp` (the attempt's time) and now, in seconds (default 300). */
  toleranceSeconds?: number;
  /**
   * X-Webhook-Signature only: accepted age of the body's signed `timestamp`, in seconds (default 3600).
   * That is the event's time, the same on every retry (retries run up to about 15 minutes later).
   */
  legacyToleranceSeconds?: number;
  /** The current time in ms (tests). */
  now?: number;
}

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const bag = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(bag).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : bag[key];
  return Array.isArray(value) ? value.join(', ') : value;
}

function sameBytes(a: Buffer, b: Buffer): boolean {
  // timingSafeEqual needs equal lengths; comparing a to itself keeps the time independent of b.
  return a.length === b.length ? timingSafeEqual(a, b) : (timingSafeEqual(a, a), false);
}

function checkTimestamp(ms: number, toleranceSeconds: number, options: VerifyOptions): void {
  const tolerance = toleranceSeconds * 1000;
  if (!Number.isFinite(ms)) throw new WebhookVerificationError('the webhook timestamp is not readable');
  if (Math.abs((options.now ?? Date.now()) - ms) > tolerance) {
    throw new WebhookVerificationError('the webhook timestamp is outside the tolerance (replayed or clock skew)');
  }
}

function standardKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
}

/**
 * Checks a delivery's signature against the raw request body (the exact bytes received: do not parse
 * and re-serialize) and the webhook's secret as the API returned it, and returns the parsed event.
 * Throws WebhookVerificationError when the signature or timestamp does not check out.
 */
export function verifyWebhook(
  rawBody: string | Uint8Array,
  headers: HeaderBag,
  secret: string,
  options: VerifyOptions = {},
): WebhookEvent {
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : Buffer.from(rawBody);
  const standard = header(headers, 'webhook-signature');
  if (standard !== undefined) {
    const id = header(headers, 'webhook-id');
    const timestamp = header(headers, 'webhook-timestamp');
    if (!id || !timestamp || !/^\d+$/.test(timestamp))
      throw new WebhookVerificationError('webhook-id or webhook-timestamp is missing');
    checkTimestamp(Number(timestamp) * 1000, options.toleranceSeconds ?? 300, options);
    const signed = Buffer.concat([Buffer.from(`${id}.${timestamp}.`, 'utf8'), body]);
    const expected = Buffer.from(createHmac('sha256', standardKey(secret)).update(signed).digest('base64'), 'utf8');
    // Several space-separated signatures while a rotated secret is still valid: any v1 may match.
    const matches = standard
      .split(' ')
      .filter((s) => s.startsWith('v1,'))
      .map((s) => sameBytes(Buffer.from(s.slice(3), 'utf8'), expected));
    if (!matches.includes(true)) throw new WebhookVerificationError('no webhook-signature matches');
  } else {
    const signature = header(headers, 'x-webhook-signature');
    if (!signature) throw new WebhookVerificationError('the request has no webhook signature header');
    const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(body).digest('hex')}`, 'utf8');
    if (!sameBytes(Buffer.from(signature.trim().toLowerCase(), 'utf8'), expected)) {
      throw new WebhookVerificationError('X-Webhook-Signature does not match');
    }
    const event = parse(body);
    // The body's timestamp is signed (the X-Webhook-Timestamp header repeats it, unsigned).
    checkTimestamp(Date.parse(String(event.timestamp)), options.legacyToleranceSeconds ?? 3600, options);
    return event;
  }
  return parse(body);
}

function parse(body: Buffer): WebhookEvent {
  try {
    return JSON.parse(body.toString('utf8')) as WebhookEvent;
  } catch {
    throw new WebhookVerificationError('the body is not JSON');
  }
}
