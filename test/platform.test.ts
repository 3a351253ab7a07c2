import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createContainer } from '../src/container.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { api } from './support/api.js';
import { describeEachDialect, type TestOrg } from './support/harness.js';

const errorShape = (code: string) => ({
  error: { code, message: expect.any(String), details: expect.any(Array), request_id: expect.any(String) },
});

describeEachDialect('platform', (ctx) => {
  /** POST /customers with a raw (possibly malformed) body. */
  const postRaw = (org: TestOrg, payload: string, contentType = 'application/json') =>
    org.api.post('/api/v1/customers', payload, { 'content-type': contentType });

  it('healthz and readyz answer 200 without a key', async () => {
    expect(await api(ctx.app).get('/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await api(ctx.app).get('/readyz')).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('unknown routes are a 404 in the error shape', async () => {
    const res = await api(ctx.app).get('/api/v1/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      error: { code: 'not_found', message: expect.any(String), details: [], request_id: expect.any(String) },
    });
  });

  it('serves an OpenAPI 3.1 document generated from the route schemas, and the docs UI', async () => {
    const res = await api(ctx.app).get('/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/api/v1/customers', '/api/v1/customers/{customer_id}']),
    );
    const post = res.body.paths['/api/v1/customers'].post;
    // Request bodies are named components (CreateCustomerInput): follow the reference.
    const bodyRef: string = post.requestBody.content['application/json'].schema.$ref;
    const body = res.body.components.schemas[bodyRef.replace('#/components/schemas/', '')];
    expect(body.properties.email).toMatchObject({ type: 'string' });
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403', '409']));
    expect(post.description).toContain('Requires an API key with the `customers:write` scope.');
    expect(res.body.paths['/api/v1/customers'].get.description).toBe(
      'Requires an API key with the `customers:read` scope.',
    );
    const ui = await ctx.app.inject({ method: 'GET', url: '/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
  });

  it('answers 401 with WWW-Authenticate for missing, malformed, unknown and revoked keys', async () => {
    const org = await ctx.createOrg();
    const cases: Record<string, string | undefined> = {
      missing: undefined,
      basic: 'Basic dXNlcjpwYXNz',
      empty: 'Bearer ',
      unknown: 'Bearer hdk_doesnotexist',
    };
    for (const [name, header] of Object.entries(cases)) {
      const res = await api(ctx.app).get('/api/v1/customers', header ? { authorization: header } : {});
      expect(res.status, name).toBe(401);
      expect(res.body).toEqual(errorShape('unauthorized'));
      expect(res.headers['www-authenticate']).toBe('Bearer');
    }
    const keyId = (
      await ctx.database.db
        .selectFrom('api_keys')
        .select('id')
        .where('organization_id', '=', org.id)
        .executeTakeFirstOrThrow()
    ).id;
    expect((await org.api.get('/api/v1/customers')).status).toBe(200);
    await ctx.database.db.updateTable('api_keys').set({ revoked_at: Date.now() }).where('id', '=', keyId).execute();
    ctx.clock.advance(ctx.config.apiKeyCacheTtlMs); // revoked behind the service's back: once its cache entry expires
    const revoked = await org.api.get('/api/v1/customers');
    expect(revoked.status).toBe(401);
    expect(revoked.body).toEqual(errorShape('unauthorized'));
  });

  it('checks authentication before reading the body', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/customers',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers malformed JSON with 400 validation_error', async () => {
    const org = await ctx.createOrg();
    for (const payload of ['{not json', '{"email": "a@example.com",}', '[1,2', '"unterminated']) {
      const res = await postRaw(org, payload);
      expect(res.status, payload).toBe(400);
      expect(res.body).toEqual(errorShape('validation_error'));
    }
  });

  it('answers a body that is JSON but not an object with 400', async () => {
    const org = await ctx.createOrg();
    for (const payload of ['[]', '42', 'null', '"text"']) {
      const res = await postRaw(org, payload);
      expect(res.status, payload).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
    }
  });

  it('answers a write without a JSON content type with 415', async () => {
    const org = await ctx.createOrg();
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const res = await postRaw(org, 'email=a@example.com', type);
      expect(res.status, type).toBe(415);
      expect(res.body).toEqual(errorShape('unsupported_media_type'));
    }
  });

  it('answers a body without any content type with 400 or 415, never 500', async () => {
    const org = await ctx.createOrg();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/customers',
      headers: { authorization: `Bearer ${org.token}` },
      payload: Buffer.from('{"email":"a@example.com"}'),
    });
    expect([400, 415]).toContain(res.statusCode);
    expect(res.json().error.code).toMatch(/validation_error|unsupported_media_type/);
  });

  it('accepts a JSON content type with a charset parameter', async () => {
    const org = await ctx.createOrg();
    const res = await postRaw(org, '{"email":"charset@example.com"}', 'application/json; charset=utf-8');
    expect(res.status).toBe(201);
  });

  it('refuses prototype-pollution keys in bodies with 400', async () => {
    const org = await ctx.createOrg();
    const res = await postRaw(org, '{"email":"proto@example.com","metadata":{"__proto__":{"polluted":true},"ok":1}}');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'validation_error',
      details: [{ field: 'body', issue: 'forbidden_key' }],
    });
    expect(({} as any).polluted).toBeUndefined();
  });

  it('refuses values no engine stores faithfully: NUL characters, lone surrogates, infinite numbers', async () => {
    const org = await ctx.createOrg();
    const cases: [string, string, string][] = [
      ['{"email":"a@example.com","name":"x\\u0000y"}', 'name', 'nul_character'],
      ['{"email":"a@example.com","metadata":{"deep":["ok","\\u0000"]}}', 'metadata.deep.1', 'nul_character'],
      ['{"email":"a@example.com","metadata":{"k\\u0000":1}}', 'metadata', 'nul_character'],
      ['{"email":"a@example.com","name":"\\ud800"}', 'name', 'invalid_unicode'],
      ['{"email":"a@example.com","metadata":{"n":1e400}}', 'metadata.n', 'out_of_range'],
    ];
    // Nesting deep enough to exhaust a recursive walk is refused, not a 500.
    for (const depth of [100, 200_000]) {
      const payload = `{"email":"a@example.com","metadata":{"x":${'['.repeat(depth)}${']'.repeat(depth)}}}`;
      const res = await postRaw(org, payload);
      expect(res.status, `depth ${depth}`).toBe(400);
      expect(res.body.error.details[0].issue).toBe('too_deep');
    }
    for (const [payload, field, issue] of cases) {
      const res = await postRaw(org, payload);
      expect(res.status, payload).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'validation_error', details: [{ field, issue }] });
    }
    const ok = await org.api.post('/api/v1/customers', { email: 'emoji@example.com', name: 'Zoë 🎉' });
    expect(ok.status).toBe(201);
    expect(ok.body.data.name).toBe('Zoë 🎉');
    const list = await org.api.get('/api/v1/customers');
    expect(list.body.meta.pagination.total).toBe(1);
  });

  it('refuses NUL characters in the URL with 400', async () => {
    const org = await ctx.createOrg();
    for (const url of ['/api/v1/customers?search=%00', '/api/v1/customers?search=a%00b', '/api/v1/customers/a%00b']) {
      const res = await org.api.get(url);
      expect(res.status, url).toBe(400);
      expect(res.body.error.details).toEqual([{ field: 'url', issue: 'nul_character' }]);
    }
  });

  it('accepts only plain positive integers for page and limit', async () => {
    const org = await ctx.createOrg();
    for (const qs of [
      'page=1e400',
      'page=1e3',
      'limit=0x10',
      'limit=1e1',
      'limit=%2B5',
      'page=1&page=2',
      'page=9999999999999999',
      'page=0',
    ]) {
      const res = await org.api.get(`/api/v1/customers?${qs}`);
      expect(res.status, qs).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
    }
    const ok = await org.api.get('/api/v1/customers?page=002&limit=05');
    expect(ok.body.meta.pagination).toEqual({ page: 2, limit: 5, total: 0, total_pages: 0 });
  });

  it('answers an undecodable URL with 404 in the error shape', async () => {
    const org = await ctx.createOrg();
    for (const url of ['/api/v1/customers/%ZZ', '/api/v1/tickets/%E0%A4%A', '/healthz%ZZ']) {
      const res = await org.api.get(url);
      expect(res.status, url).toBe(404);
      expect(res.body).toEqual({
        error: { code: 'not_found', message: expect.any(String), details: [], request_id: expect.any(String) },
      });
    }
  });
});

