import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { claimDueDeliveries } from '../src/webhooks/delivery-queue-store.js';
import { startWorker, type WorkerHandle } from '../src/webhooks/worker.js';
import { call, describeEachDialect, type TestContext, type TestOrg } from './support/harness.js';
import { eventually, silentLogger, startReceiver, type Receiver } from './support/webhook-receiver.js';

// Webhook delivery rules that no other test pins down:
// the circuit breaker's exact threshold and resets, inactive webhooks, unpaginated lists, and the
// SSRF guard's allow path.

const HOUR = 3_600_000;

/** Receiver, worker and queue hygiene shared by the suites that deliver for real. */
function deliveryHarness(ctx: TestContext) {
  const state = { receiver: undefined as unknown as Receiver, worker: null as WorkerHandle | null };
  beforeAll(async () => {
    state.receiver = await startReceiver();
  });
  afterEach(async () => {
    await state.worker?.stop();
    state.worker = null;
    // Nothing left due leaks into the next test.
    await ctx.database.db.updateTable('webhook_deliveries').set({ next_attempt_at: null }).execute();
    state.receiver.requests.length = 0;
    state.receiver.respond(() => ({ status: 200 }));
  });
  afterAll(async () => state.receiver?.close());
  return {
    get receiver() {
      return state.receiver;
    },
    start() {
      state.worker = startWorker({
        database: ctx.database,
        clock: ctx.clock,
        settings: ctx.config.webhooks,
        logger: silentLogger,
      });
      return state.worker;
    },
    async stop() {
      await state.worker?.stop();
      state.worker = null;
    },
  };
}

