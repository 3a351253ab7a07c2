import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { App } from '../src/shared/http.js';
import { captureLogLines } from './support/log-capture.js';
import { describeEachDialect, type TestOrg } from './support/harness.js';
import { ticketBody } from './support/ticket-fixtures.js';

// X-Request-Id on every response (kept when well formed, else fresh), in every error
// body, and in every request log line with the caller's organization and key ids; log lines carry
// neither API keys, webhook secrets, the Authorization header nor the value of `search`.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describeEachDialect('request ids and request logs', (ctx) => {
  let app: App;
  const { stream, lines } = captureLogLines();
  beforeAll(async () => {
    app = await buildApp(ctx.container, { logger: { level: 'info', stream } });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });
  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it('echoes a well-formed X-Request-Id and replaces any other with a fresh unique one', async () => {
    const org = await ctx.createOrg();
    const auth = { authorization: `Bearer ${org.token}` };
    for (const id of ['abc', 'A.b_c:d-9', 'x'.repeat(128)]) {
      expect((await get('/api/v1/tickets', { ...auth, 'x-request-id': id })).headers['x-request-id']).toBe(id);
    }
    const fresh = new Set<string>();
    for (const bad of ['', 'x'.repeat(129), 'has space', 'semi;colon', 'é', undefined]) {
      const res = await get('/api/v1/tickets', bad === undefined ? auth : { ...auth, 'x-request-id': bad });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-request-id']).toMatch(UUID);
      fresh.add(String(res.headers['x-request-id']));
    }
    expect(fresh.size).toBe(6);
  });

  it('is on every response: health, docs, unknown routes, errors (and in their body), replays', async () => {
    const org = await ctx.createOrg();
    for (const url of [
      '/healthz',
      '/readyz',
      '/openapi.json',
      '/docs',
      '/nope',
      '/api/v1/nope',
      '/api/v1/tickets',
      '/customers/%ZZ',
    ]) {
      const res = await get(url, { 'x-request-id': 'trace-1' });
      expect(res.headers['x-request-id'], url).toBe('trace-1');
      if (res.statusCode >= 400) {
        expect(JSON.parse(res.body).error.request_id, url).toBe('trace-1');
      }
    }
    const unauthorized = await get('/api/v1/tickets');
    expect(JSON.parse(unauthorized.body)).toEqual({
      error: {
        code: 'unauthorized',
        message: expect.any(String),
        details: [],
        request_id: unauthorized.headers['x-request-id'],
      },
    });
    const bad = await app.inject({
      method: 'POST',
      url: '/api/v1/tickets',
      headers: { authorization: `Bearer ${org.token}`, 'content-type': 'application/json', 'x-request-id': 'bad-body' },
      payload: '{"subject":',
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(bad.body).error.request_id).toBe('bad-body');
  });

  it('logs every request line with its id, the caller once known, the route template and query keys only', async () => {
    const org: TestOrg = await ctx.createOrg();
    const auth = { authorization: `Bearer ${org.token}`, 'content-type': 'application/json' };
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: { ...auth, 'x-request-id': 'log-hook' },
      payload: JSON.stringify({ name: 'h', url: 'http://127.0.0.1:9/h', events: ['ticket.created'] }),
    });
    expect(created.statusCode).toBe(201);
    const secret = JSON.parse(created.body).data.secret as string;
    const ticket = await app.inject({
      method: 'POST',
      url: '/api/v1/tickets',
      headers: { ...auth, 'idempotency-key': 'log-key-1' },
      payload: JSON.stringify(ticketBody()),
    });
    const ticketId = JSON.parse(ticket.body).data.id as string;
    const term = 'ZebraSecretTerm42';
    expect(
      (await get(`/api/v1/tickets?search=${term}&limit=5`, { ...auth, 'x-request-id': 'log-search' })).statusCode,
    ).toBe(200);
    expect((await get(`/api/v1/tickets/${ticketId}`, auth)).statusCode).toBe(200);
    // Refused keys must not be logged either.
    expect(
      (await get('/api/v1/tickets', { authorization: 'Bearer hdk_notARealKeyButSecretLooking0000000000000000' }))
        .statusCode,
    ).toBe(401);

    const text = lines.map((l) => JSON.stringify(l)).join('\n');
    for (const forbidden of [org.token, secret, term, 'hdk_notARealKey', 'authorization', 'Bearer']) {
      expect(text.includes(forbidden), `log contains ${forbidden}`).toBe(false);
    }
    const requestLines = lines.filter((l) => l.req || l.res);
    expect(requestLines.length).toBeGreaterThan(0);
    for (const line of requestLines) expect(line.request_id, JSON.stringify(line)).toEqual(expect.any(String));
    const search = lines.filter((l) => l.request_id === 'log-search');
    expect(search.find((l) => l.req)?.req).toEqual({
      method: 'GET',
      route: '/api/v1/tickets',
      query_keys: ['search', 'limit'],
      remoteAddress: '127.0.0.1',
    });
    const completed = search.find((l) => l.res);
    expect(completed).toMatchObject({
      organization_id: org.id,
      api_key_id: expect.stringMatching(UUID),
      res: { statusCode: 200 },
    });
    expect(lines.find((l) => l.request_id === 'log-hook' && l.res)).toMatchObject({ organization_id: org.id });
    const read = lines.find((l) => l.req?.route === '/api/v1/tickets/:ticket_id');
    expect(JSON.stringify(read)).not.toContain(ticketId);
  });
});

describeEachDialect(
  'OpenAPI: platform headers and statuses',
  (ctx) => {
    it('documents X-Request-Id, Idempotency-Key, Idempotent-Replayed, ETag, If-Match, If-None-Match, 304/409/412/422', async () => {
      const doc = JSON.parse((await ctx.app.inject({ method: 'GET', url: '/openapi.json' })).body);
      const names = (op: any) => op.parameters.filter((p: any) => p.in === 'header').map((p: any) => p.name);
      const create = doc.paths['/api/v1/tickets'].post;
      expect(names(create)).toEqual(expect.arrayContaining(['x-request-id', 'idempotency-key']));
      expect(Object.keys(create.responses['201'].headers)).toEqual(
        expect.arrayContaining(['X-Request-Id', 'Idempotent-Replayed']),
      );
      expect(create.responses['422'].description).toContain('idempotency_key_reused');
      expect(create.responses['409'].description).toContain('idempotency_key_in_use');
      const one = doc.paths['/api/v1/tickets/{ticket_id}'];
      expect(names(one.get)).toContain('if-none-match');
      expect(one.get.responses['200'].headers.ETag).toBeDefined();
      expect(one.get.responses['304']).toBeDefined();
      expect(names(one.patch)).toContain('if-match');
      expect(one.patch.responses['412'].description).toContain('precondition_failed');
      expect(one.patch.responses['200'].headers.ETag).toBeDefined();
      expect(names(doc.paths['/api/v1/customers/{customer_id}'].delete)).toContain('if-match');
      expect(doc.paths['/api/v1/tickets'].get.responses['200'].headers['X-Request-Id']).toBeDefined();
      expect(doc.paths['/api/v1/tickets'].get.responses['304']).toBeUndefined();
    });
  },
  { dialects: ['sqlite'] },
);
