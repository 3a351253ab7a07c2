import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDialect, type TestContext } from './support/harness.js';
import { postTicket } from './support/ticket-fixtures.js';
import { eventually } from './support/webhook-receiver.js';
import { workerFixture } from './support/worker-fixture.js';

// The worker's batching (bench rows 3-5): notifications that arrive close together share a claim,
// finished attempts linger briefly to share a record transaction, attempts share deadline signals,
// and on PostgreSQL the worker's own statements commit asynchronously. None of it may lose a
// delivery, an outcome or a bound.

const customer = { email: 'ada@example.com', name: 'Ada' };

function batchingSuite(ctx: TestContext) {
  const fixture = workerFixture(ctx);
  const start = fixture.start;

  async function setup(url = `${fixture.receiver.url}/hook`) {
    const org = await ctx.createOrg();
    const hook = await org.api.post('/api/v1/webhooks', { name: 'Batch', url, events: ['ticket.created'] });
    expect(hook.status).toBe(201);
    return { org, hook: hook.body.data as { id: string } };
  }
  const history = async (org: Awaited<ReturnType<typeof setup>>['org'], id: string) =>
    (await org.api.get(`/api/v1/webhooks/${id}/deliveries?limit=100`)).body;

  it('a burst of creates is delivered from their notifications alone, however they share claims', async () => {
    const { org, hook } = await setup();
    // No poll for an hour: every delivery must come from a (possibly coalesced) notification.
    start({ pollIntervalMs: 3_600_000 });
    await fixture.receiver.waitFor(0);
    const first = await postTicket(org.api, { customer });
    expect(first.status).toBe(201);
    await fixture.receiver.waitFor(1);
    // Within the coalescing interval of the claim the first one caused, then a second burst later.
    const burst = await Promise.all(Array.from({ length: 8 }, () => postTicket(org.api, { customer })));
    expect(burst.map((r) => r.status)).toEqual(Array(8).fill(201));
    await fixture.receiver.waitFor(9);
    await new Promise((r) => setTimeout(r, 100));
    const late = await Promise.all(Array.from({ length: 3 }, () => postTicket(org.api, { customer })));
    expect(late.map((r) => r.status)).toEqual(Array(3).fill(201));
    const got = await fixture.receiver.waitFor(12);
    const ids = [first, ...burst, ...late].map((r) => r.body.data.id).sort();
    expect(got.map((r) => r.json.data.id).sort()).toEqual(ids);
    const h = await eventually(async () => {
      const page = await history(org, hook.id);
      return page.data.length === 12 && page.data.every((d: { status: string }) => d.status === 'success') && page;
    });
    expect(h.meta.pagination.total).toBe(12);
  });

  it('attempts that finished just before stop() are recorded by it, not left to their lease', async () => {
    const { org, hook } = await setup();
    start();
    const tickets = await Promise.all(Array.from({ length: 3 }, () => postTicket(org.api, { customer })));
    expect(tickets.map((t) => t.status)).toEqual([201, 201, 201]);
    await fixture.receiver.waitFor(3);
    // At most a linger (20 ms) has passed since they finished: stop() must record them itself.
    await fixture.stop();
    const rows = await ctx.database.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('webhook_id', '=', hook.id)
      .execute();
    expect(rows.map((r) => [r.status, r.attempt_count, r.lease_token, r.next_attempt_at])).toEqual(
      Array(3).fill(['success', 1, null, null]),
    );
    expect((await history(org, hook.id)).meta.pagination.total).toBe(3);
  });

  it('a 200 whose body never ends still ends the attempt within the timeout (shared deadlines)', async () => {
    // Headers at once, then one byte every 100 ms forever: only the attempt's deadline stops it.
    const sockets = new Set<import('node:net').Socket>();
    const dripping: Server = createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'text/plain' });
      const drip = setInterval(() => res.write('.'), 100);
      res.on('close', () => clearInterval(drip));
    });
    dripping.on('connection', (s) => sockets.add(s));
    await new Promise<void>((resolve) => dripping.listen(0, '127.0.0.1', resolve));
    try {
      const { org, hook } = await setup(`http://127.0.0.1:${(dripping.address() as AddressInfo).port}/drip`);
      const started = Date.now();
      start({ timeoutMs: 800, leaseMs: 60_000 });
      expect((await postTicket(org.api, { customer })).status).toBe(201);
      const h = await eventually(async () => {
        const page = await history(org, hook.id);
        return page.data.length === 1 && page.data[0].status !== null && page;
      }, 10_000);
      // The receiver answered 200: a success, recorded once the deadline cut the endless body.
      expect(h.data[0]).toMatchObject({ status: 'success', status_code: 200, attempt_count: 1 });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => dripping.close(resolve));
    }
  });

  it('the worker leaves no session setting behind on pooled connections (PostgreSQL: synchronous_commit)', async () => {
    if (ctx.dialect !== 'postgres') return;
    const { org, hook } = await setup();
    start();
    await Promise.all(Array.from({ length: 4 }, () => postTicket(org.api, { customer })));
    await eventually(
      async () =>
        (await history(org, hook.id)).data.filter((d: { status: string }) => d.status === 'success').length === 4,
    );
    // Every pooled connection (the worker's claims and records ran on some of them) commits synchronously.
    const settings = await Promise.all(
      Array.from({ length: 8 }, () =>
        ctx.database.db
          .transaction()
          .execute(
            async (t) =>
              (await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(t)).rows[0]
                .synchronous_commit,
          ),
      ),
    );
    expect(new Set(settings)).toEqual(new Set(['on']));
  });
}

describeEachDialect('webhook worker batching', batchingSuite, {
  env: { WEBHOOK_RETRY_DELAYS_MS: '50,50,50,50', WEBHOOK_TIMEOUT_MS: '2000', WEBHOOK_POLL_INTERVAL_MS: '1000' },
});
