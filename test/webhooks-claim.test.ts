import { deliveryBody } from '../src/webhooks/delivery-body.js';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { boundClaimQuery, organizationClaimQuery, type ClaimedDelivery } from '../src/webhooks/delivery-claim-store.js';
import {
  claimDueDeliveries,
  dueOrganizationsQuery,
  findOrganizationsWithDueDeliveries,
} from '../src/webhooks/delivery-queue-store.js';
import type { ClaimResume } from '../src/webhooks/claim-resume.js';
import { startWorker } from '../src/webhooks/worker.js';
import { recordTicketCreated } from './support/fixtures.js';
import { describeEachDialect, type TestContext } from './support/harness.js';
import { explain, genericPlan, type PlannedQuery } from './support/query-plan.js';
import { eventually, silentLogger, startReceiver, type Receiver } from './support/webhook-receiver.js';

// The worker's claim in two steps: organizations with due deliveries are found without locking, then
// each is claimed through its own handle (every locking statement names one organization). The
// capacity is shared across organizations, in turn, so a busy one cannot starve the others.

/** An organization with a webhook (to `url`) and n deliveries due at `at` (ids `${prefix}-i`). */
async function queued(ctx: TestContext, n: number, at: number, url = 'https://hooks.example.com/c', prefix = 'c') {
  const org = await ctx.createOrg();
  await org.api.post('/api/v1/webhooks', { name: 'c', url, events: ['ticket.created'] });
  for (let i = 0; i < n; i++) await recordTicketCreated(ctx, org.id, `${prefix}-${i}`, at + i);
  return org.id;
}

const perOrganization = (rows: ClaimedDelivery[]) => {
  const counts: Record<string, number> = {};
  for (const r of rows) counts[r.organization_id] = (counts[r.organization_id] ?? 0) + 1;
  return counts;
};

