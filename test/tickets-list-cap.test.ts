import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { withTransactionObserver } from '../src/db/sql-handle.js';
import { StatementTimeoutError } from '../src/db/statement-timeout.js';
import { newId } from '../src/shared/ids.js';
import type { CappedTermHints } from '../src/tickets/capped-term-hints.js';
import { WALK_CUSTOMER_SET } from '../src/tickets/ticket-search-sql.js';
import { parseSearch } from '../src/tickets/ticket-search.js';
import {
  listTicketsCapped,
  SHORT_TERM_WINDOW,
  TOTAL_CAP,
  type TicketFilter,
} from '../src/tickets/ticket-search-store.js';
import { describeEachDialect, type TestOrg } from './support/harness.js';
import { createTicket, seedTag, seedUser } from './support/ticket-fixtures.js';

// Lists whose totals are counted (customer, assignee, tag, search) stop counting at
// TOTAL_CAP; above it meta.pagination says total_capped and pages end at the cap. Tag links
// carry their ticket's status and number, moved with every status change.

const EXTRA = 40;
/** Tickets with two "gizmo" messages each: more message rows than TOTAL_CAP, fewer tickets. */
const GIZMO = Math.floor(TOTAL_CAP / 2) + 150;

/** TOTAL_CAP + EXTRA open tickets (numbers 1…), one customer, all tagged and assigned: inserted directly. */
async function seedMany(
  ctx: Parameters<Parameters<typeof describeEachDialect>[1]>[0],
  org: TestOrg,
  tagId: string,
  agent: string,
) {
  const db = ctx.database.db;
  const customerId = newId();
  await db
    .insertInto('customers')
    .values({
      id: customerId,
      organization_id: org.id,
      email: 'bulk@example.com',
      email_key: 'bulk@example.com',
      name: 'Bulk',
      metadata: '{}',
      created_at: 0,
      updated_at: 0,
    })
    .execute();
  const n = TOTAL_CAP + EXTRA;
  for (let from = 1; from <= n; from += 1000) {
    const tickets = Array.from({ length: Math.min(1000, n - from + 1) }, (_, i) => {
      const number = from + i;
      return {
        id: newId(),
        organization_id: org.id,
        number,
        subject: `Bulk widget ${number}`,
        status: 'OPEN',
        priority: 'LOW',
        channel: 'API',
        customer_id: customerId,
        assignee_id: agent,
        message_count: 0,
        created_at: number,
        updated_at: number,
      };
    });
    await db.insertInto('tickets').values(tickets).execute();
    // Two messages naming "gizmo" on each of the oldest GIZMO tickets (more rows than the cap, fewer tickets).
    const messages = tickets
      .filter((k) => k.number <= GIZMO)
      .flatMap((k) =>
        [1, 2].map((seq) => ({
          id: newId(),
          organization_id: org.id,
          ticket_id: k.id,
          type: 'INBOUND',
          content: `Gizmo part ${seq}`,
          seq,
          created_at: k.number,
        })),
      );
    if (messages.length > 0) await db.insertInto('messages').values(messages).execute();
    await db
      .insertInto('ticket_tags')
      .values(
        tickets.map((k) => ({
          ticket_id: k.id,
          tag_id: tagId,
          organization_id: org.id,
          created_at: 0,
          status: k.status,
          number: k.number,
        })),
      )
      .execute();
  }
  await db.updateTable('organization_counters').set({ ticket_seq: n }).where('organization_id', '=', org.id).execute();
  // The bucket's total becomes n: its stripes' rows are replaced by one.
  await db
    .deleteFrom('ticket_counts')
    .where('organization_id', '=', org.id)
    .where('status', '=', 'OPEN')
    .where('priority', '=', 'LOW')
    .execute();
  await db
    .insertInto('ticket_counts')
    .values({ organization_id: org.id, status: 'OPEN', priority: 'LOW', count: n })
    .execute();
  return customerId;
}

