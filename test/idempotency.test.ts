import { expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { Container } from '../src/container.js';
import { postWebhook } from './support/fixtures.js';
import { describeEachDialect, type TestContext, type TestOrg } from './support/harness.js';
import { seedTag, storedState, ticketBody } from './support/ticket-fixtures.js';

// Idempotency-Key on POST. Replays change nothing (rows, deliveries, usage), the key is
// bound to method, path and JSON-equal body, errors are not stored, the answer commits with the effects.

const raw = (ctx: TestContext, org: TestOrg, url: string, payload: unknown, key?: string, app = ctx.app) =>
  app.inject({
    method: 'POST',
    url,
    headers: {
      authorization: `Bearer ${org.token}`,
      'content-type': 'application/json',
      ...(key !== undefined ? { 'idempotency-key': key } : {}),
    },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

async function effects(ctx: TestContext, org: TestOrg) {
  const deliveries = await ctx.database.db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organization_id', '=', org.id)
    .executeTakeFirstOrThrow();
  const usage = (await org.api.get('/api/v1/billing/usage')).body.data.tickets.used;
  return { ...(await storedState(ctx, org.id)), deliveries: Number(deliveries.n), usage };
}

const keyRows = (ctx: TestContext, orgId: string) =>
  ctx.database.db.selectFrom('idempotency_keys').selectAll().where('organization_id', '=', orgId).execute();

describeEachDialect('idempotency: Idempotency-Key on POST', (ctx) => {
  it('replays the stored answer byte for byte, with Idempotent-Replayed, and changes nothing', async () => {
    const org = await ctx.createOrg();
    expect((await postWebhook(org.api)).status).toBe(201);
    const first = await raw(ctx, org, '/api/v1/tickets', ticketBody(), 'create-1');
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const after = await effects(ctx, org);
    expect(after).toMatchObject({ tickets: 1, messages: 1, customers: 1, deliveries: 1, usage: 1 });
    // The same body with its keys in another order and other whitespace is JSON-equal.
    const { customer, ...rest } = ticketBody();
    const reordered = JSON.stringify({ customer, ...rest }, null, 2);
    for (const payload of [ticketBody(), reordered]) {
      const again = await raw(ctx, org, '/api/v1/tickets', payload, 'create-1');
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.headers['content-type']).toMatch(/^application\/json/);
      expect(again.body).toBe(first.body);
      expect(again.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    }
    expect(await effects(ctx, org)).toEqual(after);
    // Without the header, POST behaves as before: a second ticket.
    expect((await raw(ctx, org, '/api/v1/tickets', ticketBody())).statusCode).toBe(201);
    expect((await effects(ctx, org)).tickets).toBe(2);
  });

  it('replays a message and a customer too (each POST stores its own answer)', async () => {
    const org = await ctx.createOrg();
    const ticket = JSON.parse((await raw(ctx, org, '/api/v1/tickets', ticketBody())).body).data;
    const url = `/api/v1/tickets/${ticket.id}/messages`;
    const m1 = await raw(ctx, org, url, { content: 'hello' }, 'msg');
    const m2 = await raw(ctx, org, url, { content: 'hello' }, 'msg');
    expect([m1.statusCode, m2.statusCode]).toEqual([201, 201]);
    expect(m2.body).toBe(m1.body);
    expect((await effects(ctx, org)).messages).toBe(2);
    const c1 = await raw(ctx, org, '/api/v1/customers', { email: 'bob@example.com' }, 'cust');
    const c2 = await raw(ctx, org, '/api/v1/customers', { email: 'bob@example.com' }, 'cust');
    expect([c1.statusCode, c2.statusCode]).toEqual([201, 201]);
    expect(c2.body).toBe(c1.body);
  });

  it('refuses the same key with another body or path: 422 idempotency_key_reused, nothing changes', async () => {
    const org = await ctx.createOrg();
    expect((await raw(ctx, org, '/api/v1/tickets', ticketBody(), 'k')).statusCode).toBe(201);
    const before = await effects(ctx, org);
    const otherBody = await raw(ctx, org, '/api/v1/tickets', ticketBody({ subject: 'Another' }), 'k');
    expect(otherBody.statusCode).toBe(422);
    const body = JSON.parse(otherBody.body);
    expect(body).toEqual({
      error: {
        code: 'idempotency_key_reused',
        message: expect.any(String),
        details: [{ field: 'Idempotency-Key', issue: 'reused' }],
        request_id: otherBody.headers['x-request-id'],
      },
    });
    const otherPath = await raw(ctx, org, '/api/v1/customers', { email: 'x@example.com' }, 'k');
    expect(otherPath.statusCode).toBe(422);
    expect(await effects(ctx, org)).toEqual(before);
  });

  it('does not store errors: the key is released and a corrected retry runs once', async () => {
    const org = await ctx.createOrg();
    const unknownTag = '00000000-0000-4000-8000-000000000000';
    const bad = await raw(ctx, org, '/api/v1/tickets', ticketBody({ tag_ids: [unknownTag] }), 'retry-me');
    expect(bad.statusCode).toBe(400);
    expect(await keyRows(ctx, org.id)).toEqual([]);
    // The same failing request again is run again (and fails again), not replayed.
    expect((await raw(ctx, org, '/api/v1/tickets', ticketBody({ tag_ids: [unknownTag] }), 'retry-me')).statusCode).toBe(
      400,
    );
    const tag = await seedTag(ctx, org.id, 'vip');
    const good = await raw(ctx, org, '/api/v1/tickets', ticketBody({ tag_ids: [tag.id] }), 'retry-me');
    expect(good.statusCode).toBe(201);
    expect((await raw(ctx, org, '/api/v1/tickets', ticketBody({ tag_ids: [tag.id] }), 'retry-me')).body).toBe(
      good.body,
    );
    expect((await effects(ctx, org)).tickets).toBe(1);
  });

  it('refuses a malformed Idempotency-Key with 400 validation_error on the header', async () => {
    const org = await ctx.createOrg();
    for (const key of ['', 'x'.repeat(256), 'tab\there', 'é']) {
      const res = await org.api.post('/api/v1/tickets', ticketBody(), { 'idempotency-key': key });
      expect(res.status, JSON.stringify(key)).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'validation_error', details: [{ field: 'Idempotency-Key' }] });
    }
    expect((await org.api.post('/api/v1/tickets', ticketBody(), { 'idempotency-key': 'x'.repeat(255) })).status).toBe(
      201,
    );
    expect((await effects(ctx, org)).tickets).toBe(1);
  });

  it('keeps keys per organization: the same key in another organization is another request', async () => {
    const a = await ctx.createOrg();
    const b = await ctx.createOrg();
    expect((await raw(ctx, a, '/api/v1/tickets', ticketBody(), 'shared')).statusCode).toBe(201);
    const other = await raw(ctx, b, '/api/v1/tickets', ticketBody(), 'shared');
    expect(other.statusCode).toBe(201);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect((await effects(ctx, b)).tickets).toBe(1);
  });

  it('replays after the process lost its answer between COMMIT and the response (stored with the effects)', async () => {
    const org = await ctx.createOrg();
    expect((await postWebhook(org.api)).status).toBe(201);
    // The service commits, then the "process" dies before answering: the client sees no 201.
    const tickets = ctx.container.tickets;
    const crashing: Container = {
      ...ctx.container,
      tickets: {
        ...tickets,
        create: async (...args: Parameters<typeof tickets.create>) => {
          await tickets.create(...args);
          throw new Error('killed between commit and answer');
        },
      },
    };
    const crashApp = await buildApp(crashing);
    try {
      const lost = await raw(ctx, org, '/api/v1/tickets', ticketBody(), 'crash', crashApp);
      expect(lost.statusCode).toBe(500);
    } finally {
      await crashApp.close();
    }
    const state = await effects(ctx, org);
    expect(state).toMatchObject({ tickets: 1, deliveries: 1, usage: 1 });
    const retry = await raw(ctx, org, '/api/v1/tickets', ticketBody(), 'crash');
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    const ticket = JSON.parse(retry.body).data;
    expect(JSON.parse((await raw(ctx, org, '/api/v1/tickets', ticketBody(), 'crash')).body).data.id).toBe(ticket.id);
    expect((await org.api.get(`/api/v1/tickets/${ticket.id}`)).body.data).toEqual(ticket);
    expect(await effects(ctx, org)).toEqual(state);
  });

  it("answers 409 idempotency_key_in_use while the first request runs; a dead request's key is taken over after its lease", async () => {
    const org = await ctx.createOrg();
    const fingerprint = {
      method: 'POST',
      path: '/api/v1/tickets',
      bodyHash: (await import('../src/idempotency/idempotency-service.js')).bodyHash(ticketBody()),
    };
    // A request that reserved the key and then died (no answer, no release).
    const dead = await ctx.container.idempotency.reserve(org.id, 'busy', fingerprint);
    expect(dead.kind).toBe('run');
    const busy = await raw(ctx, org, '/api/v1/tickets', ticketBody(), 'busy');
    expect(busy.statusCode).toBe(409);
    expect(busy.headers['retry-after']).toBe('1');
    expect(JSON.parse(busy.body).error.code).toBe('idempotency_key_in_use');
    expect((await effects(ctx, org)).tickets).toBe(0);
    ctx.clock.set(Date.now() + 61_000);
    const taken = await raw(ctx, org, '/api/v1/tickets', ticketBody(), 'busy');
    expect(taken.statusCode).toBe(201);
    // The dead request, were it to reach its commit now, is refused (its transaction rolls back).
    const late = ctx.database
      .forOrganization(org.id)
      .transaction((t) => ctx.container.idempotency.complete(t, 'busy', (dead as { token: string }).token, 201, '{}'));
    await expect(late).rejects.toMatchObject({ code: 'idempotency_key_in_use' });
    expect((await raw(ctx, org, '/api/v1/tickets', ticketBody(), 'busy')).body).toBe(taken.body);
  });

  it('forgets keys after IDEMPOTENCY_TTL_HOURS; the service deletes expired keys in batches', async () => {
    const org = await ctx.createOrg();
    expect((await raw(ctx, org, '/api/v1/tickets', ticketBody(), 'old')).statusCode).toBe(201);
    ctx.clock.set(Date.now() + 23 * 3_600_000);
    expect((await raw(ctx, org, '/api/v1/tickets', ticketBody({ subject: 'x' }), 'old')).statusCode).toBe(422);
    ctx.clock.set(Date.now() + 24 * 3_600_000 + 1_000);
    // An expired key is free again, even for another request.
    expect((await raw(ctx, org, '/api/v1/tickets', ticketBody({ subject: 'x' }), 'old')).statusCode).toBe(201);
    expect((await raw(ctx, org, '/api/v1/tickets', ticketBody(), 'older')).statusCode).toBe(201);
    ctx.clock.set(Date.now() + 49 * 3_600_000);
    expect(await ctx.container.idempotency.deleteExpired(1)).toBeGreaterThanOrEqual(2);
    expect(await keyRows(ctx, org.id)).toEqual([]);
  });
});

describeEachDialect(
  'idempotency: the transaction observer stays with its request',
  (ctx) => {
    it('does not follow a listener woken by the request (an in-process webhook worker) into its transactions', async () => {
      const { withTransactionObserver } = await import('../src/db/sql-handle.js');
      const observed: unknown[] = [];
      let woken!: () => void;
      const done = new Promise<void>((resolve) => (woken = resolve));
      const stop = ctx.database.listen(
        'observer-test',
        () => void ctx.database.system.transaction(async () => 'listener').then(() => woken()),
        () => undefined,
      );
      try {
        await withTransactionObserver({ beforeCommit: async (_t, result) => void observed.push(result) }, () =>
          ctx.database.system.transaction(async (t) => {
            await t.notify('observer-test');
            return 'request';
          }),
        );
        await done;
        expect(observed).toEqual(['request']);
      } finally {
        await stop();
      }
    });
  },
  { dialects: ['sqlite'] },
);
