import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import { recordTicketCreated } from './support/fixtures.js';
import { ISO_MS, UUID, describeEachDialect, type TestContext, type TestOrg } from './support/harness.js';
import { postTicket } from './support/ticket-fixtures.js';
import { eventually, type ReceivedRequest } from './support/webhook-receiver.js';
import { workerFixture } from './support/worker-fixture.js';

// End to end: API change -> outbox row in the same transaction -> worker -> real HTTP fixture.receiver.

/** Independent verification, as a receiver would do it: HMAC over the raw bytes, constant-time compare. */
function verifySignature(secret: string, req: ReceivedRequest): boolean {
  const header = String(req.headers['x-webhook-signature'] ?? '');
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(req.raw).digest('hex')}`);
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const customer = { email: 'ada@example.com', name: 'Ada' };

export function deliverySuite(ctx: TestContext) {
  // Registered before the fixture's: after-each hooks run in reverse, so the worker is stopped (and the
  // queue emptied) before the clock goes back to real time.
  afterEach(() => ctx.clock.set(null));
  const fixture = workerFixture(ctx);
  const start = fixture.start;
  const rowsOf = (webhookId: string) =>
    ctx.database.db.selectFrom('webhook_deliveries').selectAll().where('webhook_id', '=', webhookId).execute();

  async function setup(events = ['ticket.created', 'ticket.updated', 'message.created'], path = '/hook') {
    const org = await ctx.createOrg();
    const hook = await org.api.post('/api/v1/webhooks', { name: 'Test', url: fixture.receiver.url + path, events });
    expect(hook.status).toBe(201);
    return { org, hook: hook.body.data as { id: string; secret: string } };
  }
  const deliveriesOf = async (org: TestOrg, id: string, query = '') =>
    (await org.api.get(`/api/v1/webhooks/${id}/deliveries${query}`)).body;
  const emit = (organizationId: string, n: number) => recordTicketCreated(ctx, organizationId, `t-${n}`);

  it('delivers ticket.created with the exact body, headers and a verifiable signature, woken by the event', async () => {
    const { org, hook } = await setup();
    // The worker's own poll is an hour away: a delivery can only come from the wake-up on the new event
    // (LISTEN/NOTIFY on PostgreSQL, the in-process signal on SQLite), not from polling.
    start({ pollIntervalMs: 3_600_000 });
    const ticket = (await postTicket(org.api, { customer })).body.data;
    const [req] = await fixture.receiver.waitFor(1);
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/hook');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers['x-webhook-event']).toBe('ticket.created');
    expect(verifySignature(hook.secret, req)).toBe(true);
    expect(req.json).toEqual({
      event: 'ticket.created',
      timestamp: expect.stringMatching(ISO_MS),
      organization_id: org.id,
      data: expect.any(Object),
    });
    expect(Object.keys(req.json)).toEqual(['event', 'timestamp', 'organization_id', 'data']);
    expect(req.headers['x-webhook-timestamp']).toBe(req.json.timestamp);
    expect(req.json.data).toEqual({
      id: ticket.id,
      ticket_number: ticket.ticket_number,
      subject: 'Printer on fire',
      status: 'OPEN',
      priority: 'MEDIUM',
      channel: 'API',
      customer: { id: ticket.customer.id, email: 'ada@example.com', name: 'Ada' },
      assignee: null,
      team: null,
      tags: [],
      created_at: ticket.created_at,
      updated_at: ticket.updated_at,
      closed_at: null,
    });
    expect(req.json.timestamp).toBe(ticket.created_at);
    const history = await eventually(async () => {
      const h = await deliveriesOf(org, hook.id);
      return h.data.length === 1 && h;
    });
    expect(history).toEqual({
      data: [
        {
          id: expect.stringMatching(UUID),
          event: 'ticket.created',
          status: 'success',
          status_code: 200,
          attempt_count: 1,
          created_at: ticket.created_at,
          completed_at: expect.stringMatching(ISO_MS),
          next_attempt_at: null,
        },
      ],
      meta: { pagination: { page: 1, limit: 20, total: 1, total_pages: 1 } },
    });
    const view = (await org.api.get(`/api/v1/webhooks/${hook.id}`)).body.data;
    expect(view).toMatchObject({ last_delivery_status: 'success', last_delivery_at: history.data[0].completed_at });
  });

  it('delivers message.created and ticket.updated with their payloads', async () => {
    const { org, hook } = await setup();
    const ticket = (await postTicket(org.api, { customer })).body.data;
    start();
    await fixture.receiver.waitFor(1);
    const msg = (await org.api.post(`/api/v1/tickets/${ticket.id}/messages`, { content: 'More details' })).body.data;
    const [, m] = await fixture.receiver.waitFor(2);
    expect(m.headers['x-webhook-event']).toBe('message.created');
    expect(verifySignature(hook.secret, m)).toBe(true);
    expect(m.json).toEqual({
      event: 'message.created',
      timestamp: msg.created_at,
      organization_id: org.id,
      data: {
        id: msg.id,
        ticket_id: ticket.id,
        ticket_number: ticket.ticket_number,
        content: 'More details',
        type: 'INBOUND',
        author: msg.author,
        created_at: msg.created_at,
      },
    });
    expect(msg.author).toMatchObject({ type: 'customer', email: 'ada@example.com' });
    const updated = await org.api.patch(`/api/v1/tickets/${ticket.id}`, { status: 'PENDING', priority: 'HIGH' });
    expect(updated.status).toBe(200);
    const [, , u] = await fixture.receiver.waitFor(3);
    expect(u.headers['x-webhook-event']).toBe('ticket.updated');
    expect(verifySignature(hook.secret, u)).toBe(true);
    expect(u.headers['x-webhook-timestamp']).toBe(u.json.timestamp);
    expect(u.json.data).toMatchObject({
      id: ticket.id,
      ticket_number: ticket.ticket_number,
      status: 'PENDING',
      priority: 'HIGH',
      changes: { status: { from: 'OPEN', to: 'PENDING' }, priority: { from: 'MEDIUM', to: 'HIGH' } },
    });
    // An update that changes none of the tracked fields emits nothing: no delivery is even queued.
    const renamed = await org.api.patch(`/api/v1/tickets/${ticket.id}`, { subject: 'Renamed' });
    expect(renamed.status).toBe(200);
    expect((await rowsOf(hook.id)).map((r) => r.event).sort()).toEqual([
      'message.created',
      'ticket.created',
      'ticket.updated',
    ]);
  });

  it('sends only subscribed events of active webhooks of the same organization', async () => {
    const { org } = await setup(['message.created']);
    const other = await setup(['ticket.created'], '/other');
    const inactive = await org.api.post('/api/v1/webhooks', {
      name: 'Off',
      url: `${fixture.receiver.url}/off`,
      events: ['ticket.created'],
    });
    await org.api.patch(`/api/v1/webhooks/${inactive.body.data.id}`, { is_active: false });
    start();
    await postTicket(org.api, { customer });
    await postTicket(other.org.api, { customer });
    const [req] = await fixture.receiver.waitFor(1);
    expect(req.path).toBe('/other');
    expect(req.json.organization_id).toBe(other.org.id);
    // Nothing else can ever be sent: no other webhook has a delivery queued.
    const queued = await ctx.database.db
      .selectFrom('webhook_deliveries')
      .select('webhook_id')
      .where('organization_id', 'in', [org.id, other.org.id])
      .execute();
    expect(queued.map((q) => q.webhook_id)).toEqual([other.hook.id]);
    expect(fixture.receiver.requests).toHaveLength(1);
  });

  it('writes deliveries only when the change commits', async () => {
    const { org, hook } = await setup();
    await ctx.database
      .forOrganization(org.id)
      .transaction(async (t) => {
        await ctx.container.events.record(t, { type: 'ticket.created', occurredAt: ctx.clock(), data: { id: 'x' } });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    const rows = await ctx.database.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('webhook_id', '=', hook.id)
      .execute();
    expect(rows).toEqual([]);
    await emit(org.id, 1);
    const after = await ctx.database.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('webhook_id', '=', hook.id)
      .execute();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ attempt_count: 0, status: null, event: 'ticket.created' });
    // Queued but not yet attempted: not in the history.
    expect((await deliveriesOf(org, hook.id)).data).toEqual([]);
  });

  it('retries failures with the configured schedule, every attempt byte-identical', async () => {
    const { org, hook } = await setup();
    fixture.receiver.respond((_req, i) => ({ status: i < 2 ? 503 : 204 }));
    start();
    await postTicket(org.api, { customer });
    const reqs = await fixture.receiver.waitFor(3);
    expect(new Set(reqs.map((r) => r.raw.toString('base64'))).size).toBe(1);
    expect(new Set(reqs.map((r) => r.headers['x-webhook-signature'])).size).toBe(1);
    expect(new Set(reqs.map((r) => r.headers['x-webhook-timestamp'])).size).toBe(1);
    const record = await eventually(async () => {
      const d = (await deliveriesOf(org, hook.id)).data[0];
      return d?.status === 'success' && d;
    });
    expect(record).toMatchObject({ status: 'success', status_code: 204, attempt_count: 3, next_attempt_at: null });
    // The series is over (no next attempt) and every attempt so far was recorded after it was sent.
    expect(fixture.receiver.requests).toHaveLength(3);
  });

  it('makes at most 5 attempts and counts a redirect as a failure (never followed)', async () => {
    const { org, hook } = await setup();
    fixture.receiver.respond((req) =>
      req.path === '/hook'
        ? { status: 302, headers: { location: `${fixture.receiver.url}/elsewhere` } }
        : { status: 200 },
    );
    start();
    await postTicket(org.api, { customer });
    await fixture.receiver.waitFor(5);
    const record = await eventually(async () => {
      const d = (await deliveriesOf(org, hook.id)).data[0];
      return d?.attempt_count === 5 && d;
    });
    expect(record).toMatchObject({ status: 'failed', status_code: 302, attempt_count: 5, next_attempt_at: null });
    // Each attempt (and any redirect it would have followed) ended before it was recorded; none is due.
    expect(fixture.receiver.requests.map((r) => r.path)).toEqual(['/hook', '/hook', '/hook', '/hook', '/hook']);
    const view = (await org.api.get(`/api/v1/webhooks/${hook.id}`)).body.data;
    expect(view).toMatchObject({ last_delivery_status: 'failed', is_active: true });
  });

  it('records a retry time while one is pending and an unreachable receiver as status_code null', async () => {
    const { org } = await setup();
    const dead = await org.api.post('/api/v1/webhooks', {
      name: 'Dead',
      url: 'http://127.0.0.1:1/none',
      events: ['ticket.created'],
    });
    ctx.clock.set(Date.now());
    start();
    await postTicket(org.api, { customer });
    // The clock is frozen, so after the first failure the retry stays pending.
    const record = await eventually(async () => (await deliveriesOf(org, dead.body.data.id)).data[0]);
    expect(record).toMatchObject({
      status: 'failed',
      status_code: null,
      attempt_count: 1,
      next_attempt_at: new Date(ctx.clock() + 50).toISOString(),
    });
  });

  it('opens the circuit breaker after 10 failed attempts; is_active:true or a new url resets it', async () => {
    const { org, hook } = await setup(['ticket.created']);
    fixture.receiver.respond(() => ({ status: 500 }));
    start();
    await emit(org.id, 1);
    await emit(org.id, 2);
    await fixture.receiver.waitFor(10);
    await eventually(async () => {
      const row = await ctx.database.db
        .selectFrom('webhooks')
        .select('failure_count')
        .where('id', '=', hook.id)
        .executeTakeFirstOrThrow();
      return row.failure_count === 10;
    });
    await emit(org.id, 3); // not queued: the breaker is open
    const queued = () =>
      ctx.database.db.selectFrom('webhook_deliveries').select('id').where('webhook_id', '=', hook.id).execute();
    expect(await queued()).toHaveLength(2);
    const view = (await org.api.get(`/api/v1/webhooks/${hook.id}`)).body.data;
    expect(view.is_active).toBe(true);

    fixture.receiver.respond(() => ({ status: 200 }));
    await org.api.patch(`/api/v1/webhooks/${hook.id}`, { is_active: true });
    await emit(org.id, 4);
    const [, , , , , , , , , , eleventh] = await fixture.receiver.waitFor(11);
    expect(eleventh.json.data).toEqual({ id: 't-4' });

    await eventually(async () => {
      const row = await ctx.database.db
        .selectFrom('webhooks')
        .select('last_delivery_status')
        .where('id', '=', hook.id)
        .executeTakeFirstOrThrow();
      return row.last_delivery_status === 'success';
    });
    // Open it again (success resets the count, so force ten failures), then reset with a new url.
    await ctx.database.db.updateTable('webhooks').set({ failure_count: 10 }).where('id', '=', hook.id).execute();
    await emit(org.id, 5);
    expect(await queued()).toHaveLength(3);
    await org.api.patch(`/api/v1/webhooks/${hook.id}`, { url: `${fixture.receiver.url}/moved` });
    await emit(org.id, 6);
    const all = await fixture.receiver.waitFor(12);
    expect(all[11]).toMatchObject({ path: '/moved', json: expect.objectContaining({ data: { id: 't-6' } }) });
  });

  it('a deleted webhook gets no further attempts, queued ones included', async () => {
    const { org, hook } = await setup(['ticket.created']);
    fixture.receiver.respond(() => ({ status: 500 }));
    ctx.clock.set(Date.now());
    start();
    await emit(org.id, 1);
    await fixture.receiver.waitFor(1);
    await eventually(async () => (await deliveriesOf(org, hook.id)).data[0]);
    await fixture.stop();
    await emit(org.id, 2); // queued (due now) while the first waits for its retry
    const pending = await ctx.database.db
      .selectFrom('webhook_deliveries')
      .select('next_attempt_at')
      .where('webhook_id', '=', hook.id)
      .execute();
    expect(pending.map((p) => p.next_attempt_at !== null)).toEqual([true, true]);
    expect((await org.api.delete(`/api/v1/webhooks/${hook.id}`)).status).toBe(200);
    expect(await rowsOf(hook.id)).toEqual([]);
    // Proof that the worker ran past the time the deleted retries were due: a sentinel webhook's event,
    // due after them, is delivered; stop() then waits for anything still being sent.
    const sentinel = await org.api.post('/api/v1/webhooks', {
      name: 'Sentinel',
      url: `${fixture.receiver.url}/sentinel`,
      events: ['ticket.created'],
    });
    expect(sentinel.status).toBe(201);
    fixture.receiver.respond(() => ({ status: 200 }));
    ctx.clock.advance(60_000);
    await emit(org.id, 3);
    start();
    await fixture.receiver.waitFor(2);
    await eventually(async () => (await deliveriesOf(org, sentinel.body.data.id)).data[0]?.status === 'success');
    await fixture.stop();
    expect(fixture.receiver.requests.map((r) => r.path)).toEqual(['/hook', '/sentinel']);
  });

  it('deactivating a webhook cancels its queued deliveries', async () => {
    const { org, hook } = await setup(['ticket.created']);
    const sentinel = await org.api.post('/api/v1/webhooks', {
      name: 'Sentinel',
      url: `${fixture.receiver.url}/sentinel`,
      events: ['ticket.created'],
    });
    await emit(org.id, 1); // queued for both webhooks
    await org.api.patch(`/api/v1/webhooks/${hook.id}`, { is_active: false });
    start();
    // The worker has demonstrably run once the sentinel's copy of the same event is delivered and
    // recorded; stop() then waits for anything still being sent.
    await fixture.receiver.waitFor(1);
    await eventually(async () => (await deliveriesOf(org, sentinel.body.data.id)).data[0]?.status === 'success');
    await fixture.stop();
    expect(fixture.receiver.requests.map((r) => r.path)).toEqual(['/sentinel']);
    expect(await rowsOf(hook.id)).toEqual([
      expect.objectContaining({ attempt_count: 0, status: null, next_attempt_at: null }),
    ]);
  });

  it('pages the delivery history newest first with exact meta', async () => {
    const { org, hook } = await setup(['ticket.created']);
    const base = Date.parse('2026-05-01T10:00:00.000Z');
    for (let i = 0; i < 3; i++) {
      ctx.clock.set(base + i * 1000);
      await emit(org.id, i);
    }
    ctx.clock.set(null);
    start();
    await fixture.receiver.waitFor(3);
    await eventually(async () => (await deliveriesOf(org, hook.id)).meta.pagination.total === 3);
    const page1 = await deliveriesOf(org, hook.id, '?limit=2');
    expect(page1.meta).toEqual({ pagination: { page: 1, limit: 2, total: 3, total_pages: 2 } });
    expect(page1.data.map((d: any) => d.created_at)).toEqual(['2026-05-01T10:00:02.000Z', '2026-05-01T10:00:01.000Z']);
    const page2 = await deliveriesOf(org, hook.id, '?limit=2&page=2');
    expect(page2.data.map((d: any) => d.created_at)).toEqual(['2026-05-01T10:00:00.000Z']);
    expect(Object.keys(page2.data[0]).sort()).toEqual([
      'attempt_count',
      'completed_at',
      'created_at',
      'event',
      'id',
      'next_attempt_at',
      'status',
      'status_code',
    ]);
    const past = await deliveriesOf(org, hook.id, '?page=5');
    expect(past).toEqual({ data: [], meta: { pagination: { page: 5, limit: 20, total: 3, total_pages: 1 } } });
    const bad = await org.api.get(`/api/v1/webhooks/${hook.id}/deliveries?limit=101`);
    expect(bad.status).toBe(400);
  });
}

describeEachDialect('webhook delivery', deliverySuite, {
  env: { WEBHOOK_RETRY_DELAYS_MS: '50,50,50,50', WEBHOOK_TIMEOUT_MS: '2000', WEBHOOK_POLL_INTERVAL_MS: '1000' },
  partitioned: true,
});
