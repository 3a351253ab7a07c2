import { sql } from 'kysely';
import { expect, it, vi } from 'vitest';
import { Sql } from '../src/db/database.js';
import { deferred } from './support/deferred.js';
import { describeEachDialect, type TestContext, type TestOrg } from './support/harness.js';
import { assertBucketsExact, postTicket } from './support/ticket-fixtures.js';

// The organization's shared counters (ticket buckets, customer total, ticket usage) are spread over
// stripes (src/db/counter-stripes.ts): 16 rows per total on PostgreSQL, where concurrent creates
// would otherwise queue on one row until each other's commit, one on SQLite (one writer at a time).
// A total is the sum of its stripes, and every total must stay exact whatever the interleaving.

const PRIORITIES = ['LOW', 'MEDIUM', 'HIGH', 'URGENT'] as const;

async function stripesOf(
  ctx: TestContext,
  table: 'ticket_counts' | 'customer_counts' | 'ticket_usage',
  organizationId: string,
) {
  const rows = await ctx.database.db
    .selectFrom(table)
    .select('stripe')
    .where('organization_id', '=', organizationId)
    .execute();
  return rows.map((r) => Number(r.stripe));
}

async function customerTotal(ctx: TestContext, organizationId: string) {
  const row = await ctx.database.db
    .selectFrom('customer_counts')
    .select(sql<number>`sum(count)`.as('n'))
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

describeEachDialect(
  'ticket creates: striped counters',
  (ctx) => {
    const total = async (org: TestOrg, path: string) => (await org.api.get(path)).body.meta.pagination.total as number;

    it('concurrent creates, half making their customer, keep every total exact; so do deletes and moves after them', async () => {
      const org = await ctx.createOrg();
      // 40 creates at once: 20 new customers, 20 tickets for 4 shared ones (5 each, the first of each makes it).
      const emails = Array.from({ length: 40 }, (_, i) =>
        i < 20 ? `new${i}@example.com` : `shared${i % 4}@example.com`,
      );
      const results = await Promise.all(
        emails.map((email, i) => postTicket(org.api, { customer: { email }, priority: PRIORITIES[i % 4] })),
      );
      expect(results.map((r) => r.status)).toEqual(Array(40).fill(201));

      expect(await total(org, '/api/v1/customers')).toBe(24);
      expect(await customerTotal(ctx, org.id)).toBe(24);
      const customers = (await org.api.get('/api/v1/customers?limit=100')).body.data as {
        email: string;
        id: string;
        ticket_count: number;
      }[];
      expect(Object.fromEntries(customers.map((c) => [c.email, c.ticket_count]))).toEqual(
        Object.fromEntries([...new Set(emails)].map((e) => [e, e.startsWith('shared') ? 5 : 1])),
      );
      expect(await total(org, '/api/v1/tickets')).toBe(40);
      for (const p of PRIORITIES) expect(await total(org, `/api/v1/tickets?priority=${p}`), p).toBe(10);
      const exact = await assertBucketsExact(ctx, org.id);
      expect(exact.buckets).toEqual(exact.real);
      expect((await org.api.get('/api/v1/billing/usage')).body.data.tickets.used).toBe(40);

      // Where writers run concurrently the writes spread over the stripes; SQLite keeps one row each.
      const stripes = await stripesOf(ctx, 'ticket_counts', org.id);
      const usage = await stripesOf(ctx, 'ticket_usage', org.id);
      if (ctx.dialect === 'sqlite') {
        expect([...new Set([...stripes, ...usage])]).toEqual([0]);
        expect(stripes).toHaveLength(4);
      } else {
        for (const s of [...stripes, ...usage]) expect(s).toBeGreaterThanOrEqual(0), expect(s).toBeLessThan(16);
        expect(new Set(usage).size).toBeGreaterThan(1);
      }

      // A deletion takes a shared customer's 5 tickets out of its buckets, moves and closes re-file others,
      // all concurrently with more creates: the sums stay exact.
      const shared = customers.find((c) => c.email === 'shared0@example.com')!;
      const others = results.slice(0, 6).map((r) => r.body.data.id as string);
      const mixed = await Promise.all([
        org.api.delete(`/api/v1/customers/${shared.id}`),
        ...others.map((id, i) =>
          org.api.patch(`/api/v1/tickets/${id}`, { status: i % 2 ? 'CLOSED' : 'PENDING', priority: 'URGENT' }),
        ),
        ...Array.from({ length: 6 }, (_, i) => postTicket(org.api, { customer: { email: `late${i}@example.com` } })),
      ]);
      for (const r of mixed) expect([200, 201, 204], JSON.stringify(r.body)).toContain(r.status);
      expect(await total(org, '/api/v1/customers')).toBe(24 - 1 + 6);
      expect(await customerTotal(ctx, org.id)).toBe(29);
      expect(await total(org, '/api/v1/tickets?include_closed=true')).toBe(40 - 5 + 6);
      expect(await total(org, '/api/v1/tickets?status=PENDING')).toBe(3);
      const after = await assertBucketsExact(ctx, org.id);
      expect(after.buckets).toEqual(after.real);
      // Usage counts what was created, deletions included.
      expect((await org.api.get('/api/v1/billing/usage')).body.data.tickets.used).toBe(46);
    });

    it('creates under a ticket limit run one at a time (the plan lock) and count their usage in stripe 0', async () => {
      const org = await ctx.createOrg();
      await ctx.container.plans.setPlan(org.id, { tickets_limit: 8 });
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) => postTicket(org.api, { customer: { email: `l${i}@example.com` } })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([...Array(8).fill(201), ...Array(4).fill(403)]);
      expect([...new Set(await stripesOf(ctx, 'ticket_usage', org.id))]).toEqual([0]);
      expect((await org.api.get('/api/v1/billing/usage')).body.data.tickets).toEqual({ used: 8, limit: 8 });
      expect(await customerTotal(ctx, org.id)).toBe(8);
    });
  },
  { partitioned: true },
);