describeEachDialect(
  'webhook claims across organizations',
  (ctx) => {
    let receiver: Receiver;
    beforeAll(async () => {
      receiver = await startReceiver();
    });
    afterAll(async () => receiver?.close());
    // Nothing left due leaks into the next test.
    afterEach(async () => {
      await ctx.database.db
        .updateTable('webhook_deliveries')
        .set({ next_attempt_at: null, lease_until: null, lease_token: null })
        .execute();
    });
    const claim = (now: number, limit: number, after: string | null = null, token = 'w') =>
      claimDueDeliveries(ctx.database.system, { now, leaseMs: 1000, limit, token, after });

    it('shares a capacity smaller than the queue across every organization, oldest first within each', async () => {
      const t = Date.parse('2032-01-01T00:00:00.000Z');
      const orgs = [await queued(ctx, 5, t), await queued(ctx, 5, t), await queued(ctx, 5, t)].sort();
      const claimed = await claim(t + 10, 4);
      // Shares of 2, 1, 1 in organization order.
      expect(perOrganization(claimed)).toEqual({ [orgs[0]]: 2, [orgs[1]]: 1, [orgs[2]]: 1 });
      const first = claimed
        .filter((c) => c.organization_id === orgs[0])
        .map((c) => JSON.parse(deliveryBody(c)!).data.id);
      expect(first).toEqual(['c-0', 'c-1']);
      expect(new Set(claimed.map((c) => c.lease_token))).toEqual(new Set(['w']));
    });

    // The claim is compiled once per engine and bound at each call: bound for any organization and
    // values, it is the statement built for them.
    it("the bound claim is the claim built for the call's organization and values", async () => {
      const first = await ctx.createOrg();
      const second = await ctx.createOrg();
      const options = [
        { now: 1_700_000_000_000, leaseMs: 60_000, limit: 64, token: 'token-a' },
        { now: 1_800_000_000_123, leaseMs: 5_000, limit: 1, token: 'token-b' },
        { now: 1_800_000_000_456, leaseMs: 5_000, limit: 2, token: 'token-c', from: 1_799_000_000_000 },
      ];
      for (const org of [first.id, second.id]) {
        for (const o of options) {
          const t = ctx.database.forOrganization(org);
          const built = organizationClaimQuery(t, o).compile();
          const bound = boundClaimQuery(t, o);
          expect(bound.sql).toBe(built.sql);
          expect(bound.parameters).toEqual(built.parameters);
        }
      }
    });

    it('a share an organization cannot use goes to the others, also in a second round', async () => {
      const t = Date.parse('2033-01-01T00:00:00.000Z');
      const busy = await queued(ctx, 10, t);
      const quiet = await queued(ctx, 1, t);
      const claimed = await claim(t + 20, 6);
      expect(perOrganization(claimed)).toEqual({ [busy]: 5, [quiet]: 1 });
      // Grouped by organization in the order visited.
      expect(claimed.map((c) => c.organization_id)).toEqual(
        busy < quiet ? [...Array(5).fill(busy), quiet] : [quiet, ...Array(5).fill(busy)],
      );
      expect(await claim(t + 20, 6)).toHaveLength(5);
      expect(await claim(t + 20, 6)).toEqual([]);
    });

    it('one slot at a time walks through the organizations in turn, however much one of them has queued', async () => {
      const t = Date.parse('2034-01-01T00:00:00.000Z');
      // The busy organization's deliveries are all older than the others'.
      const busy = await queued(ctx, 20, t - 1000);
      const others = [await queued(ctx, 3, t), await queued(ctx, 3, t)];
      const ring = [busy, ...others].sort();
      let after: string | null = null;
      const visited: string[] = [];
      for (let i = 0; i < 6; i++) {
        const [one]: ClaimedDelivery[] = await claim(t + 10, 1, after);
        visited.push(one.organization_id);
        after = one.organization_id;
      }
      expect(visited).toEqual([...ring, ...ring]);
    });

    it('concurrent claims from separate connections over several organizations never hand out the same delivery', async () => {
      const t = Date.parse('2035-01-01T00:00:00.000Z');
      for (let i = 0; i < 3; i++) await queued(ctx, 8, t);
      const handles = [0, 1, 2].map(() => openDatabase(ctx.config.database, { poolSize: 2 }));
      try {
        const results = await Promise.all(
          handles.map((h, i) =>
            claimDueDeliveries(h.system, { now: t + 10, leaseMs: 1000, limit: 5, token: `w${i}`, after: null }),
          ),
        );
        const ids = results.flat().map((r) => r.id);
        expect(new Set(ids).size).toBe(ids.length);
        const rest = await claim(t + 10, 100, null, 'last');
        expect(new Set([...ids, ...rest.map((r) => r.id)]).size).toBe(24);
      } finally {
        await Promise.all(handles.map((h) => h.close()));
      }
    });

    // A worker claiming from a backlog resumes after the rows it holds (claim-resume.ts): in the resumed
    // organization only rows due at or after the point, ties included; every other one from the start.
    it("a resumed claim takes the resumed organization's rows due from its point on, and every other organization's from the start", async () => {
      const t = Date.parse('2036-01-01T00:00:00.000Z');
      const resumed = await queued(ctx, 6, t, undefined, 'r');
      const other = await queued(ctx, 6, t, undefined, 'o');
      const resume: ClaimResume = { organizationId: resumed, from: t + 3 };
      const claimed = await claimDueDeliveries(ctx.database.system, {
        now: t + 10,
        leaseMs: 1000,
        limit: 100,
        token: 'w',
        after: null,
        resume,
      });
      expect(perOrganization(claimed)).toEqual({ [resumed]: 3, [other]: 6 });
      const ids = claimed.filter((c) => c.organization_id === resumed).map((c) => JSON.parse(deliveryBody(c)!).data.id);
      expect(ids).toEqual(['r-3', 'r-4', 'r-5']);
      // Each row says when it was due: where the next claim may resume.
      expect(claimed.filter((c) => c.organization_id === resumed).map((c) => c.next_attempt_at)).toEqual([
        t + 3,
        t + 4,
        t + 5,
      ]);
      // The rows behind the point are still there for a claim from the start.
      const rest = await claim(t + 10, 100);
      expect(rest.map((c) => JSON.parse(deliveryBody(c)!).data.id).sort()).toEqual(['r-0', 'r-1', 'r-2']);
    });

    it("the walk passes over an organization whose free rows all lie behind its resume point, and only that one's", async () => {
      const t = Date.parse('2037-01-01T00:00:00.000Z');
      const a = await queued(ctx, 3, t, undefined, 'a');
      const b = await queued(ctx, 3, t, undefined, 'b');
      const walk = (resume: ClaimResume | null) =>
        findOrganizationsWithDueDeliveries(ctx.database.system, { now: t + 10, after: null, limit: 10, resume }).then(
          (orgs) => orgs.sort(),
        );
      expect(await walk(null)).toEqual([a, b].sort());
      expect(await walk({ organizationId: a, from: t + 3 })).toEqual([b]);
      expect(await walk({ organizationId: a, from: t + 2 })).toEqual([a, b].sort());
      expect(await walk({ organizationId: b, from: t + 3 })).toEqual([a]);
      // And the claim follows the walk: nothing from the resumed organization.
      const claimed = await claimDueDeliveries(ctx.database.system, {
        now: t + 10,
        leaseMs: 1000,
        limit: 10,
        token: 'w',
        after: null,
        resume: { organizationId: a, from: t + 3 },
      });
      expect(perOrganization(claimed)).toEqual({ [b]: 3 });
    });

    // While a worker's claims keep filling up it resumes after the rows it holds (claim-resume.ts);
    // rows that come free behind that point (here, another worker's expired leases) must not wait for
    // the backlog to end: a claim reads from the start at least once per poll interval (100 ms here).
    it('a worker working through a backlog still takes rows that come free behind its resume point, within a poll interval', async () => {
      receiver.requests.length = 0;
      receiver.respond(() => ({ status: 200, delayMs: 15 }));
      const now = ctx.clock();
      const org = await queued(ctx, 120, now - 10_000, `${receiver.url}/resume`, 'resume');
      // A worker that then vanished holds the three oldest, for 400 ms.
      const dead = await claimDueDeliveries(ctx.database.system, {
        now: ctx.clock(),
        leaseMs: 400,
        limit: 3,
        token: 'dead',
        after: null,
      });
      expect(dead.map((d) => JSON.parse(deliveryBody(d)!).data.id)).toEqual(['resume-0', 'resume-1', 'resume-2']);
      expect(dead.map((d) => d.organization_id)).toEqual([org, org, org]);
      const worker = startWorker({
        database: ctx.database,
        clock: ctx.clock,
        settings: { ...ctx.config.webhooks, concurrency: 2 },
        logger: silentLogger,
      });
      try {
        await eventually(async () => receiver.requests.length === 120, 30_000);
      } finally {
        await worker.stop();
      }
      const order = receiver.requests.map((r) => r.json.data.id as string);
      expect(new Set(order).size).toBe(120);
      // About 60 deliveries/s at 2 in flight: the backlog lasts 2 s, the dead worker's rows are free
      // after 0.4 s. Read from the start once the backlog was over, they would arrive last.
      const late = ['resume-0', 'resume-1', 'resume-2'].map((id) => order.indexOf(id));
      expect(Math.max(...late), order.join(' ')).toBeLessThan(90);
    });

    it('one worker tick with less capacity than the queue claims from more than one organization', async () => {
      receiver.requests.length = 0;
      receiver.respond(() => 'hold');
      const now = ctx.clock();
      for (let i = 0; i < 3; i++) await queued(ctx, 8, now, `${receiver.url}/o${i}`, `tick-${i}`);
      const worker = startWorker({
        database: ctx.database,
        clock: ctx.clock,
        settings: { ...ctx.config.webhooks, concurrency: 4 },
        logger: silentLogger,
      });
      try {
        await receiver.waitFor(4, 10_000);
        const leased = await ctx.database.db
          .selectFrom('webhook_deliveries')
          .select(['organization_id', 'lease_token'])
          .where('lease_token', 'is not', null)
          .execute();
        // One claim of five times the concurrency (4 sent at once, 16 claimed ahead)…
        expect(leased).toHaveLength(20);
        expect(new Set(leased.map((r) => r.lease_token)).size).toBe(1);
        expect(new Set(leased.map((r) => r.organization_id)).size).toBe(3); // …over every organization
        expect(receiver.requests).toHaveLength(4); // never more than `concurrency` requests at once
        expect(new Set(receiver.requests.map((r) => r.path)).size).toBe(3);
        receiver.respond(() => ({ status: 200 }));
        receiver.release();
        await eventually(async () => receiver.requests.length === 24);
      } finally {
        receiver.respond(() => ({ status: 200 }));
        receiver.release();
        await worker.stop();
      }
      expect(new Set(receiver.requests.map((r) => r.json.data.id)).size).toBe(24);
    });
  },
  { env: { WEBHOOK_POLL_INTERVAL_MS: '100', WEBHOOK_TIMEOUT_MS: '5000' } },
);

