import type { AddressInfo } from 'node:net';
import { beforeAll, expect, it } from 'vitest';
import {
  ApiError,
  createHelpdesk,
  verifyWebhook,
  type Helpdesk,
  type TicketListItem,
} from '../packages/sdk/src/index.js';
import { startWorker } from '../src/webhooks/worker.js';
import { describeEachDialect, type TestContext } from './support/harness.js';
import { logSettled } from './support/event-log.js';
import { eventually, silentLogger, startReceiver } from './support/webhook-receiver.js';

// @helpdesk/sdk against the real server over HTTP (the app listening on a local port).

interface Seen {
  method: string;
  path: string;
  key: string | null;
  status: number;
  retryAfter: string | null;
}

async function listen(ctx: TestContext): Promise<string> {
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
}

/** An SDK for a new organization, recording what went over the wire. */
async function sdkFor(
  ctx: TestContext,
  baseUrl: string,
  options: { token?: string; sleeps?: number[]; maxRetries?: number } = {},
) {
  const org = await ctx.createOrg();
  const seen: Seen[] = [];
  const sdk: Helpdesk = createHelpdesk({
    apiKey: options.token ?? org.token,
    baseUrl,
    retry: { maxRetries: options.maxRetries ?? 3 },
    sleep: async (ms) => void options.sleeps?.push(ms),
    fetch: async (request) => {
      const response = await fetch(request);
      const url = new URL(request.url);
      seen.push({
        method: request.method,
        path: url.pathname + url.search,
        key: request.headers.get('idempotency-key'),
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
      });
      return response;
    },
  });
  return { org, sdk, seen };
}

const customer = { email: 'ada@example.com', name: 'Ada' };