describeEachDialect(
  'tickets: capped totals',
  (ctx) => {
    let org: TestOrg;
    let tag: { id: string };
    let customerId: string;
    const newest = TOTAL_CAP + EXTRA;

    const list = async (query: string) => {
      const res = await org.api.get(`/api/v1/tickets${query}`);
      expect(res.status, query).toBe(200);
      return res.body;
    };

    beforeAll(async () => {
      org = await ctx.createOrg('cap org');
      tag = await seedTag(ctx, org.id, 'bulk');
      await seedUser(ctx, org.id, { id: 'agent-cap' });
      customerId = await seedMany(ctx, org, tag.id, 'agent-cap');
    }, 120_000);

    it('caps counted totals at TOTAL_CAP and says so; bucket totals stay exact', async () => {
      const capped = { page: 1, limit: 20, total: TOTAL_CAP, total_pages: TOTAL_CAP / 20, total_capped: true };
      for (const query of [
        '?search=widget',
        `?tag_id=${tag.id}`,
        '?assignee_id=agent-cap',
        `?customer_id=${customerId}`,
      ]) {
        const body = await list(query);
        expect(body.meta.pagination, query).toEqual(capped);
        // Newest first: the cap keeps the newest matches.
        expect(
          body.data.map((x: any) => Number(x.ticket_number)),
          query,
        ).toEqual(Array.from({ length: 20 }, (_, i) => newest - i));
      }
      expect((await list('')).meta.pagination).toEqual({
        page: 1,
        limit: 20,
        total: newest,
        total_pages: Math.ceil(newest / 20),
      });
    });

    it('serves pages up to the cap; pages past it are empty with the same meta', async () => {
      const last = await list(`?tag_id=${tag.id}&limit=100&page=${TOTAL_CAP / 100}`);
      expect(last.data).toHaveLength(100);
      expect(Number(last.data[99].ticket_number)).toBe(newest - TOTAL_CAP + 1);
      for (const page of [TOTAL_CAP / 100 + 1, TOTAL_CAP]) {
        const past = await list(`?tag_id=${tag.id}&limit=100&page=${page}`);
        expect(past).toEqual({
          data: [],
          meta: { pagination: { page, limit: 100, total: TOTAL_CAP, total_pages: 100, total_capped: true } },
        });
      }
      // A page straddling the cap stops at it.
      const straddle = await list(`?search=widget&limit=30&page=${Math.ceil(TOTAL_CAP / 30)}`);
      expect(straddle.data).toHaveLength(TOTAL_CAP % 30 || 30);
    });

    it('a 1-2 character term searches the newest SHORT_TERM_WINDOW tickets of the list, and says the total is capped', async () => {
      const body = await list('?search=et&limit=5');
      expect(body.meta.pagination).toEqual({
        page: 1,
        limit: 5,
        total: SHORT_TERM_WINDOW,
        total_pages: SHORT_TERM_WINDOW / 5,
        total_capped: true,
      });
      expect(Number(body.data[0].ticket_number)).toBe(newest);
      // A ticket number is still found wherever it is.
      expect((await list('?search=%237')).data.map((x: any) => x.ticket_number)).toEqual(['7']);
    });

    it('below the cap totals count tickets exactly, also when the term is in more messages than the cap', async () => {
      const body = await list('?search=gizmo&limit=3');
      expect(body.meta.pagination).toEqual({ page: 1, limit: 3, total: GIZMO, total_pages: Math.ceil(GIZMO / 3) });
      expect(body.data.map((x: any) => Number(x.ticket_number))).toEqual([GIZMO, GIZMO - 1, GIZMO - 2]);
      const last = await list(`?search=GIZMO%20PART&limit=100&page=${Math.ceil(GIZMO / 100)}`);
      const rest = GIZMO - (Math.ceil(GIZMO / 100) - 1) * 100;
      expect(last.data.map((x: any) => Number(x.ticket_number))).toEqual(
        Array.from({ length: rest }, (_, i) => rest - i),
      );
    });

    it('below the cap totals are exact and unflagged (narrowed filters)', async () => {
      const body = await list(`?tag_id=${tag.id}&search=widget%201000`);
      // "widget 1000", "widget 10000"…"widget 10009": 11 tickets.
      expect(body.meta.pagination).toEqual({ page: 1, limit: 20, total: 11, total_pages: 1 });
      expect((await list(`?tag_id=${tag.id}&status=PENDING`)).meta.pagination).toEqual({
        page: 1,
        limit: 20,
        total: 0,
        total_pages: 0,
      });
    });

    it('reads the same rows through the reader thread as inline (inside a transaction)', async () => {
      const t = ctx.database.forOrganization(org.id);
      const filters: TicketFilter[] = [
        { includeClosed: false, search: parseSearch('widget 99') },
        { includeClosed: false, search: parseSearch('bulk@example') },
        { includeClosed: true, search: parseSearch('9') },
        { includeClosed: false, tagId: tag.id, search: parseSearch('WIDGET 42') },
        { includeClosed: false, assigneeId: 'agent-cap' },
      ];
      for (const f of filters) {
        for (const page of [
          { limit: 20, offset: 0 },
          { limit: 7, offset: 35 },
        ]) {
          const offLoop = await listTicketsCapped(t, f, page);
          const inline = await t.transaction((tx) => listTicketsCapped(tx, f, page));
          expect(offLoop, JSON.stringify(f)).toEqual(inline);
          expect(offLoop.rows.length).toBeGreaterThan(0);
        }
      }
    });

    it('a search hinted as capped (PostgreSQL: its walk starts beside the count) answers exactly as without the hint', async () => {
      const t = ctx.database.forOrganization(org.id);
      const noted: [string, boolean][] = [];
      const alwaysCapped: CappedTermHints = {
        wasCapped: () => true,
        note: (key, capped) => void noted.push([key, capped]),
      };
      const cases: [TicketFilter, { limit: number; offset: number }, boolean][] = [
        [{ includeClosed: false, search: parseSearch('widget') }, { limit: 20, offset: 0 }, true],
        [{ includeClosed: false, search: parseSearch('widget') }, { limit: 7, offset: 9_990 }, true],
        [{ includeClosed: false, search: parseSearch('widget') }, { limit: 0, offset: 0 }, true],
        [{ includeClosed: true, tagId: tag.id, search: parseSearch('widget') }, { limit: 5, offset: 40 }, true],
        // Stale hints: these terms are not capped, so the walk started for them is not used.
        [{ includeClosed: false, search: parseSearch('gizmo') }, { limit: 20, offset: 0 }, false],
        [{ includeClosed: false, search: parseSearch('widget 99') }, { limit: 20, offset: 0 }, false],
      ];
      for (const [f, page, capped] of cases) {
        const hinted = await listTicketsCapped(t, f, page, alwaysCapped);
        expect(hinted, JSON.stringify([f, page])).toEqual(await listTicketsCapped(t, f, page));
        expect(hinted.capped).toBe(capped);
        expect(hinted.rows).toHaveLength(page.limit === 0 ? 0 : Math.min(page.limit, hinted.total - page.offset));
      }
      // The hint is what starts the walk: on PostgreSQL in a transaction of its own, beside the count's.
      const transactions = async (hints?: CappedTermHints) => {
        let n = 0;
        await withTransactionObserver({ beforeCommit: async () => void n++ }, () =>
          listTicketsCapped(t, cases[0][0], cases[0][1], hints),
        );
        return n;
      };
      expect([await transactions(alwaysCapped), await transactions()]).toEqual(
        ctx.dialect === 'postgres' ? [2, 1] : [0, 0],
      );
      // PostgreSQL notes what each indexed search found, per organization and filter; SQLite needs no hints.
      const expected = [...cases, cases[0]].map(([f, , capped]) => [`${org.id} ${JSON.stringify(f)}`, capped]);
      expect(noted).toEqual(ctx.dialect === 'postgres' ? expected : []);
    });

    it('a repeated capped search through the API answers the same page and total', async () => {
      const first = await list('?search=widget&limit=4&page=3');
      expect(first.meta.pagination.total_capped).toBe(true);
      expect(await list('?search=widget&limit=4&page=3')).toEqual(first);
    });

    // Last in this suite: it adds the organization's newest ticket.
    it('pages a search capped by its subject matches: SQLite those matches, PostgreSQL the newest tickets whatever matched', async () => {
      await createTicket(org.api, {
        subject: 'Unrelated',
        message: 'My WIDGET broke',
        customer: { email: 'late@example.com' },
      });
      const body = await list('?search=widget&limit=3');
      expect(body.meta.pagination).toEqual({
        page: 1,
        limit: 3,
        total: TOTAL_CAP,
        total_pages: Math.ceil(TOTAL_CAP / 3),
        total_capped: true,
      });
      const numbers = body.data.map((x: any) => Number(x.ticket_number));
      // SQLite reads no other stream once the subject matches alone pass the cap (docs/api.md, Tickets › Search).
      expect(numbers).toEqual(
        ctx.dialect === 'sqlite' ? [newest, newest - 1, newest - 2] : [newest + 1, newest, newest - 1],
      );
    });

    // After the one above: it adds the organization's two newest tickets.
    it('the PostgreSQL walk finds a ticket by its customer, whether few customers match the term (one set) or many (a probe each)', async () => {
      const byCustomer = async (name: string) =>
        Number(
          (
            await createTicket(org.api, {
              subject: 'Unrelated',
              message: 'Nothing here',
              customer: { email: `${newId()}@example.org`, name },
            })
          ).ticket_number,
        );
      const firstNumbers = async () =>
        (await list('?search=widget&limit=3')).data.map((x: any) => Number(x.ticket_number));
      const few = await byCustomer('Widget Fan');
      expect(await firstNumbers()).toEqual(
        ctx.dialect === 'sqlite' ? [newest, newest - 1, newest - 2] : [few, few - 1, few - 2],
      );
      if (ctx.dialect === 'sqlite') return;
      // More customers match than the walk looks up as a set (inserted directly, without tickets).
      const many = Array.from({ length: WALK_CUSTOMER_SET + 1 }, (_, i) => ({
        id: newId(),
        organization_id: org.id,
        email: `fan${i}@example.net`,
        email_key: `fan${i}@example.net`,
        name: `Widget Fan ${i}`,
        metadata: '{}',
        created_at: 0,
        updated_at: 0,
      }));
      await ctx.database.db.insertInto('customers').values(many).execute();
      const probed = await byCustomer('Late Widget Fan');
      expect(await firstNumbers()).toEqual([probed, few, few - 1]);
    });
  },
  { partitioned: true },
);

