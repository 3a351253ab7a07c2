import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect, type TestContext } from './support/harness.js';
import { postTicket } from './support/ticket-fixtures.js';
import { eventually, silentLogger, startReceiver, type Receiver } from './support/webhook-receiver.js';

// GET /metrics: Prometheus text, request durations by route template, webhook queue
// gauges read at scrape time (cached by the clock), attempts by outcome, pool use on PostgreSQL.

/** The value of one sample of the exposition text, or undefined when there is no such line. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const got = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(match[3]);
  }
  return undefined;
}

const scrape = async (ctx: TestContext) => {
  const res = await ctx.app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
};

describeEachDialect('metrics', (ctx) => {
  it('labels requests by method, route template and status: no ids, emails, tokens or raw URLs', async () => {
    const org = await ctx.createOrg();
    const created = await org.api.post('/api/v1/customers', { email: 'metrics-person@example.com', name: 'M' });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    expect((await org.api.get(`/api/v1/customers/${id}`)).status).toBe(200);
    expect((await org.api.get(`/api/v1/customers/${id}?search=secretterm`)).status).toBe(200);
    expect((await org.api.get('/api/v1/customers/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/no-such-route/${id}` })).statusCode).toBe(404);

    const text = await scrape(ctx);
    const count = (labels: Record<string, string>) => sample(text, 'http_request_duration_seconds_count', labels);
    expect(count({ method: 'POST', route: '/api/v1/customers', status_code: '201' })).toBe(1);
    expect(count({ method: 'GET', route: '/api/v1/customers/:customer_id', status_code: '200' })).toBe(2);
    expect(count({ method: 'GET', route: '/api/v1/customers/:customer_id', status_code: '404' })).toBe(1);
    expect(count({ method: 'GET', route: 'unmatched', status_code: '404' })).toBe(1);
    expect(
      sample(text, 'http_request_duration_seconds_bucket', {
        route: '/api/v1/customers/:customer_id',
        status_code: '200',
        le: '+Inf',
      }),
    ).toBe(2);
    // The process's default metrics.
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    for (const secret of [id, org.id, org.token, 'metrics-person', 'secretterm', 'no-such-route'])
      expect(text).not.toContain(secret);
  });

  it('exports the database pool on PostgreSQL only', async () => {
    const text = await scrape(ctx);
    if (ctx.dialect === 'postgres') {
      // The harness opens its pool with 5 connections; the scrape's own statement has used one.
      expect(sample(text, 'helpdesk_db_pool_max_connections')).toBe(5);
      expect(sample(text, 'helpdesk_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'helpdesk_db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'helpdesk_db_pool_waiting_requests')).toBe(0);
    } else {
      expect(text).not.toContain('helpdesk_db_pool');
    }
  });

  it('reports queue depth and the oldest due delivery, read at most once per cache interval', async () => {
    const org = await ctx.createOrg();
    const hook = await org.api.post('/api/v1/webhooks', {
      name: 'Queue',
      url: 'http://127.0.0.1:9/q',
      events: ['ticket.created'],
    });
    expect(hook.status).toBe(201);
    const start = Date.parse('2031-01-01T00:00:00.000Z');
    ctx.clock.set(start);
    expect((await postTicket(org.api)).status).toBe(201);
    expect((await postTicket(org.api)).status).toBe(201);
    ctx.clock.set(start + 90_000);
    const queued = await ctx.database.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('next_attempt_at', 'is not', null)
      .execute();
    expect(queued.length).toBeGreaterThanOrEqual(2);

    let text = await scrape(ctx);
    expect(sample(text, 'helpdesk_webhook_queue_depth')).toBe(queued.length);
    expect(sample(text, 'helpdesk_webhook_queue_due')).toBe(queued.length);
    expect(sample(text, 'helpdesk_webhook_oldest_due_age_seconds')).toBeGreaterThanOrEqual(90);

    // Within the cache interval a new delivery is not seen (no statement ran); after it, it is.
    expect((await postTicket(org.api)).status).toBe(201);
    text = await scrape(ctx);
    expect(sample(text, 'helpdesk_webhook_queue_depth')).toBe(queued.length);
    ctx.clock.advance(6_000);
    text = await scrape(ctx);
    expect(sample(text, 'helpdesk_webhook_queue_depth')).toBe(queued.length + 1);

    // Scheduled later than now: queued, not due.
    await ctx.database.db
      .updateTable('webhook_deliveries')
      .set({ next_attempt_at: start + 10 * 3_600_000 })
      .where('next_attempt_at', 'is not', null)
      .execute();
    ctx.clock.advance(6_000);
    text = await scrape(ctx);
    expect(sample(text, 'helpdesk_webhook_queue_depth')).toBe(queued.length + 1);
    expect(sample(text, 'helpdesk_webhook_queue_due')).toBe(0);
    expect(sample(text, 'helpdesk_webhook_oldest_due_age_seconds')).toBe(0);
    await ctx.database.db.deleteFrom('webhook_deliveries').execute();
  });

  describeAttempts(ctx);
});

function describeAttempts(ctx: TestContext) {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
  });

  it('counts webhook attempts by outcome', async () => {
    const org = await ctx.createOrg();
    receiver.respond((req) => ({ status: req.path === '/ok' ? 200 : 500 }));
    for (const path of ['/ok', '/fail']) {
      const hook = await org.api.post('/api/v1/webhooks', {
        name: path,
        url: receiver.url + path,
        events: ['ticket.created'],
      });
      expect(hook.status).toBe(201);
    }
    const before = await scrape(ctx);
    const attempts = (text: string, outcome: string) => sample(text, 'helpdesk_webhook_attempts_total', { outcome });
    expect(attempts(before, 'success')).toBe(0);
    expect(attempts(before, 'failure')).toBe(0);

    const worker = ctx.container.startWorker(silentLogger);
    try {
      expect((await postTicket(org.api)).status).toBe(201);
      await receiver.waitFor(2);
      // Counted when the attempt ends; the failure is recorded with its retry (stored state).
      await eventually(async () => {
        const rows = await ctx.database.db
          .selectFrom('webhook_deliveries')
          .select(['attempt_count'])
          .where('organization_id', '=', org.id)
          .execute();
        return rows.length === 2 && rows.every((r) => r.attempt_count === 1);
      });
    } finally {
      await worker.stop();
    }
    const after = await scrape(ctx);
    expect(attempts(after, 'success')).toBe(1);
    expect(attempts(after, 'failure')).toBe(1);
    expect(attempts(after, 'exhausted')).toBe(0);
    expect(after).not.toContain(receiver.url);
  });
}

describeEachDialect(
  'metrics disabled',
  (ctx) => {
    it('METRICS_ENABLED=false: no /metrics route (404 in the error shape)', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
      expect(ctx.container.metrics).toBeNull();
    });
  },
  { env: { METRICS_ENABLED: 'false' }, dialects: ['sqlite'] },
);