describeEachDialect(
  'ticket creates: striped counters under row locks',
  (ctx) => {
    it('a create holding its counter rows until commit does not stop the next create of its organization', async () => {
      const org = await ctx.createOrg();
      const gate = deferred();
      const inside = deferred();
      // The first create takes stripe 0 of every shared row and stays in its transaction, those rows
      // locked, after its writes (run here at once instead of with its COMMIT, as a slow commit would
      // hold them); the next one takes stripe 8 (same bucket, also a new customer).
      const random = vi.spyOn(Math, 'random').mockReturnValue(0);
      let held = false;
      const spy = vi.spyOn(Sql.prototype, 'writeLast').mockImplementation(async function (this: Sql, writes) {
        await this.writeInOrder(writes);
        // The create's last statement: the one writing its ticket bucket (not its customer's event's).
        if (held || !writes.some((w) => w !== null && /"ticket_counts"/.test(w.compile().sql))) return;
        held = true;
        inside.resolve();
        await gate.promise;
      });
      try {
        const body = (email: string) => ({ customer: { email }, priority: 'HIGH' });
        const first = postTicket(org.api, body('first@example.com'));
        await inside.promise;
        random.mockReturnValue(0.5);
        const second = await Promise.race([postTicket(org.api, body('second@example.com')), first.then(() => null)]);
        expect(second?.status).toBe(201);
        gate.resolve();
        expect((await first).status).toBe(201);
      } finally {
        gate.resolve();
        spy.mockRestore();
        random.mockRestore();
      }
      const rows = await ctx.database.db
        .selectFrom('ticket_counts')
        .select(['stripe', 'count'])
        .where('organization_id', '=', org.id)
        .orderBy('stripe')
        .execute();
      expect(rows.map((r) => [Number(r.stripe), Number(r.count)])).toEqual([
        [0, 1],
        [8, 1],
      ]);
      expect(await customerTotal(ctx, org.id)).toBe(2);
      expect((await org.api.get('/api/v1/tickets?priority=HIGH')).body.meta.pagination.total).toBe(2);
    });
  },
  { dialects: ['postgres'], partitioned: true },
);
