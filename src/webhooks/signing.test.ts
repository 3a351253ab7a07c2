import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  newSecret,
  secretKeys,
  signatureHeader,
  standardKey,
  standardSignature,
  standardSignatureHeader,
} from './signing.js';

describe('webhook signature', () => {
  const body =
    '{"event":"ticket.created","timestamp":"2026-01-02T03:04:05.006Z","organization_id":"org-1","data":{"s":"é"}}';

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

describe('Standard Webhooks signature', () => {
  const body = '{"event":"ticket.created","data":{"s":"é"}}';

  it('verifies with the standardwebhooks package for new and old secret forms', async () => {
    const { Webhook } = await import('standardwebhooks');
    const ts = Math.floor(Date.now() / 1000);
    for (const secret of [newSecret(), `whsec_${'ab12'.repeat(16)}`]) {
      const headers = {
        'webhook-id': 'evt-1',
        'webhook-timestamp': String(ts),
        'webhook-signature': standardSignatureHeader([secret], 'evt-1', ts, body),
      };
      expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
      expect(() => new Webhook(newSecret()).verify(body, headers)).toThrow();
    }
  });

  it('makes new secrets of 32 random bytes and signs with every secret given', () => {
    const secret = newSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(standardKey(secret)).toHaveLength(32);
    const both = standardSignatureHeader([secret, `whsec_${'cd34'.repeat(16)}`], 'id', 1, body).split(' ');
    expect(both).toHaveLength(2);
    expect(both[0]).toBe(standardSignature(secret, 'id', 1, body));
    expect(both[0]).toBe(
      `v1,${createHmac('sha256', Buffer.from(secret.slice(6), 'base64'))
        .update(`id.1.${body}`)
        .digest('base64')}`,
    );
  });
});

describe('signing keys', () => {
  it("are made once per secret and are that secret's keys: a rotated-to secret signs with its own", () => {
    const [a, b] = [newSecret(), newSecret()];
    expect(secretKeys(a)).toBe(secretKeys(a));
    expect(secretKeys(a).legacy.export().equals(Buffer.from(a, 'utf8'))).toBe(true);
    expect(secretKeys(a).standard.export().equals(standardKey(a))).toBe(true);
    const body = '{"x":1}';
    // Each after the other (the cache holds both): every signature is the one its own secret makes.
    for (const s of [a, b, a, b]) {
      expect(signatureHeader(s, body)).toBe(`sha256=${createHmac('sha256', s).update(body).digest('hex')}`);
      expect(standardSignature(s, 'id', 7, body)).toBe(
        `v1,${createHmac('sha256', standardKey(s)).update(`id.7.${body}`).digest('base64')}`,
      );
    }
  });

  it('keep signing correctly past the cache size (oldest keys dropped and made again)', () => {
    const secrets = Array.from({ length: 1_100 }, () => newSecret());
    for (const s of [...secrets, ...secrets.slice(0, 5)]) {
      expect(signatureHeader(s, 'b')).toBe(`sha256=${createHmac('sha256', s).update('b').digest('hex')}`);
    }
  });
});