describeEachDialect(
  'tickets: tag links follow their ticket',
  (ctx) => {
    let org: TestOrg;

    it('copies status and number to the links on create, status change and tag add', async () => {
      org = await ctx.createOrg('links');
      const [a, b] = [await seedTag(ctx, org.id, 'a'), await seedTag(ctx, org.id, 'b')];
      const ticket = await createTicket(org.api, { tag_ids: [a.id] });
      const links = async () =>
        (
          await ctx.database.db
            .selectFrom('ticket_tags')
            .select(['tag_id', 'status', 'number'])
            .where('ticket_id', '=', ticket.id)
            .orderBy('tag_id')
            .execute()
        ).map((l) => ({ ...l, number: Number(l.number) }));
      const number = Number(ticket.ticket_number);
      expect(await links()).toEqual([{ tag_id: a.id, status: 'OPEN', number }]);

      await org.api.patch(`/api/v1/tickets/${ticket.id}`, { status: 'PENDING' });
      expect(await links()).toEqual([{ tag_id: a.id, status: 'PENDING', number }]);
      await org.api.patch(`/api/v1/tickets/${ticket.id}`, { status: 'CLOSED', add_tag_ids: [b.id] });
      const closed = [
        { tag_id: a.id, status: 'CLOSED', number },
        { tag_id: b.id, status: 'CLOSED', number },
      ].sort((x, y) => (x.tag_id < y.tag_id ? -1 : 1));
      expect(await links()).toEqual(closed);

      const ids = async (query: string) =>
        (await org.api.get(`/api/v1/tickets${query}`)).body.data.map((x: any) => x.id);
      expect(await ids(`?tag_id=${a.id}`)).toEqual([]);
      expect(await ids(`?tag_id=${a.id}&include_closed=true`)).toEqual([ticket.id]);
      expect(await ids(`?tag_id=${b.id}&status=CLOSED`)).toEqual([ticket.id]);
      await org.api.patch(`/api/v1/tickets/${ticket.id}`, { status: 'OPEN', remove_tag_ids: [a.id] });
      expect(await links()).toEqual([{ tag_id: b.id, status: 'OPEN', number }]);
      expect(await ids(`?tag_id=${b.id}`)).toEqual([ticket.id]);
    });
  },
  { partitioned: true },
);

