import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it, vi } from 'vitest';
import { TENANT_TABLES } from '../src/db/tenant-guard.js';
import { compileListQuery } from '../src/tickets/ticket-search-store.js';
import { organizationClaimQuery } from '../src/webhooks/delivery-claim-store.js';
import { claimDueDeliveries } from '../src/webhooks/delivery-queue-store.js';
import { postWebhook } from './support/fixtures.js';
import { describeEachDialect, type TestOrg } from './support/harness.js';
import { explain } from './support/query-plan.js';
import { partitionTenantTables } from './support/partitioned-schema.js';
import { createDatabaseFromTemplate, dropDatabase, pgUrlFor } from './support/pg-admin.js';
import { createTicket } from './support/ticket-fixtures.js';

// Every tenant statement names its organization, so on a schema whose tenant tables
// are hash-partitioned by organization_id (the rules Citus imposes) each hot statement touches one
// partition per tenant table. The statements are the ones the app really runs: every statement sent
// to PostgreSQL while an API request is served is captured at the driver (pg.Client#query) and then
// EXPLAINed with its own parameters; the list and the per-organization delivery claim are also
// compiled through their stores' query functions on a TenantDb.

interface Statement {
  sql: string;
  parameters: unknown[];
}

const TABLE_REF = /\b(?:from|join|update|into)\s+"?([a-z_]+)"?/gi;
const PARTITION = /\b([a-z_]+)_p(\d+)\b/g;
const tenantTablesOf = (text: string) =>
  [...text.matchAll(TABLE_REF)].map((m) => m[1].toLowerCase()).filter((t) => TENANT_TABLES.has(t));

/** Tenant table → the partitions a plan touches. */
function partitionsInPlan(plan: string): Map<string, Set<number>> {
  const out = new Map<string, Set<number>>();
  for (const [, table, n] of plan.matchAll(PARTITION)) {
    if (!TENANT_TABLES.has(table)) continue;
    if (!out.has(table)) out.set(table, new Set());
    out.get(table)!.add(Number(n));
  }
  return out;
}

