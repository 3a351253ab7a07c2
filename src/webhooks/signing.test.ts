import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BREAKER_THRESHOLD, MAX_ATTEMPTS, nextAttemptAt, serializePayload, signatureHeader, timestampOf } from './signing.js';

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

describe('retry schedule edge cases', () => {
  it('keeps using the last delay when there are more attempts than delays', () => {
    expect(nextAttemptAt(3, 500, [10, 20], 10)).toBe(520);
    expect(nextAttemptAt(9, 500, [10, 20], 10)).toBe(520);
    expect(nextAttemptAt(10, 500, [10, 20], 10)).toBeNull();
  });

  it('retries at once when no delays are configured', () => {
    expect(nextAttemptAt(1, 1234, [])).toBe(1234);
  });

  it('stops after MAX_ATTEMPTS attempts by default, or after the given maximum', () => {
    expect(MAX_ATTEMPTS).toBe(5);
    expect(nextAttemptAt(MAX_ATTEMPTS - 1, 0, [7])).toBe(7);
    expect(nextAttemptAt(MAX_ATTEMPTS, 0, [7])).toBeNull();
    expect(nextAttemptAt(MAX_ATTEMPTS + 1, 0, [7])).toBeNull();
    expect(nextAttemptAt(1, 0, [7], 1)).toBeNull();
    expect(nextAttemptAt(1, 0, [7], 2)).toBe(7);
  });

  it('opens the circuit breaker after 10 consecutive failed deliveries', () => {
    expect(BREAKER_THRESHOLD).toBe(10);
  });
});

describe('payload serialization', () => {
  it('keeps the data as given, including nulls and nested values', () => {
    const body = serializePayload('ticket.updated', 0, 'org-2', { changes: { tags: { from: [], to: [{ id: 'a' }] } }, closed_at: null });
    expect(JSON.parse(body)).toEqual({
      event: 'ticket.updated',
      timestamp: '1970-01-01T00:00:00.000Z',
      organization_id: 'org-2',
      data: { changes: { tags: { from: [], to: [{ id: 'a' }] } }, closed_at: null },
    });
    expect(timestampOf(body)).toBe('1970-01-01T00:00:00.000Z');
  });

  it('signs the same body the same way every time, and a different body differently', () => {
    const body = serializePayload('ticket.created', 1, 'org-1', {});
    expect(signatureHeader('s', body)).toBe(signatureHeader('s', body));
    expect(signatureHeader('s', body)).not.toBe(signatureHeader('s', `${body} `));
    expect(signatureHeader('s', '')).toBe(`sha256=${createHmac('sha256', 's').update('').digest('hex')}`);
  });
});