describeEachDialect('tickets: bounded reads', (ctx) => {
  // A statement that takes seconds on either engine, without touching any table.
  const slowStatement = () =>
    ctx.dialect === 'sqlite'
      ? sql<{
          n: number;
        }>`WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 10000000) SELECT count(*) AS n FROM c`
      : sql<{ n: number }>`SELECT 1 AS n FROM pg_sleep(3)`;

  it('cancels a read past its time bound; the next read still works', async () => {
    const t = ctx.database.forOrganization(newId());
    await expect(t.boundedRead({ compile: () => slowStatement().compile(t.db) }, 50)).rejects.toBeInstanceOf(
      StatementTimeoutError,
    );
    const [row] = await t.boundedRead({ compile: () => sql<{ one: number }>`SELECT 1 AS one`.compile(t.db) }, 5_000);
    expect(Number(row.one)).toBe(1);
  });

  it('a slow read does not hold up other requests (SQLite: it runs in a reader thread)', async () => {
    const org = await ctx.createOrg('busy');
    const ticket = await createTicket(org.api);
    const t = ctx.database.forOrganization(org.id);
    let slowDone = false;
    const slowRead = t.boundedRead({ compile: () => slowStatement().compile(t.db) }, 60_000).finally(() => {
      slowDone = true;
    });
    // The event loop turns, an API read and a search are answered, all while the slow read is still running.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(slowDone).toBe(false);
    const res = await org.api.get(`/api/v1/tickets/${ticket.id}`);
    expect(res.status).toBe(200);
    const search = await org.api.get('/api/v1/tickets?search=printer');
    expect(search.body.data.map((x: any) => x.id)).toEqual([ticket.id]);
    expect(slowDone).toBe(false);
    expect((await slowRead).length).toBe(1);
  }, 60_000);
});