describeEachDialect('SDK', (ctx) => {
  let baseUrl: string;
  beforeAll(async () => {
    baseUrl = await listen(ctx);
  });

  it('creates, updates and reads tickets with typed results, and pages through them with the iterator', async () => {
    const { org, sdk, seen } = await sdkFor(ctx, baseUrl);
    const created = [];
    for (let i = 0; i < 5; i++)
      created.push(await sdk.tickets.create({ subject: `Ticket ${i}`, message: 'Hello', customer, priority: 'HIGH' }));
    const message = await sdk.tickets.addMessage(created[0].id, { content: 'More details' });
    expect(message.type).toBe('INBOUND');
    const updated = await sdk.tickets.update(created[0].id, { status: 'PENDING' });
    expect(updated.status).toBe('PENDING');
    expect((await sdk.tickets.get(created[0].id)).messages.map((m) => m.content)).toEqual(['Hello', 'More details']);

    seen.length = 0;
    const listed: TicketListItem[] = [];
    for await (const ticket of sdk.tickets.iterate({ limit: 2 })) listed.push(ticket);
    expect(listed.map((t) => t.id)).toEqual(created.map((t) => t.id).reverse());
    expect(seen.map((s) => s.path)).toEqual([
      '/api/v1/tickets?limit=2&page=1',
      '/api/v1/tickets?limit=2&page=2',
      '/api/v1/tickets?limit=2&page=3',
    ]);
    const stored = await ctx.database.db
      .selectFrom('tickets')
      .select('status')
      .where('organization_id', '=', org.id)
      .execute();
    expect(stored.map((t) => t.status).sort()).toEqual(['OPEN', 'OPEN', 'OPEN', 'OPEN', 'PENDING']);
    const customers = [];
    for await (const c of sdk.customers.iterate({ limit: 1 })) customers.push(c);
    expect(customers).toEqual([expect.objectContaining({ email: 'ada@example.com', ticket_count: 5 })]);
  });

  it('sends one Idempotency-Key per POST call and none on other methods', async () => {
    const { sdk, seen } = await sdkFor(ctx, baseUrl);
    const a = await sdk.customers.create({ email: 'one@example.com' });
    await sdk.customers.create({ email: 'two@example.com' });
    await sdk.customers.update(a.id, { name: 'One' });
    await sdk.customers.get(a.id);
    const keys = seen.map((s) => [s.method, s.key]);
    expect(keys.filter(([m]) => m !== 'POST').every(([, k]) => k === null)).toBe(true);
    const postKeys = keys.filter(([m]) => m === 'POST').map(([, k]) => k);
    expect(postKeys).toHaveLength(2);
    expect(new Set(postKeys).size).toBe(2);
    for (const key of postKeys) expect(key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('throws ApiError with status, code, message and details for 400, 403, 404 and 409', async () => {
    const { org, sdk } = await sdkFor(ctx, baseUrl);
    const failure = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: unknown) => e as ApiError,
      );
    const missing = await failure(sdk.tickets.get('0193a3c2-0000-7000-8000-00000000abcd'));
    expect(missing).toBeInstanceOf(ApiError);
    expect(missing).toMatchObject({ status: 404, code: 'not_found', details: [] });
    await sdk.customers.create({ email: 'dup@example.com' });
    expect(await failure(sdk.customers.create({ email: 'DUP@example.com' }))).toMatchObject({
      status: 409,
      code: 'conflict',
      details: [{ field: 'email', issue: 'already_exists' }],
    });
    const invalid = await failure(sdk.tickets.create({ subject: '', message: 'x', customer }));
    expect(invalid).toMatchObject({
      status: 400,
      code: 'validation_error',
      details: [{ field: 'subject', issue: 'too_short' }],
    });
    const readOnly = createHelpdesk({ apiKey: await org.keyWith(['tickets:read']), baseUrl });
    expect(await failure(readOnly.tickets.create({ subject: 'x', message: 'x', customer }))).toMatchObject({
      status: 403,
      code: 'insufficient_scope',
    });
    const stored = await ctx.database.db
      .selectFrom('tickets')
      .select('id')
      .where('organization_id', '=', org.id)
      .execute();
    expect(stored).toEqual([]);
  });

  it('verifies a real delivery with verifyWebhook and returns the typed event', async () => {
    const receiver = await startReceiver();
    const worker = startWorker({
      database: ctx.database,
      clock: ctx.clock,
      settings: ctx.config.webhooks,
      logger: silentLogger,
    });
    try {
      const { sdk } = await sdkFor(ctx, baseUrl);
      const hook = await sdk.webhooks.create({ name: 'SDK', url: `${receiver.url}/hook`, events: ['ticket.created'] });
      const ticket = await sdk.tickets.create({ subject: 'Signed', message: 'Hello', customer });
      const [request] = await receiver.waitFor(1);
      const event = verifyWebhook(request.raw, request.headers as Record<string, string>, hook.secret);
      expect(event.event).toBe('ticket.created');
      if (event.event !== 'ticket.created') throw new Error('unreachable');
      expect(event.data).toMatchObject({ id: ticket.id, subject: 'Signed', customer: { email: 'ada@example.com' } });
      // The Standard Webhooks signature is checked when present; without those headers, X-Webhook-Signature.
      expect(request.headers['webhook-signature']).toMatch(/^v1,/);
      expect(() => verifyWebhook(request.raw, request.headers as Record<string, string>, 'whsec_wrong')).toThrow(
        /no webhook-signature matches/,
      );
      const legacy = Object.fromEntries(
        Object.entries(request.headers).filter(([k]) => !k.startsWith('webhook-')),
      ) as Record<string, string>;
      expect(verifyWebhook(request.raw, legacy, hook.secret).event).toBe('ticket.created');
      expect(() => verifyWebhook(request.raw, legacy, 'whsec_wrong')).toThrow(/does not match/);
      // The worker records the attempt after the answer: wait for the record.
      const deliveries = await eventually(async () => {
        const all = [];
        for await (const d of sdk.webhooks.iterateDeliveries(hook.id)) all.push(d);
        return all.length > 0 && all.every((d) => d.status === 'success') ? all : null;
      });
      expect(deliveries).toEqual([
        expect.objectContaining({ event: 'ticket.created', status: 'success', status_code: 200 }),
      ]);
    } finally {
      await worker.stop();
      await receiver.close();
    }
  });

  it('follows the event log with events.iterate, filtered by type, and resumes from the cursor it returns', async () => {
    const { sdk } = await sdkFor(ctx, baseUrl);
    const first = await sdk.tickets.create({ subject: 'Logged', message: 'one', customer });
    await sdk.tickets.addMessage(first.id, { content: 'two' });
    await logSettled(ctx);
    const seen: string[] = [];
    const walk = sdk.events.iterate({ limit: 2, types: ['ticket.created', 'message.created'] });
    let step = await walk.next();
    while (!step.done) {
      const event = step.value;
      if (event.type === 'ticket.created') seen.push(`ticket.created:${event.data.id}`);
      else if (event.type === 'message.created') seen.push(`message.created:${event.data.ticket_id}`);
      else seen.push(event.type);
      step = await walk.next();
    }
    expect(seen).toEqual([`ticket.created:${first.id}`, `message.created:${first.id}`]);
    const cursor = step.value;
    expect(cursor).toMatch(/^evc_/);
    const second = await sdk.tickets.create({ subject: 'Later', message: 'three', customer });
    await logSettled(ctx);
    const later = [];
    for await (const event of sdk.events.iterate({ after: cursor, types: ['ticket.created'] })) later.push(event.data);
    expect(later).toEqual([expect.objectContaining({ id: second.id, subject: 'Later' })]);
  });

  it('tests, redelivers and rotates a webhook with typed results', async () => {
    const { sdk } = await sdkFor(ctx, baseUrl);
    const hook = await sdk.webhooks.create({
      name: 'Tools',
      url: 'http://127.0.0.1:9/tools',
      events: ['ticket.created'],
    });
    const ping = await sdk.webhooks.test(hook.id);
    expect(ping).toMatchObject({ event: 'webhook.test', status: null, attempt_count: 0 });
    const again = await sdk.webhooks.retryDelivery(hook.id, ping.id);
    expect(again.id).not.toBe(ping.id);
    expect(again.event).toBe('webhook.test');
    const rotated = await sdk.webhooks.rotateSecret(hook.id, 60);
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(hook.secret);
  });
});

describeEachDialect(
  'SDK under rate limiting',
  (ctx) => {
    let baseUrl: string;
    beforeAll(async () => {
      baseUrl = await listen(ctx);
    });

    it('waits Retry-After on 429, retries, and surfaces rate_limited when the limit holds', async () => {
      const sleeps: number[] = [];
      const { sdk, seen } = await sdkFor(ctx, baseUrl, { sleeps, maxRetries: 1 });
      await sdk.usage.get();
      await sdk.usage.get();
      const error = await sdk.usage.get().then(
        () => null,
        (e: unknown) => e as ApiError,
      );
      expect(error).toMatchObject({ status: 429, code: 'rate_limited' });
      expect(seen.map((s) => s.status)).toEqual([200, 200, 429, 429]);
      const first = Number(seen[2].retryAfter);
      expect(first).toBeGreaterThan(0);
      expect(sleeps).toEqual([first * 1000]);
      expect(error!.retryAfter).toBe(Number(seen[3].retryAfter));
    });
  },
  { env: { RATE_LIMIT_PER_MINUTE: '2' } },
);