describeEachDialect(
  'hash-partitioned by organization: hot statements touch one partition',
  (ctx) => {
    let org: TestOrg;
    let other: TestOrg;
    const spy = vi.spyOn(pg.Client.prototype, 'query');

    afterAll(() => spy.mockRestore());

    /** The statements touching tenant tables that PostgreSQL received while fn ran. */
    async function capture(fn: () => Promise<unknown>): Promise<Statement[]> {
      spy.mockClear();
      await fn();
      const calls = spy.mock.calls as unknown as [unknown, unknown?][];
      // A text and its values, or (prepared statements, on by default) one object with both.
      return calls
        .map(([query, values]): Statement | null =>
          typeof query === 'string'
            ? { sql: query, parameters: (values as unknown[]) ?? [] }
            : typeof (query as { text?: unknown } | null)?.text === 'string'
              ? { sql: (query as { text: string }).text, parameters: (query as { values?: unknown[] }).values ?? [] }
              : null,
        )
        .filter((s): s is Statement => s !== null && tenantTablesOf(s.sql).length > 0);
    }

    /** Each statement that touches more than one partition of a table (or none), with its plan. */
    async function partitionProblems(statements: Statement[]): Promise<string[]> {
      const problems: string[] = [];
      for (const s of statements) {
        const plan = await explain(ctx, s, { costs: false });
        const touched = partitionsInPlan(plan);
        for (const [table, parts] of touched) {
          if (parts.size !== 1) problems.push(`${table}: partitions ${[...parts].join(', ')}\n${s.sql}\n${plan}`);
        }
        // A statement that reads, updates or deletes a tenant table's rows shows that table's partition in
        // its plan; an INSERT … VALUES alone (routed to one partition by its organization_id; also in a
        // chain of data-modifying CTEs, whose counts the statement selects) need not.
        const reads = [...s.sql.matchAll(/\b(?:from|join|update)\s+"?([a-z_]+)"?/gi)].some((m) =>
          TENANT_TABLES.has(m[1].toLowerCase()),
        );
        if (reads && touched.size === 0) problems.push(`no tenant partition in the plan\n${s.sql}\n${plan}`);
      }
      return problems;
    }

    async function expectSinglePartition(statements: Statement[]): Promise<void> {
      expect(statements.length).toBeGreaterThan(0);
      expect(await partitionProblems(statements)).toEqual([]);
    }

    beforeAll(async () => {
      org = await ctx.createOrg('Partitioned');
      other = await ctx.createOrg('Other');
      // Rows in several organizations (and so in several partitions) before anything is explained.
      for (const o of [org, other]) {
        expect((await postWebhook(o.api, { events: ['ticket.created'] })).status).toBe(201);
        await createTicket(o.api, { customer: { email: `first-${o.id}@example.com`, name: 'First' } });
      }
      await sql`ANALYZE`.execute(ctx.database.db);
    });

    it('the variant partitions every tenant table by hash of organization_id', async () => {
      const res = await sql<{ table: string; key: string; parts: number }>`
        SELECT c.relname AS table, pg_get_partkeydef(c.oid) AS key,
               (SELECT count(*)::int FROM pg_inherits i WHERE i.inhparent = c.oid) AS parts
          FROM pg_partitioned_table p JOIN pg_class c ON c.oid = p.partrelid`.execute(ctx.database.db);
      expect(res.rows.map((r) => r.table).sort()).toEqual([...TENANT_TABLES].sort());
      for (const r of res.rows) expect([r.key, r.parts]).toEqual(['HASH (organization_id)', 4]);
    });

    it('a statement that does not name its organization is caught (all partitions)', async () => {
      const byIdOnly = {
        sql: 'select * from "tickets" where "id" = $1 for update',
        parameters: ['00000000-0000-4000-8000-000000000001'],
      };
      const plan = await explain(ctx, byIdOnly, { costs: false });
      expect(partitionsInPlan(plan).get('tickets')).toEqual(new Set([0, 1, 2, 3]));
      expect(await partitionProblems([byIdOnly])).toEqual([expect.stringMatching(/^tickets: partitions 0, 1, 2, 3\n/)]);
    });

    it('ticket create (ticket, customer, first message, counters, event, deliveries)', async () => {
      const statements = await capture(() =>
        createTicket(org.api, { customer: { email: 'new@example.com', name: 'New' } }),
      );
      const text = statements.map((s) => s.sql).join('\n');
      expect(statements.length).toBeGreaterThanOrEqual(5);
      expect(text).toMatch(/insert into "tickets"/i);
      expect(text).toMatch(/update "organization_counters"/i);
      await expectSinglePartition(statements);
    });

    it('ticket read by id, update, message add', async () => {
      const ticket = await createTicket(org.api);
      const read = await capture(async () =>
        expect((await org.api.get(`/api/v1/tickets/${ticket.id}`)).status).toBe(200),
      );
      await expectSinglePartition(read);
      const update = await capture(async () =>
        expect(
          (await org.api.patch(`/api/v1/tickets/${ticket.id}`, { status: 'PENDING', priority: 'HIGH' })).status,
        ).toBe(200),
      );
      expect(update.map((s) => s.sql).join('\n')).toMatch(/update "tickets"/i);
      await expectSinglePartition(update);
      const message = await capture(async () =>
        expect(
          (await org.api.post(`/api/v1/tickets/${ticket.id}/messages`, { content: 'More smoke', type: 'INBOUND' }))
            .status,
        ).toBe(201),
      );
      expect(message.map((s) => s.sql).join('\n')).toMatch(/insert into "messages"/i);
      await expectSinglePartition(message);
    });

    it('ticket list (default) and its compiled page query', async () => {
      const list = await capture(async () => expect((await org.api.get('/api/v1/tickets')).status).toBe(200));
      await expectSinglePartition(list);
      const q = compileListQuery(
        ctx.database.forOrganization(org.id),
        { includeClosed: false },
        { limit: 20, offset: 0 },
      );
      await expectSinglePartition([{ sql: q.sql, parameters: [...q.parameters] }]);
    });

    it('customer read', async () => {
      const ticket = await createTicket(org.api, { customer: { email: 'reader@example.com', name: 'Reader' } });
      const read = await capture(async () =>
        expect((await org.api.get(`/api/v1/customers/${ticket.customer.id}`)).status).toBe(200),
      );
      await expectSinglePartition(read);
    });

    it('the rest of the ticket and customer API (filters, search, tags, assignment, teams, deletes)', async () => {
      const user = (await org.api.post('/api/v1/users', { id: 'agent-1', name: 'Agent', email: 'agent@example.com' }))
        .body.data;
      const team = (await org.api.post('/api/v1/teams', { name: 'Support' })).body.data;
      const tag = (await org.api.post('/api/v1/tags', { name: 'vip', color: '#ff0000' })).body.data;
      const ticket = await createTicket(org.api, { customer: { email: 'more@example.com', name: 'More' } });
      const statements = await capture(async () => {
        const calls: [string, string, unknown?][] = [
          ['patch', `/api/v1/tickets/${ticket.id}`, { assignee_id: user.id, team_id: team.id, add_tag_ids: [tag.id] }],
          ['get', `/api/v1/tickets?status=OPEN`],
          ['get', `/api/v1/tickets?priority=LOW&include_closed=true`],
          ['get', `/api/v1/tickets?customer_id=${ticket.customer.id}`],
          ['get', `/api/v1/tickets?assignee_id=${user.id}`],
          ['get', `/api/v1/tickets?tag_id=${tag.id}`],
          ['get', '/api/v1/tickets?assignee_id=none'],
          ['get', `/api/v1/tickets?team_id=${team.id}`],
          ['get', `/api/v1/tickets?team_id=${team.id},${randomUUID()}`],
          ['get', `/api/v1/tickets?search=printer`],
          ['get', '/api/v1/customers'],
          ['patch', `/api/v1/tickets/${ticket.id}`, { remove_tag_ids: [tag.id], status: 'CLOSED' }],
          ['delete', `/api/v1/tags/${tag.id}`],
          ['delete', `/api/v1/teams/${team.id}`],
          ['delete', `/api/v1/users/${user.id}`],
          ['delete', `/api/v1/customers/${ticket.customer.id}`],
        ];
        for (const [method, url, body] of calls) {
          const res = await (org.api as any)[method](url, body);
          expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
        }
      });
      await expectSinglePartition(statements);
    });

    it('the event log, webhook tooling and retention', async () => {
      const hook = (await postWebhook(org.api, { events: ['ticket.created', 'customer.updated'] })).body.data;
      const ticket = await createTicket(org.api, { customer: { email: 'log@example.com', name: 'Log' } });
      const statements = await capture(async () => {
        const first = await org.api.get('/api/v1/events?limit=2');
        expect(first.status).toBe(200);
        const calls: [string, string, unknown?][] = [
          ['get', `/api/v1/events?after=${first.body.meta.next_cursor}&type=ticket.created,customer.updated`],
          ['patch', `/api/v1/customers/${ticket.customer.id}`, { name: 'Renamed' }],
          ['post', `/api/v1/webhooks/${hook.id}/test`],
          ['post', `/api/v1/webhooks/${hook.id}/rotate-secret`, { previous_secret_expires_in: 60 }],
          ['get', `/api/v1/webhooks/${hook.id}/deliveries`],
        ];
        for (const [method, url, body] of calls) {
          const res = await (org.api as any)[method](url, body);
          expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
        }
        const delivery = (await org.api.post(`/api/v1/webhooks/${hook.id}/test`)).body.data;
        expect((await org.api.post(`/api/v1/webhooks/${hook.id}/deliveries/${delivery.id}/retry`)).status).toBe(202);
        await ctx.container.retention.runOnce();
      });
      expect(statements.map((s) => s.sql).join('\n')).toMatch(/from events/i);
      await expectSinglePartition(statements);
    });

    it('the per-organization delivery claim', async () => {
      const q = organizationClaimQuery(ctx.database.forOrganization(org.id), {
        now: Date.now(),
        leaseMs: 30_000,
        limit: 10,
        token: 'lease',
      }).compile();
      await expectSinglePartition([{ sql: q.sql, parameters: [...q.parameters] }]);
    });

    it("the worker's claim: only its first step (which organizations have due deliveries) spans organizations", async () => {
      const statements = await capture(async () => {
        const claimed = await claimDueDeliveries(ctx.database.system, {
          now: Date.now() + 86_400_000,
          leaseMs: 1,
          limit: 50,
          token: 'w',
        });
        expect(new Set(claimed.map((c) => c.organization_id))).toEqual(new Set([org.id, other.id]));
      });
      const scoped = statements.filter((s) => /"organization_id" = \$\d/.test(s.sql));
      const crossTenant = statements.filter((s) => !scoped.includes(s));
      expect(scoped.length).toBeGreaterThanOrEqual(2);
      await expectSinglePartition(scoped);
      // The unlocked read of the due index across organizations: by design the one
      // statement that is not routed to one organization (under Citus, a multi-shard read).
      expect(crossTenant).toHaveLength(1);
      expect(crossTenant[0].sql).not.toMatch(/for update/i);
    });
  },
  { partitioned: 'only' },
);

// The conversion itself, on a fresh copy of the plain template: every key, index and foreign key can be
// partitioned by organization (the last global unique constraint, api_keys' token_hash, was dropped by
// migration 20261122-0500 once api_key_lookup's primary key held that uniqueness).
describeEachDialect(
  'hash-partitioned by organization: the conversion',
  () => {
    const name = `helpdesk_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    afterAll(() => dropDatabase(name));
    it('keeps every key, index and foreign key', async () => {
      await createDatabaseFromTemplate(name, inject('pgTemplate')!);
      const report = await partitionTenantTables(pgUrlFor(name));
      expect(report.tables.sort()).toEqual([...TENANT_TABLES].sort());
      expect(report.dropped.map(({ table, name, definition }) => ({ table, name, definition }))).toEqual([]);
    });
  },
  { partitioned: 'only' },
);
