import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeliveryClient, type OutgoingDelivery } from './delivery-client.js';
import { newSecret } from './signing.js';

// The HTTP side of an attempt against a local receiver: what arrives (bytes and both signatures, as
// a receiver verifies them), and how an attempt ends (status, long or missing answers, deadline).

interface Arrival {
  path: string;
  headers: IncomingHttpHeaders;
  raw: Buffer;
}

describe('delivery client', () => {
  const arrivals: Arrival[] = [];
  let server: Server;
  let base: string;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        arrivals.push({ path: req.url!, headers: req.headers, raw: Buffer.concat(chunks) });
        if (req.url === '/fail') return res.writeHead(500).end('no');
        if (req.url === '/silent') return; // never answers
        if (req.url === '/drip') {
          // Headers at once, then a byte every 50 ms forever: only the attempt's deadline ends it.
          res.writeHead(200, { 'content-type': 'text/plain' });
          const drip = setInterval(() => res.write('.'), 50);
          return res.on('close', () => clearInterval(drip));
        }
        if (req.url === '/long') {
          // 1 MB: more than the client reads of an answer.
          res.writeHead(200, { 'content-type': 'text/plain' });
          return res.end(Buffer.alloc(1024 * 1024, 'x'));
        }
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const body =
    '{"event":"ticket.created","timestamp":"2026-01-02T03:04:05.006Z","organization_id":"org-1","data":{"s":"é"}}';
  const delivery = (path: string, secret: string, extra: Partial<OutgoingDelivery> = {}): OutgoingDelivery => ({
    url: `${base}${path}`,
    secret,
    event: 'ticket.created',
    body,
    created_at: Date.parse('2026-01-02T03:04:05.006Z'),
    webhookId: 'evt-1',
    attemptAt: Date.now(),
    secrets: [secret],
    ...extra,
  });

  it('one event to several webhooks: the same bytes, each signed with its own secret (both signature headers)', async () => {
    const client = createDeliveryClient({ timeoutMs: 5_000, allowPrivateTargets: true });
    try {
      const secrets = [newSecret(), newSecret(), `whsec_${'ab12'.repeat(16)}`];
      const previous = newSecret();
      arrivals.length = 0;
      const results = await Promise.all([
        ...secrets.map((s, i) => client.send(delivery(`/hook/${i}`, s))),
        // A rotation's overlap: the previous secret signs too.
        client.send(delivery('/hook/rotated', secrets[0], { secrets: [secrets[0], previous] })),
      ]);
      expect(results).toEqual(Array(4).fill({ success: true, statusCode: 204, error: null }));
      const byPath = new Map(arrivals.map((a) => [a.path, a]));
      for (const [path, secret] of [
        ...secrets.map((s, i) => [`/hook/${i}`, s]),
        ['/hook/rotated', secrets[0]],
        ['/hook/rotated', previous],
      ]) {
        const a = byPath.get(path)!;
        expect(a.raw.toString('utf8')).toBe(body);
        expect(new Webhook(secret).verify(a.raw.toString('utf8'), a.headers as Record<string, string>)).toEqual(
          JSON.parse(body),
        );
      }
      for (const [i, secret] of secrets.entries()) {
        const a = byPath.get(`/hook/${i}`)!;
        expect(a.headers['x-webhook-signature']).toBe(
          `sha256=${createHmac('sha256', secret).update(a.raw).digest('hex')}`,
        );
        expect(a.headers['x-webhook-timestamp']).toBe('2026-01-02T03:04:05.006Z');
        expect(a.headers['x-webhook-event']).toBe('ticket.created');
        expect(a.headers['content-type']).toBe('application/json');
        // Another webhook's secret does not verify it.
        expect(() =>
          new Webhook(secrets[(i + 1) % secrets.length]).verify(
            a.raw.toString('utf8'),
            a.headers as Record<string, string>,
          ),
        ).toThrow();
      }
      expect(byPath.get('/hook/rotated')!.headers['webhook-signature']).toMatch(/^v1,\S+ v1,\S+$/);
    } finally {
      await client.close();
    }
  });

  it('the outcome is the status line; an answer longer than the client reads still counts by its status', async () => {
    const client = createDeliveryClient({ timeoutMs: 5_000, allowPrivateTargets: true });
    try {
      expect(await client.send(delivery('/fail', newSecret()))).toEqual({
        success: false,
        statusCode: 500,
        error: 'HTTP 500',
      });
      expect(await client.send(delivery('/long', newSecret()))).toEqual({
        success: true,
        statusCode: 200,
        error: null,
      });
      // The connection cut short after the long answer is not reused: the next attempt still goes through.
      expect(await client.send(delivery('/ok', newSecret()))).toEqual({ success: true, statusCode: 204, error: null });
    } finally {
      await client.close();
    }
  });

  it('an unanswered or endless attempt ends at its deadline; a refused connection ends with no status', async () => {
    const client = createDeliveryClient({ timeoutMs: 300, allowPrivateTargets: true });
    try {
      const silent = await client.send(delivery('/silent', newSecret()));
      expect(silent).toMatchObject({ success: false, statusCode: null });
      expect(silent.error).toMatch(/timeout/i);
      // Answered 200, body never ending: settled by the deadline (no read timeout fires while bytes arrive).
      expect(await client.send(delivery('/drip', newSecret()))).toEqual({
        success: true,
        statusCode: 200,
        error: null,
      });
      const refused = await client.send({ ...delivery('/x', newSecret()), url: 'http://127.0.0.1:1/x' });
      expect(refused).toMatchObject({ success: false, statusCode: null });
      expect(refused.error).toBeTruthy();
    } finally {
      await client.close();
    }
  });
});