describeEachDialect(
  'body size limit',
  (ctx) => {
    it('answers a body over BODY_LIMIT_BYTES with 413 payload_too_large and stores nothing', async () => {
      const org = await ctx.createOrg();
      const res = await org.api.post('/api/v1/customers', {
        email: 'big@example.com',
        metadata: { blob: 'x'.repeat(3000) },
      });
      expect(res.status).toBe(413);
      expect(res.body).toEqual(errorShape('payload_too_large'));
      const list = await org.api.get('/api/v1/customers');
      expect(list.body.data).toEqual([]);
      const small = await org.api.post('/api/v1/customers', { email: 'small@example.com' });
      expect(small.status).toBe(201);
    });
  },
  { env: { BODY_LIMIT_BYTES: '2048' } },
);

describeEachDialect(
  'rate limiting (in-process store)',
  (ctx) => {
    it('limits per API key with RateLimit headers and Retry-After on 429', async () => {
      const a = await ctx.createOrg('A');
      const b = await ctx.createOrg('B');
      for (let i = 0; i < 3; i++) {
        const ok = await a.api.get('/api/v1/customers');
        expect(ok.status).toBe(200);
        expect(ok.headers['ratelimit-limit']).toBe('3');
        expect(ok.headers['ratelimit-remaining']).toBe(String(2 - i));
        expect(Number(ok.headers['ratelimit-reset'])).toBeGreaterThan(0);
      }
      const limited = await a.api.get('/api/v1/customers');
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual(errorShape('rate_limited'));
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.headers['ratelimit-remaining']).toBe('0');
      // Another key has its own budget.
      expect((await b.api.get('/api/v1/customers')).status).toBe(200);
      // Health checks are not limited.
      for (let i = 0; i < 5; i++) expect((await api(ctx.app).get('/healthz')).status).toBe(200);
    });

    it('counts requests without a valid key too (per IP, or per presented token)', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await api(ctx.app).get('/api/v1/customers');
        expect(res.headers['ratelimit-limit']).toBe('3');
        statuses.push(res.status);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    });
  },
  { env: { RATE_LIMIT_PER_MINUTE: '3' } },
);

