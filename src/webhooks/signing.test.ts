import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signatureHeader } from './signing.js';

describe('webhook signature', () => {
  const body = '{"event":"ticket.created","timestamp":"2026-01-02T03:04:05.006Z","organization_id":"org-1","data":{"s":"é"}}';

  it('signs the raw body bytes with HMAC-SHA256 as lowercase hex', () => {
    const expected = createHmac('sha256', 'secret').update(Buffer.from(body, 'utf8')).digest('hex');
    expect(expected).toMatch(/^[0-9a-f]{64}$/);
    expect(signatureHeader('secret', body)).toBe(`sha256=${expected}`);
    expect(signatureHeader('secret', Buffer.from(body))).toBe(`sha256=${expected}`);
  });

  it('matches a known HMAC-SHA256 test vector (RFC 4231, case 2)', () => {
    expect(signatureHeader('Jefe', 'what do ya want for nothing?')).toBe(
      'sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('depends on the secret and on every byte of the body', () => {
    expect(signatureHeader('other', body)).not.toBe(signatureHeader('secret', body));
    expect(signatureHeader('secret', `${body} `)).not.toBe(signatureHeader('secret', body));
    expect(signatureHeader('secret', body)).toBe(signatureHeader('secret', body));
    expect(signatureHeader('s', '')).toBe(`sha256=${createHmac('sha256', 's').update('').digest('hex')}`);
  });
});