async function createWebhook(ctx: TestContext, token: string, url: string, events = ['ticket.created']) {
  const res = await call(ctx.app, 'POST', '/api/v1/webhooks', { token, body: { name: 'Contract', url, events } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; url: string };
}

/** Delivery rows stored for the webhook: queued ones included (the history shows only attempted ones). */
async function storedDeliveries(ctx: TestContext, webhookId: string) {
  return ctx.database.db.selectFrom('webhook_deliveries').selectAll().where('webhook_id', '=', webhookId).execute();
}

describeEachDialect(
  'contract: circuit breaker',
  (ctx) => {
    const h = deliveryHarness(ctx);
    let ticketNo = 0;

    // The clock is frozen and retries are an hour away, so each event gets exactly one attempt (its
    // first) until the test moves the clock: n events = n attempts, counted without any timing.
    async function setup(path: string) {
      ctx.clock.set(Date.now());
      const org = await ctx.createOrg();
      const hook = await createWebhook(ctx, org.token, `${h.receiver.url}${path}`);
      return { org, hook };
    }
    const raiseEvent = async (org: TestOrg) => {
      const res = await call(ctx.app, 'POST', '/api/v1/tickets', {
        token: org.token,
        body: { subject: `Ticket ${++ticketNo}`, message: 'Help', customer: { email: 'breaker@example.com' } },
      });
      expect(res.status).toBe(201);
    };
    const queued = async (hookId: string) => (await storedDeliveries(ctx, hookId)).length;
    const history = async (org: TestOrg, hookId: string) =>
      (await call(ctx.app, 'GET', `/api/v1/webhooks/${hookId}/deliveries?limit=100`, { token: org.token })).body;
    /** Raises one event and waits until its (single) attempt is recorded: one more attempt in all. */
    async function attemptOnce(org: TestOrg, hookId: string) {
      const before = (await history(org, hookId)).meta.pagination.total;
      const queuedBefore = await queued(hookId);
      await raiseEvent(org);
      expect(await queued(hookId), 'the event must be queued for the webhook').toBe(queuedBefore + 1);
      await eventually(async () => (await history(org, hookId)).meta.pagination.total === before + 1);
    }
    async function attempts(org: TestOrg, hookId: string, n: number) {
      for (let i = 0; i < n; i++) await attemptOnce(org, hookId);
    }
    const statuses = async (org: TestOrg, hookId: string) =>
      (await history(org, hookId)).data.map((d: any) => `${d.status}/${d.attempt_count}`);

    it('after exactly 9 failed attempts events are still queued; after the 10th they are not', async () => {
      const { org, hook } = await setup('/nine');
      h.receiver.respond(() => ({ status: 500 }));
      h.start();
      await attempts(org, hook.id, 9);
      expect(await statuses(org, hook.id)).toEqual(Array(9).fill('failed/1'));
      // 9 failures: the breaker is still closed, so the 10th event is queued (attemptOnce checks it).
      await attemptOnce(org, hook.id);
      expect(h.receiver.requests).toHaveLength(10);
      expect(await queued(hook.id)).toBe(10);
      // 10 failures: new events are no longer queued.
      await raiseEvent(org);
      await raiseEvent(org);
      expect(await queued(hook.id)).toBe(10);
      // The breaker leaves is_active alone.
      const view = await call(ctx.app, 'GET', `/api/v1/webhooks/${hook.id}`, { token: org.token });
      expect(view.body.data).toMatchObject({ is_active: true, last_delivery_status: 'failed' });
    });

    it('a successful attempt resets the count: 9 failures, 1 success, 9 failures still queue; the 10th after the success opens it', async () => {
      const { org, hook } = await setup('/reset');
      h.receiver.respond((_req, i) => ({ status: i === 9 ? 204 : 500 }));
      h.start();
      await attempts(org, hook.id, 9);
      await attemptOnce(org, hook.id); // the 10th request succeeds
      expect((await history(org, hook.id)).data.filter((d: any) => d.status === 'success')).toEqual([
        expect.objectContaining({ status_code: 204, attempt_count: 1 }),
      ]);
      await attempts(org, hook.id, 9); // 19 failures in all, 9 since the success
      await attemptOnce(org, hook.id); // queued: only 9 failures since the last success; this one is the 10th
      expect(await queued(hook.id)).toBe(20);
      await raiseEvent(org);
      expect(await queued(hook.id)).toBe(20);
    });

    async function openBreaker(path: string) {
      const { org, hook } = await setup(path);
      h.receiver.respond(() => ({ status: 500 }));
      h.start();
      await attempts(org, hook.id, 10);
      await raiseEvent(org);
      expect(await queued(hook.id)).toBe(10);
      return { org, hook };
    }
    const patch = async (org: TestOrg, hookId: string, body: unknown) => {
      const res = await call(ctx.app, 'PATCH', `/api/v1/webhooks/${hookId}`, { token: org.token, body });
      expect(res.status).toBe(200);
    };

    it('PATCH is_active:true resets it; changing name or events, or sending the same url, does not', async () => {
      const { org, hook } = await openBreaker('/patch');
      await patch(org, hook.id, { name: 'Renamed' });
      await patch(org, hook.id, { events: ['ticket.created'] });
      await patch(org, hook.id, { url: hook.url });
      await raiseEvent(org);
      expect(await queued(hook.id)).toBe(10);
      await patch(org, hook.id, { is_active: true });
      await raiseEvent(org);
      expect(await queued(hook.id)).toBe(11);
    });

    it('PATCH with a new url resets it, and the next event goes to the new url', async () => {
      const { org, hook } = await openBreaker('/old');
      h.receiver.respond(() => ({ status: 200 }));
      await patch(org, hook.id, { url: `${h.receiver.url}/new` });
      await raiseEvent(org);
      expect(await queued(hook.id)).toBe(11);
      const requests = await h.receiver.waitFor(11);
      expect(requests[10].path).toBe('/new');
    });

    it('an open breaker still lets already queued deliveries run', async () => {
      const { org, hook } = await openBreaker('/queued');
      // The ten first attempts left ten retries an hour away: they run once due.
      ctx.clock.advance(HOUR);
      await h.receiver.waitFor(20);
      await eventually(async () => (await history(org, hook.id)).data.every((d: any) => d.attempt_count === 2));
      expect(await queued(hook.id)).toBe(10);
    });
  },
  { env: { WEBHOOK_RETRY_DELAYS_MS: String(HOUR), WEBHOOK_POLL_INTERVAL_MS: '100', WEBHOOK_TIMEOUT_MS: '5000' } },
);

describeEachDialect(
  'contract: inactive webhooks',
  (ctx) => {
    const h = deliveryHarness(ctx);
    const allEvents = ['ticket.created', 'ticket.updated', 'message.created'];

    it('events raised while a webhook is inactive create no delivery rows for it', async () => {
      const org = await ctx.createOrg();
      const off = await createWebhook(ctx, org.token, `${h.receiver.url}/off`, allEvents);
      const on = await createWebhook(ctx, org.token, `${h.receiver.url}/on`, allEvents);
      expect(
        (await call(ctx.app, 'PATCH', `/api/v1/webhooks/${off.id}`, { token: org.token, body: { is_active: false } }))
          .status,
      ).toBe(200);
      const ticket = await call(ctx.app, 'POST', '/api/v1/tickets', {
        token: org.token,
        body: { subject: 'S', message: 'M', customer: { email: 'i@example.com' } },
      });
      expect(ticket.status).toBe(201);
      expect(
        (
          await call(ctx.app, 'POST', `/api/v1/tickets/${ticket.body.data.id}/messages`, {
            token: org.token,
            body: { content: 'x' },
          })
        ).status,
      ).toBe(201);
      expect(
        (
          await call(ctx.app, 'PATCH', `/api/v1/tickets/${ticket.body.data.id}`, {
            token: org.token,
            body: { status: 'PENDING' },
          })
        ).status,
      ).toBe(200);
      expect((await storedDeliveries(ctx, on.id)).map((d) => d.event).sort()).toEqual([
        'message.created',
        'ticket.created',
        'ticket.updated',
      ]);
      expect(await storedDeliveries(ctx, off.id)).toEqual([]);
    });

    /**
     * Starts the worker, waits until it has delivered the sentinel webhook's copy of the event (so it has
     * demonstrably claimed everything due), then stops it, which waits for attempts under way.
     */
    async function runWorkerUntilDelivered(org: TestOrg, sentinelId: string) {
      h.start();
      await h.receiver.waitFor(1);
      await eventually(async () => {
        const history = await call(ctx.app, 'GET', `/api/v1/webhooks/${sentinelId}/deliveries`, { token: org.token });
        return history.body.data[0]?.status === 'success';
      });
      await h.stop();
    }

    it('a delivery queued while active, then the webhook deactivated, is never sent', async () => {
      const org = await ctx.createOrg();
      const off = await createWebhook(ctx, org.token, `${h.receiver.url}/deactivated`);
      const sentinel = await createWebhook(ctx, org.token, `${h.receiver.url}/sentinel`);
      const ticket = await call(ctx.app, 'POST', '/api/v1/tickets', {
        token: org.token,
        body: { subject: 'S', message: 'M', customer: { email: 'q@example.com' } },
      });
      expect(ticket.status).toBe(201);
      expect(await storedDeliveries(ctx, off.id)).toHaveLength(1);
      expect(
        (await call(ctx.app, 'PATCH', `/api/v1/webhooks/${off.id}`, { token: org.token, body: { is_active: false } }))
          .status,
      ).toBe(200);
      await runWorkerUntilDelivered(org, sentinel.id);
      expect(h.receiver.requests.map((r) => r.path)).toEqual(['/sentinel']);
      const [row] = await storedDeliveries(ctx, off.id);
      expect(row).toMatchObject({ attempt_count: 0, next_attempt_at: null, status: null });
      expect(
        (await call(ctx.app, 'GET', `/api/v1/webhooks/${off.id}/deliveries`, { token: org.token })).body.data,
      ).toEqual([]);
    });

    it('also when the delivery was held by a worker that died before the deactivation', async () => {
      const org = await ctx.createOrg();
      const off = await createWebhook(ctx, org.token, `${h.receiver.url}/held`);
      const sentinel = await createWebhook(ctx, org.token, `${h.receiver.url}/sentinel`);
      const ticket = await call(ctx.app, 'POST', '/api/v1/tickets', {
        token: org.token,
        body: { subject: 'S', message: 'M', customer: { email: 'd@example.com' } },
      });
      expect(ticket.status).toBe(201);
      // A worker claims both deliveries and dies before sending: its lease (1 ms) runs out at once.
      const claimed = await claimDueDeliveries(ctx.database.system, {
        now: ctx.clock(),
        leaseMs: 1,
        limit: 100,
        token: 'dead-worker',
      });
      expect(claimed.map((c) => c.webhook_id).sort()).toEqual([off.id, sentinel.id].sort());
      expect(
        (await call(ctx.app, 'PATCH', `/api/v1/webhooks/${off.id}`, { token: org.token, body: { is_active: false } }))
          .status,
      ).toBe(200);
      await runWorkerUntilDelivered(org, sentinel.id);
      expect(h.receiver.requests.map((r) => r.path)).toEqual(['/sentinel']);
      const [row] = await storedDeliveries(ctx, off.id);
      expect(row).toMatchObject({ attempt_count: 0, next_attempt_at: null, status: null });
    });
  },
  { env: { WEBHOOK_POLL_INTERVAL_MS: '100', WEBHOOK_TIMEOUT_MS: '5000' } },
);

describeEachDialect(
  'contract: webhook lists',
  (ctx) => {
    it('GET /webhooks lists all of more than 20 webhooks, oldest first, without pagination', async () => {
      const org = await ctx.createOrg();
      const base = Date.parse('2026-01-01T00:00:00.000Z');
      const ids: string[] = [];
      for (let i = 0; i < 25; i++) {
        ctx.clock.set(base + i * 1000);
        ids.push((await createWebhook(ctx, org.token, `https://hooks.example.com/${i}`)).id);
      }
      const list = await call(ctx.app, 'GET', '/api/v1/webhooks', { token: org.token });
      expect(list.status).toBe(200);
      expect(Object.keys(list.body)).toEqual(['data']);
      expect(list.body.data.map((w: any) => w.id)).toEqual(ids);
    });
  },
  { partitioned: true },
);

describeEachDialect(
  'contract: SSRF guard allow path',
  (ctx) => {
    const create = (token: string, url: string) =>
      call(ctx.app, 'POST', '/api/v1/webhooks', { token, body: { name: 'x', url, events: ['ticket.created'] } });

    it.each([
      'http://93.184.216.34/hook',
      'http://[2606:4700:4700::1111]/hook',
      'https://[2606:4700:4700::1111]:8443/in',
    ])('accepts the public IP literal %s (no DNS needed) on create, update and subscribe', async (url) => {
      const org = await ctx.createOrg();
      const res = await create(org.token, url);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.data.url).toBe(url);
      const other = await create(org.token, 'http://93.184.216.35/first');
      expect(other.status).toBe(201);
      const patched = await call(ctx.app, 'PATCH', `/api/v1/webhooks/${other.body.data.id}`, {
        token: org.token,
        body: { url },
      });
      expect(patched.status).toBe(200);
      const sub = await call(ctx.app, 'POST', '/api/v1/webhooks/subscribe', {
        token: org.token,
        body: { url, event: 'message.created' },
      });
      expect(sub.status).toBe(201);
    });

    it.each([
      'http://localhost/x',
      'http://[::1]/hook',
      'http://[fd00::1]/hook',
      'http://[::1]:8080/',
      'http://[fd12:3456:789a::1]/',
    ])('refuses %s with 400 private_address', async (url) => {
      const org = await ctx.createOrg();
      const res = await create(org.token, url);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        code: 'validation_error',
        details: [{ field: 'url', issue: 'private_address' }],
      });
      expect((await call(ctx.app, 'GET', '/api/v1/webhooks', { token: org.token })).body.data).toEqual([]);
    });
  },
  { env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' } },
);
