import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { signatureHeader } from '../../../src/webhooks/signing.js';
import { serializePayload } from '../../../src/webhooks/webhook-events.js';
import { verifyWebhook, WebhookVerificationError } from '../src/index.js';

// verifyWebhook against signatures made by others: the server's own X-Webhook-Signature code and the
// reference Standard Webhooks library (which the server's webhook-signature must satisfy).

const NOW = Date.parse('2026-11-22T12:00:00.000Z');
const hexSecret = `whsec_${randomBytes(32).toString('hex')}`; // today's secrets
const base64Secret = `whsec_${randomBytes(32).toString('base64')}`; // new secrets: base64 of 32 random bytes
const body = serializePayload('ticket.created', NOW - 60_000, '0193a3c2-0000-7000-8000-000000000001', {
  id: 't1',
  subject: 'Hi',
});

function standardHeaders(secret: string, at = NOW, id = 'evt_1', payload = body) {
  const signature = new Webhook(secret).sign(id, new Date(at), payload);
  return { 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at / 1000)), 'webhook-signature': signature };
}

describe('verifyWebhook', () => {
  it("accepts the server's X-Webhook-Signature and returns the typed event; rejects tampering and stale events", () => {
    const headers = {
      'X-Webhook-Signature': signatureHeader(hexSecret, body),
      'X-Webhook-Timestamp': '2026-11-22T11:59:00.000Z',
    };
    const event = verifyWebhook(body, headers, hexSecret, { now: NOW });
    expect(event.event).toBe('ticket.created');
    if (event.event === 'ticket.created') expect(event.data.id).toBe('t1');
    expect(verifyWebhook(Buffer.from(body), new Headers(headers), hexSecret, { now: NOW }).organization_id).toMatch(
      /^0193/,
    );
    const bad = (fn: () => unknown) => expect(fn).toThrow(WebhookVerificationError);
    bad(() => verifyWebhook(body.replace('Hi', 'Ho'), headers, hexSecret, { now: NOW }));
    bad(() => verifyWebhook(body, headers, `${hexSecret}0`, { now: NOW }));
    bad(() => verifyWebhook(body, { ...headers, 'X-Webhook-Signature': 'sha256=00' }, hexSecret, { now: NOW }));
    bad(() => verifyWebhook(body, {}, hexSecret, { now: NOW }));
    // The body's signed timestamp is the event's: an hour (by default) is allowed for retries.
    expect(() => verifyWebhook(body, headers, hexSecret, { now: NOW + 3_600_000 })).toThrow(/tolerance/);
    expect(verifyWebhook(body, headers, hexSecret, { now: NOW + 3_000_000 }).event).toBe('ticket.created');
  });

  it('accepts Standard Webhooks signatures made by the standardwebhooks package, for both secret forms', () => {
    for (const secret of [hexSecret, base64Secret]) {
      const event = verifyWebhook(body, standardHeaders(secret), secret, { now: NOW + 10_000 });
      expect(event.event, secret).toBe('ticket.created');
    }
  });

  it('checks webhook-timestamp tolerance, the signed id and timestamp, and accepts any of several signatures', () => {
    const headers = standardHeaders(base64Secret);
    expect(() => verifyWebhook(body, headers, base64Secret, { now: NOW + 301_000 })).toThrow(/tolerance/);
    expect(() => verifyWebhook(body, headers, base64Secret, { now: NOW - 301_000 })).toThrow(/tolerance/);
    expect(verifyWebhook(body, headers, base64Secret, { now: NOW + 600_000, toleranceSeconds: 900 }).event).toBe(
      'ticket.created',
    );
    expect(() => verifyWebhook(body, { ...headers, 'webhook-id': 'evt_2' }, base64Secret, { now: NOW })).toThrow(
      WebhookVerificationError,
    );
    expect(() =>
      verifyWebhook(body, { ...headers, 'webhook-timestamp': String(Math.floor(NOW / 1000) + 1) }, base64Secret, {
        now: NOW,
      }),
    ).toThrow(WebhookVerificationError);
    // Rotation: the new secret's signature and the previous one's, space-separated, in either order.
    const previous = `whsec_${randomBytes(32).toString('base64')}`;
    const both = `${standardHeaders(previous)['webhook-signature']} ${headers['webhook-signature']}`;
    expect(verifyWebhook(body, { ...headers, 'webhook-signature': both }, base64Secret, { now: NOW }).event).toBe(
      'ticket.created',
    );
    expect(verifyWebhook(body, { ...headers, 'webhook-signature': both }, previous, { now: NOW }).event).toBe(
      'ticket.created',
    );
    const other = `whsec_${randomBytes(32).toString('base64')}`;
    expect(() => verifyWebhook(body, { ...headers, 'webhook-signature': both }, other, { now: NOW })).toThrow(
      /no webhook-signature matches/,
    );
    // The Standard Webhooks signature is checked even when an X-Webhook-Signature is also present.
    const legacy = signatureHeader(base64Secret, body);
    expect(() =>
      verifyWebhook(body, { ...headers, 'webhook-id': 'evt_9', 'x-webhook-signature': legacy }, base64Secret, {
        now: NOW,
      }),
    ).toThrow(WebhookVerificationError);
  });
});