describeEachDialect(
  'CORS',
  (ctx) => {
    it('answers preflights and marks responses for configured origins only', async () => {
      const preflight = await ctx.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/customers',
        headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('https://app.example.com');
      const org = await ctx.createOrg();
      const res = await org.api.get('/api/v1/customers', { origin: 'https://app.example.com' });
      expect(res.headers['access-control-allow-origin']).toBe('https://app.example.com');
      const other = await org.api.get('/api/v1/customers', { origin: 'https://evil.example' });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    });
  },
  { env: { CORS_ORIGINS: 'https://app.example.com' } },
);

describe('database unavailable', () => {
  it('answers /readyz 503 and API requests 503 service_unavailable, quickly and in the error shape', async () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '0',
    });
    const database = openDatabase(config.database);
    const app = await buildApp(createContainer({ config, database, clock: Date.now }));
    try {
      expect(await api(app).get('/healthz')).toMatchObject({ status: 200 });
      expect(await api(app).get('/readyz')).toMatchObject({ status: 503, body: { status: 'database unreachable' } });
      const res = await api(app, 'hdk_anything').get('/api/v1/customers');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        error: {
          code: 'service_unavailable',
          message: expect.any(String),
          details: [],
          request_id: expect.any(String),
        },
      });
      expect(res.headers['retry-after']).toBe('5');
    } finally {
      await app.close();
      await database.close();
    }
  });
});
