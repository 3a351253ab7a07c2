import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { nextAttemptAt, serializePayload, signatureHeader, timestampOf } from './signing.js';

describe('webhook signing and backoff', () => {
  it('signs the raw body bytes with HMAC-SHA256 as lowercase hex', () => {
    const body = serializePayload('ticket.created', Date.UTC(2026, 0, 2, 3, 4, 5, 6), 'org-1', { id: 'x', s: 'é' });
    const expected = createHmac('sha256', 'secret').update(Buffer.from(body, 'utf8')).digest('hex');
    expect(signatureHeader('secret', body)).toBe(`sha256=${expected}`);
    expect(signatureHeader('secret', Buffer.from(body))).toBe(`sha256=${expected}`);
    expect(expected).toMatch(/^[0-9a-f]{64}$/);
    expect(signatureHeader('other', body)).not.toBe(`sha256=${expected}`);
  });

  it('serializes event, timestamp (ISO ms), organization_id and data in that order', () => {
    const body = serializePayload('message.created', Date.UTC(2026, 0, 2, 3, 4, 5, 6), 'org-1', { a: 1 });
    expect(body).toBe('{"event":"message.created","timestamp":"2026-01-02T03:04:05.006Z","organization_id":"org-1","data":{"a":1}}');
    expect(timestampOf(body)).toBe('2026-01-02T03:04:05.006Z');
  });

  it('retries after 1, 2, 4, 8 minutes and stops after the fifth attempt', () => {
    const delays = [60_000, 120_000, 240_000, 480_000];
    expect(nextAttemptAt(1, 1000, delays)).toBe(61_000);
    expect(nextAttemptAt(2, 1000, delays)).toBe(121_000);
    expect(nextAttemptAt(3, 1000, delays)).toBe(241_000);
    expect(nextAttemptAt(4, 1000, delays)).toBe(481_000);
    expect(nextAttemptAt(5, 1000, delays)).toBeNull();
    expect(nextAttemptAt(4, 0, [50])).toBe(50);
  });
});