// The claim's statements are served by the partial queue index, never by a scan of the delivery
// history. SQLite is asked on empty tables without statistics; PostgreSQL, whose planner rightly
// prefers a seq scan on a tiny table, gets 20,000 analysed delivered rows and a few due ones first.
describeEachDialect('webhook claim query plans', (ctx) => {
  let org = '';
  beforeAll(async () => {
    org = (await ctx.createOrg()).id;
    if (ctx.dialect !== 'postgres') return;
    const webhookId = '00000000-0000-4000-8000-0000000000a1';
    await sql`INSERT INTO webhooks (id, organization_id, name, url, secret, events, is_active, created_at, updated_at)
      VALUES (${webhookId}, ${org}, 'plans', 'https://hooks.example.com/p', 's', '["ticket.created"]', 1, 0, 0)`.execute(
      ctx.database.db,
    );
    await sql`INSERT INTO webhook_deliveries (id, organization_id, webhook_id, event, body, status, attempt_count, next_attempt_at, created_at)
      SELECT md5('d' || i)::uuid, ${org}, ${webhookId}, 'ticket.created', '{}', 'success', 1,
        CASE WHEN i % 1000 = 0 THEN i END, i
      FROM generate_series(1, 20000) i`.execute(ctx.database.db);
    await sql`ANALYZE`.execute(ctx.database.db);
  });

  const plan = (q: PlannedQuery) => explain(ctx, q);
  const noScan = () =>
    ctx.dialect === 'sqlite' ? /^SCAN webhook_deliveries\b(?! USING)/m : /Seq Scan on webhook_deliveries/;

  it.each(['00000000-0000-0000-0000-000000000000', 'ffffffff-0000-4000-8000-000000000000'])(
    "finds the organizations with due deliveries from the queue index (above '%s')",
    async (above) => {
      const text = await plan(dueOrganizationsQuery({ now: 30_000, above, limit: 4 }).compile(ctx.database.db));
      expect(text, text).toContain('webhook_deliveries_queue_idx');
      expect(text).not.toMatch(noScan());
    },
  );

  it("claims within one organization from the queue index, the organization's rows only", async () => {
    const t = ctx.database.forOrganization(org);
    const text = await plan(organizationClaimQuery(t, { now: 30_000, leaseMs: 1000, limit: 4, token: 'w' }));
    expect(text, text).toContain('webhook_deliveries_queue_idx');
    expect(text).not.toMatch(noScan());
  });

  // A resumed claim (claim-resume.ts) skips the held rows by where the index read begins, not by reading
  // and filtering them: the resume point is a bound of the queue index's range, in the claim and in the
  // walk's check for free rows.
  it('a resume point bounds the read of the queue index, in the claim and in the walk', async () => {
    const t = ctx.database.forOrganization(org);
    const claimPlan = await plan(
      organizationClaimQuery(t, { now: 30_000, leaseMs: 1000, limit: 4, token: 'w', from: 20_000 }),
    );
    const walkPlan = await plan(
      dueOrganizationsQuery({
        now: 30_000,
        above: '00000000-0000-0000-0000-000000000000',
        limit: 4,
        resume: { organizationId: org, from: 20_000 },
      }).compile(ctx.database.db),
    );
    if (ctx.dialect === 'sqlite') {
      const bounded =
        /SEARCH webhook_deliveries (EXISTS )?USING INDEX webhook_deliveries_queue_idx \(organization_id=\? AND next_attempt_at>\? AND next_attempt_at<\?\)/;
      expect(claimPlan, claimPlan).toMatch(bounded);
      expect(walkPlan, walkPlan).toMatch(bounded);
      return;
    }
    expect(claimPlan, claimPlan).toMatch(
      /Index Scan using webhook_deliveries_queue_idx[^\n]*\n\s*Index Cond: \([^\n]*\(next_attempt_at >= '20000'::bigint\)/,
    );
    // The walk as it runs from a backlog: its generic plan, with statistics of a queue of 5,000 due rows.
    const walk = dueOrganizationsQuery({
      now: 30_000,
      above: '00000000-0000-0000-0000-000000000000',
      limit: 4,
      resume: { organizationId: org, from: 20_000 },
    }).compile(ctx.database.db);
    const generic = await genericPlan(ctx, walk, {
      before: async (run) => {
        await run(`INSERT INTO webhook_deliveries (id, organization_id, webhook_id, event, body, attempt_count, next_attempt_at, created_at)
          SELECT md5('w' || i)::uuid, '${org}', '00000000-0000-4000-8000-0000000000a1', 'ticket.created', '{}', 0, i, i FROM generate_series(1, 5000) i`);
        await run('ANALYZE webhook_deliveries');
      },
    });
    expect(generic, generic).toMatch(
      /Index Scan using webhook_deliveries_queue_idx[^\n]*\n\s*Index Cond: \([^\n]*\(next_attempt_at >= CASE WHEN/,
    );
  });

  // A named statement is planned afresh at each execution while PostgreSQL prefers custom plans; with
  // `limit $n` it always did (the generic plan's estimate of 10 % of the rows for a parameter limit
  // made the same plan look twice as costly on a backlog): about 0.5 ms of planning per claim.
  it('PostgreSQL: the claim, run as a named statement, settles on its generic plan', async () => {
    if (ctx.dialect !== 'postgres') return;
    const c = organizationClaimQuery(ctx.database.forOrganization(org), {
      now: 30_000,
      leaseMs: 1000,
      limit: 4,
      token: 'w',
    }).compile();
    // A backlog: most queued rows due (rolled back with the statistics).
    const backlog = `INSERT INTO webhook_deliveries (id, organization_id, webhook_id, event, body, attempt_count, next_attempt_at, created_at)
      SELECT md5('b' || i)::uuid, '${org}', '00000000-0000-4000-8000-0000000000a1', 'ticket.created', '{}', 0, i, i FROM generate_series(1, 5000) i`;
    const client = new pg.Client({ connectionString: (ctx.config.database as { url: string }).url });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query(backlog);
      await client.query('ANALYZE webhook_deliveries');
      for (let i = 0; i < 7; i++) await client.query({ name: 'claim_plan', text: c.sql, values: [...c.parameters] });
      const { rows } = await client.query("SELECT generic_plans FROM pg_prepared_statements WHERE name = 'claim_plan'");
      expect(Number(rows[0].generic_plans)).toBeGreaterThan(0);
    } finally {
      await client.query('ROLLBACK');
      await client.end();
    }
    // And the plan it settles on is served by the queue index.
    const generic = await genericPlan(ctx, c, {
      before: async (run) => {
        await run(backlog);
        await run('ANALYZE webhook_deliveries');
      },
    });
    expect(generic, generic).toContain('webhook_deliveries_queue_idx');
  });
});
