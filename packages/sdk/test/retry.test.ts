import { describe, expect, it } from 'vitest';
import { ApiError, ConnectionError, createHelpdesk } from '../src/index.js';

// Retries and Idempotency-Key against a scripted fetch (each answer chosen by the test): no server,
// no real waiting (the sleeps are recorded).

type Script = Array<Response | Error>;
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const error = (status: number, code: string, headers: Record<string, string> = {}) =>
  json(status, { error: { code, message: code, details: [], request_id: 'req-1' } }, headers);
const ticketBody = { subject: 'Hi', message: 'Hello', customer: { email: 'a@example.com' } };

function scripted(script: Script) {
  const seen: { method: string; url: string; key: string | null; body: string }[] = [];
  const sleeps: number[] = [];
  let keys = 0;
  const sdk = createHelpdesk({
    apiKey: 'hdk_test',
    baseUrl: 'http://api.test',
    fetch: async (request) => {
      seen.push({
        method: request.method,
        url: request.url,
        key: request.headers.get('idempotency-key'),
        body: await request.text(),
      });
      const next = script.shift();
      if (!next) throw new Error('no more answers scripted');
      if (next instanceof Error) throw next;
      return next;
    },
    sleep: async (ms) => void sleeps.push(ms),
    idempotencyKey: () => `key-${++keys}`,
  });
  return { sdk, seen, sleeps };
}

describe('SDK retries', () => {
  it('retries a POST after 503 and 429 with the same Idempotency-Key and body, waiting Retry-After', async () => {
    const { sdk, seen, sleeps } = scripted([
      error(503, 'service_unavailable', { 'retry-after': '5' }),
      error(429, 'rate_limited', { 'retry-after': '2' }),
      json(201, { data: { id: 't1' } }),
    ]);
    const ticket = await sdk.tickets.create(ticketBody);
    expect(ticket).toEqual({ id: 't1' });
    expect(seen.map((s) => s.key)).toEqual(['key-1', 'key-1', 'key-1']);
    expect(new Set(seen.map((s) => s.body))).toEqual(new Set([JSON.stringify(ticketBody)]));
    expect(sleeps).toEqual([5000, 2000]);
    // A second logical call gets a key of its own.
    const again = scripted([json(201, { data: { id: 't2' } }), json(201, { data: { id: 't3' } })]);
    await again.sdk.tickets.create(ticketBody);
    await again.sdk.tickets.create(ticketBody, { idempotencyKey: 'mine' });
    expect(again.seen.map((s) => s.key)).toEqual(['key-1', 'mine']);
  });

  it('does not retry when Retry-After asks for longer than maxDelayMs', async () => {
    const { sdk, seen, sleeps } = scripted([
      error(503, 'service_unavailable', { 'retry-after': '120' }),
      json(200, { data: {} }),
    ]);
    await expect(sdk.usage.get()).rejects.toMatchObject({ status: 503, retryAfter: 120 });
    expect(seen).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('backs off exponentially without Retry-After and gives up with a typed ApiError', async () => {
    const { sdk, seen, sleeps } = scripted([
      error(503, 'service_unavailable'),
      error(503, 'service_unavailable'),
      error(503, 'service_unavailable'),
      error(503, 'service_unavailable'),
    ]);
    const failure = await sdk.tickets.get('t1').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 503, code: 'service_unavailable', requestId: 'req-1', details: [] });
    expect(seen).toHaveLength(4);
    expect(sleeps).toHaveLength(3);
    for (const [i, ms] of sleeps.entries()) expect(ms).toBeLessThanOrEqual(500 * 2 ** i);
  });

  it('retries network errors for GET but not for POST, and does not retry other errors', async () => {
    const get = scripted([new TypeError('fetch failed'), json(200, { data: { id: 't1' } })]);
    expect(await get.sdk.tickets.get('t1')).toEqual({ id: 't1' });
    expect(get.seen).toHaveLength(2);
    const post = scripted([new TypeError('fetch failed'), json(201, { data: {} })]);
    await expect(post.sdk.tickets.create(ticketBody)).rejects.toBeInstanceOf(ConnectionError);
    expect(post.seen).toHaveLength(1);
    const notFound = scripted([error(404, 'not_found'), json(200, {})]);
    await expect(notFound.sdk.customers.get('x')).rejects.toMatchObject({ status: 404, code: 'not_found' });
    expect(notFound.seen).toHaveLength(1);
  });
});

describe('SDK event log iterator (scripted: GET /api/v1/events is not served by this branch yet)', () => {
  it('follows next_cursor while has_more, passes types, and returns the cursor to resume from', async () => {
    const event = (id: string) => ({ id, type: 'ticket.created', created_at: '2026-11-22T10:00:00.000Z', data: {} });
    const { sdk, seen } = scripted([
      json(200, { data: [event('e1'), event('e2')], meta: { next_cursor: 'c2', has_more: true } }),
      json(200, { data: [event('e3')], meta: { next_cursor: 'c3', has_more: false } }),
    ]);
    const iterator = sdk.events.iterate({ after: 'c0', limit: 2, types: ['ticket.created', 'message.created'] });
    const ids: string[] = [];
    let result = await iterator.next();
    while (!result.done) {
      ids.push(result.value.id);
      result = await iterator.next();
    }
    expect(ids).toEqual(['e1', 'e2', 'e3']);
    expect(result.value).toBe('c3');
    const queries = seen.map((s) => Object.fromEntries(new URL(s.url).searchParams));
    expect(queries).toEqual([
      { after: 'c0', limit: '2', type: 'ticket.created,message.created' },
      { after: 'c2', limit: '2', type: 'ticket.created,message.created' },
    ]);
    expect(seen.map((s) => new URL(s.url).pathname)).toEqual(['/api/v1/events', '/api/v1/events']);
  });
});
