import { Writable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { describeEachDialect, type TestContext } from './support/harness.js';
import { eventually } from './support/webhook-receiver.js';

// Overload protection, TRUST_PROXY and response compression (docs/operations.md).

const NO_TOKEN_ROUTE = '/api/v1/customers';

describeEachDialect(
  'overload protection',
  (ctx) => {
    const pressure = () => (ctx.app as unknown as { isUnderPressure(): boolean }).isUnderPressure();

    it('answers 503 service_unavailable with Retry-After while the event loop lags; health checks and /metrics still answer', async () => {
      const org = await ctx.createOrg();
      await eventually(async () => !pressure());
      expect((await org.api.get('/api/v1/customers')).status).toBe(200);

      // Keep the event loop busy: 40 ms blocks with a 1 ms gap, so every sample sees a long delay.
      const spinner = setInterval(() => {
        const end = Date.now() + 40;
        while (Date.now() < end);
      }, 1);
      try {
        await eventually(async () => pressure());
        const refused = await org.api.get('/api/v1/customers');
        expect(refused.status).toBe(503);
        expect(refused.headers['retry-after']).toBe('7');
        expect(refused.body).toEqual({
          error: {
            code: 'service_unavailable',
            message: expect.stringMatching(/overloaded/),
            details: [],
            request_id: refused.headers['x-request-id'],
          },
        });
        const created = await org.api.post('/api/v1/customers', { email: 'refused@example.com' });
        expect(created.status).toBe(503);
        for (const url of ['/healthz', '/readyz', '/metrics']) {
          expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
        }
        const metrics = (await ctx.app.inject({ method: 'GET', url: '/metrics' })).body;
        expect(metrics).toMatch(
          /http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/customers",status_code="503"\} 1/,
        );
      } finally {
        clearInterval(spinner);
      }
      // Refused before the handler: nothing was written.
      expect(
        await ctx.database.db.selectFrom('customers').select('id').where('email', '=', 'refused@example.com').execute(),
      ).toEqual([]);
      await eventually(async () => !pressure());
      expect((await org.api.get('/api/v1/customers')).status).toBe(200);
    });

    it('does not hold the start-up (which blocks the loop before the app is ready) against the first requests', async () => {
      const org = await ctx.createOrg();
      const app = await buildApp(ctx.container);
      try {
        const end = Date.now() + 150;
        while (Date.now() < end);
        await app.ready();
        const res = await app.inject({
          method: 'GET',
          url: '/api/v1/customers',
          headers: { authorization: `Bearer ${org.token}` },
        });
        expect(res.statusCode).toBe(200);
      } finally {
        await app.close();
      }
    });
  },
  {
    dialects: ['sqlite'],
    env: {
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '5',
      OVERLOAD_SAMPLE_INTERVAL_MS: '20',
      OVERLOAD_RETRY_AFTER_SECONDS: '7',
    },
  },
);

/** Requests without a token from `ip` behind the client address `forwarded` (counted per address). */
const anonymous = (ctx: TestContext, forwarded: string, remoteAddress = '127.0.0.1') =>
  ctx.app.inject({ method: 'GET', url: NO_TOKEN_ROUTE, remoteAddress, headers: { 'x-forwarded-for': forwarded } });

describeEachDialect(
  'TRUST_PROXY on',
  (ctx) => {
    it('rate limits by the forwarded client address when the request comes from a trusted proxy', async () => {
      expect((await anonymous(ctx, '203.0.113.1')).statusCode).toBe(401);
      expect((await anonymous(ctx, '203.0.113.1')).statusCode).toBe(401);
      expect((await anonymous(ctx, '203.0.113.1')).statusCode).toBe(429);
      // Another client behind the same proxy has its own budget; the rightmost untrusted hop counts.
      expect((await anonymous(ctx, '203.0.113.2')).statusCode).toBe(401);
      expect((await anonymous(ctx, '198.51.100.7, 203.0.113.2')).statusCode).toBe(401);
      expect((await anonymous(ctx, '198.51.100.8, 203.0.113.2')).statusCode).toBe(429);
      // An untrusted peer's X-Forwarded-For is ignored: it is counted as itself, whatever it claims.
      expect((await anonymous(ctx, '203.0.113.10', '192.0.2.50')).statusCode).toBe(401);
      expect((await anonymous(ctx, '203.0.113.11', '192.0.2.50')).statusCode).toBe(401);
      expect((await anonymous(ctx, '203.0.113.12', '192.0.2.50')).statusCode).toBe(429);
    });

    it('logs the forwarded client address', async () => {
      let logs = '';
      const stream = new Writable({ write: (chunk, _enc, done) => ((logs += chunk), done()) });
      const app = await buildApp(ctx.container, { logger: { level: 'info', stream } });
      try {
        await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-for': '203.0.113.77' } });
      } finally {
        await app.close();
      }
      expect(logs).toContain('"remoteAddress":"203.0.113.77"');
    });

    it('/metrics is neither rate limited nor authenticated', async () => {
      for (let i = 0; i < 5; i++) {
        const res = await ctx.app.inject({ method: 'GET', url: '/metrics' });
        expect(res.statusCode).toBe(200);
        expect(res.headers['ratelimit-limit']).toBeUndefined();
      }
    });
  },
  { dialects: ['sqlite'], env: { RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: '127.0.0.1' } },
);

describeEachDialect(
  'TRUST_PROXY off (default)',
  (ctx) => {
    it('ignores X-Forwarded-For: every client behind one peer shares its budget', async () => {
      expect(ctx.config.trustProxy).toBe(false);
      expect((await anonymous(ctx, '203.0.113.1')).statusCode).toBe(401);
      expect((await anonymous(ctx, '203.0.113.2')).statusCode).toBe(401);
      expect((await anonymous(ctx, '203.0.113.3')).statusCode).toBe(429);
    });
  },
  { dialects: ['sqlite'], env: { RATE_LIMIT_PER_MINUTE: '2' } },
);

describeEachDialect('response compression', (ctx) => {
  it('compresses a large list for clients that accept it, and leaves small bodies and health checks alone', async () => {
    const org = await ctx.createOrg();
    for (let i = 0; i < 20; i++) {
      expect(
        (await org.api.post('/api/v1/customers', { email: `c${i}@example.com`, name: `Customer number ${i}` })).status,
      ).toBe(201);
    }
    const list = (encoding?: string) =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/v1/customers?limit=100',
        headers: { authorization: `Bearer ${org.token}`, ...(encoding ? { 'accept-encoding': encoding } : {}) },
      });

    const gzip = await list('gzip');
    expect(gzip.statusCode).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(String(gzip.headers.vary)).toMatch(/accept-encoding/i);
    const unzipped = JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'));
    expect(unzipped.data).toHaveLength(20);
    expect(Number(gzip.headers['content-length'])).toBe(gzip.rawPayload.length);

    const br = await list('br;q=1, gzip;q=0.5');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(unzipped);

    const plain = await list();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(unzipped);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);

    // Below the threshold (1 KB): sent as is.
    const one = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/customers/${unzipped.data[0].id}`,
      headers: { authorization: `Bearer ${org.token}`, 'accept-encoding': 'gzip, br' },
    });
    expect(one.statusCode).toBe(200);
    expect(one.rawPayload.length).toBeLessThan(1024);
    expect(one.headers['content-encoding']).toBeUndefined();
    expect(one.json().data.id).toBe(unzipped.data[0].id);
    // Prometheus asks for gzip: the exposition (several KB) is compressed.
    const metrics = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { 'accept-encoding': 'gzip' } });
    expect(metrics.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(metrics.rawPayload).toString('utf8')).toContain('http_request_duration_seconds_count');
    const health = await ctx.app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'gzip' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok' });
  });
});
