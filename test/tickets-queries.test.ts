import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle, TenantDb } from '../src/db/database.js';
import { createTicketService } from '../src/tickets/ticket-service.js';
import { describeEachDialect, type TestOrg } from './support/harness.js';
import { createTicket, seedTag, seedTeam, seedUser } from './support/ticket-fixtures.js';

// Reads must not issue one query per ticket: the number of statements of a list request is the
// same for a page of 2 tickets and a page of 24 (relations are loaded in batched queries).

// transformResult runs once per executed statement (transformQuery also runs for embedded subqueries).
class CountingPlugin implements KyselyPlugin {
  count = 0;
  transformQuery(args: PluginTransformQueryArgs) {
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs) {
    this.count++;
    return args.result;
  }
}

/**
 * The organization's handle with the plugin on every statement it runs, and on the handles of the
 * transactions it opens. The service reaches the database only through forOrganization(), and a
 * TenantDb runs each statement through its `db`, so this sees all of them (the lower bound below
 * fails if it ever stops seeing them).
 */
function counted(t: TenantDb, plugin: KyselyPlugin): TenantDb {
  return Object.create(t, {
    db: { value: t.db.withPlugin(plugin) },
    transaction: {
      value: <T>(fn: (inner: TenantDb) => Promise<T>) => t.transaction((inner) => fn(counted(inner, plugin))),
    },
  }) as TenantDb;
}

describeEachDialect(
  'tickets: batched reads',
  (ctx) => {
    let org: TestOrg;
    const plugin = new CountingPlugin();
    let service: ReturnType<typeof createTicketService>;

    beforeAll(async () => {
      org = await ctx.createOrg();
      const users = [await seedUser(ctx, org.id), await seedUser(ctx, org.id)];
      const teams = [await seedTeam(ctx, org.id, 'A'), await seedTeam(ctx, org.id, 'B')];
      const tags = [
        await seedTag(ctx, org.id, 't1'),
        await seedTag(ctx, org.id, 't2'),
        await seedTag(ctx, org.id, 't3'),
      ];
      for (let i = 0; i < 24; i++) {
        const t = await createTicket(org.api, {
          customer: { email: `c${i}@example.com` },
          tag_ids: [tags[i % 3].id, tags[(i + 1) % 3].id],
        });
        await org.api.patch(`/api/v1/tickets/${t.id}`, { assignee_id: users[i % 2].id, team_id: teams[i % 2].id });
      }
      const database: DatabaseHandle = {
        ...ctx.database,
        db: ctx.database.db.withPlugin(plugin),
        forOrganization: (organizationId) => counted(ctx.database.forOrganization(organizationId), plugin),
      };
      service = createTicketService({ ...ctx.container, database, clock: ctx.clock });
    });

    const queriesFor = async (fn: () => Promise<unknown>) => {
      plugin.count = 0;
      await fn();
      return plugin.count;
    };

    it('lists a page with a constant number of queries, whatever its size', async () => {
      const small = await queriesFor(() => service.list(org.id, { page: 1, limit: 2 }));
      const large = await queriesFor(() => service.list(org.id, { page: 1, limit: 24 }));
      expect(small).toBe(1); // page, relations (customer, assignee, team, tags) and the bucket total: one statement
      expect(large).toBe(small);
      const filtered = await queriesFor(() => service.list(org.id, { page: 1, limit: 24, search: 'example' }));
      expect(filtered).toBeLessThanOrEqual(6);
      const page = await service.list(org.id, { page: 1, limit: 24 });
      expect(page.data).toHaveLength(24);
      expect(page.data.every((t) => t.assignee !== null && t.team !== null && t.tags.length === 2)).toBe(true);
    });

    it('reads one ticket with a constant number of queries', async () => {
      const { data } = await service.list(org.id, { page: 1, limit: 1 });
      // The ticket with its customer, assignee, team, tags and messages: one statement.
      expect(await queriesFor(() => service.get(org.id, data[0].id))).toBe(1);
    });

    // Concurrent reads of one organization share statements (read-batcher.ts): the round trip, not the
    // rows, is most of a single ticket's cost on PostgreSQL.
    it('reads tickets requested at the same time with one statement, each as it reads alone', async () => {
      const { data } = await service.list(org.id, { page: 1, limit: 10 });
      const alone = [];
      for (const t of data) alone.push(await service.get(org.id, t.id));
      const missing = '00000000-0000-4000-8000-000000000000';
      let together: unknown[] = [];
      const count = await queriesFor(async () => {
        together = await Promise.all([
          ...data.map((t) => service.get(org.id, t.id).catch((err) => err)),
          service.get(org.id, missing).catch((err) => err),
        ]);
      });
      expect(count).toBe(1);
      expect(together.slice(0, 10)).toEqual(alone);
      expect((together[10] as { statusCode?: number }).statusCode).toBe(404);
    });

    it('reads one page for every request asking for it at the same time', async () => {
      const alone = await service.list(org.id, { page: 1, limit: 5 });
      let together: unknown[] = [];
      const count = await queriesFor(async () => {
        together = await Promise.all(Array.from({ length: 8 }, () => service.list(org.id, { page: 1, limit: 5 })));
      });
      expect(count).toBe(1);
      for (const page of together) expect(page).toEqual(alone);
      // Different pages are different reads.
      expect(
        await queriesFor(() =>
          Promise.all([service.list(org.id, { page: 1, limit: 5 }), service.list(org.id, { page: 2, limit: 5 })]),
        ),
      ).toBe(2);
    });

    it('a ticket read after a write sees it, even while other reads of the organization run', async () => {
      const { data } = await service.list(org.id, { page: 1, limit: 3 });
      const [a, b] = data;
      for (let i = 0; i < 5; i++) {
        const running = Promise.all([
          service.get(org.id, a.id),
          service.get(org.id, b.id),
          service.list(org.id, { page: 1, limit: 3 }),
        ]);
        await service.update(org.id, a.id, { subject: `Renamed ${i}` });
        const [after, page] = await Promise.all([
          service.get(org.id, a.id),
          service.list(org.id, { page: 1, limit: 3 }),
        ]);
        expect(after.subject).toBe(`Renamed ${i}`);
        expect(page.data.find((t) => t.id === a.id)?.subject).toBe(`Renamed ${i}`);
        await running;
      }
    });
  },
  { partitioned: true },
);
