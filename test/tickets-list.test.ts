import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect, type TestOrg } from './support/harness.js';
import { createTicket, seedTag, seedUser } from './support/ticket-fixtures.js';

describeEachDialect(
  'tickets: list',
  (ctx) => {
    let org: TestOrg;
    let other: TestOrg;
    // Tickets 1..7 of `org`, with statuses/priorities/customers/assignees/tags chosen per test below.
    const t: Record<number, any> = {};
    let tagX: { id: string; name: string; color: string };
    let agent: { id: string; name: string; email: string };

    const list = async (query = '', viewer: TestOrg = org) => viewer.api.get(`/api/v1/tickets${query}`);
    const numbers = (res: { body: any }) => res.body.data.map((x: any) => x.ticket_number);

    beforeAll(async () => {
      org = await ctx.createOrg('list org');
      other = await ctx.createOrg('other org');
      tagX = await seedTag(ctx, org.id, 'x-tag', '#010203');
      agent = await seedUser(ctx, org.id, { id: 'agent-1', name: 'Agent One', email: 'one@staff.example' });
      ctx.clock.set('2026-01-01T00:00:00.000Z');
      for (let n = 1; n <= 7; n++) {
        ctx.clock.advance(1000);
        t[n] = await createTicket(org.api, {
          subject: `Ticket ${n}`,
          priority: n % 2 === 0 ? 'HIGH' : 'LOW',
          customer: { email: n <= 3 ? 'first@example.com' : 'second@example.com' },
          tag_ids: n === 2 || n === 5 ? [tagX.id] : [],
        });
      }
      const patch = (n: number, body: object) => org.api.patch(`/api/v1/tickets/${t[n].id}`, body);
      await patch(1, { status: 'CLOSED' });
      await patch(4, { status: 'CLOSED', assignee_id: agent.id });
      await patch(6, { status: 'PENDING', assignee_id: agent.id });
      await org.api.post(`/api/v1/tickets/${t[3].id}/messages`, { content: 'more' });
      await createTicket(other.api, { subject: 'Other org ticket' });
      ctx.clock.set(null);
    });

    it('lists newest first, closed excluded, with list-item fields only', async () => {
      const res = await list();
      expect(res.status).toBe(200);
      expect(numbers(res)).toEqual(['7', '6', '5', '3', '2']);
      expect(res.body.meta).toEqual({ pagination: { page: 1, limit: 20, total: 5, total_pages: 1 } });
      const item = res.body.data.find((x: any) => x.ticket_number === '3');
      const { messages: _m, closed_at: _c, ...rest } = t[3];
      expect(item).toEqual({ ...rest, message_count: 2, updated_at: expect.any(String) });
      expect(Object.keys(item)).not.toContain('messages');
      expect(Object.keys(item)).not.toContain('closed_at');
      const five = res.body.data.find((x: any) => x.ticket_number === '5');
      expect(five.tags).toEqual([tagX]);
      const six = res.body.data.find((x: any) => x.ticket_number === '6');
      expect(six.assignee).toEqual(agent);
    });

    it('include_closed=true includes closed tickets; include_closed=false is the default', async () => {
      expect(numbers(await list('?include_closed=true'))).toEqual(['7', '6', '5', '4', '3', '2', '1']);
      expect((await list('?include_closed=true')).body.meta.pagination.total).toBe(7);
      expect(numbers(await list('?include_closed=false'))).toEqual(['7', '6', '5', '3', '2']);
    });

    it('status takes precedence over include_closed', async () => {
      expect(numbers(await list('?status=CLOSED'))).toEqual(['4', '1']);
      expect(numbers(await list('?status=CLOSED&include_closed=false'))).toEqual(['4', '1']);
      expect(numbers(await list('?status=OPEN&include_closed=true'))).toEqual(['7', '5', '3', '2']);
      expect((await list('?status=OPEN&include_closed=true')).body.meta.pagination.total).toBe(4);
    });

    it('filters by priority, customer, assignee and tag, alone and combined, with exact totals', async () => {
      const cases: [string, string[]][] = [
        ['?priority=HIGH', ['6', '2']],
        ['?priority=HIGH&include_closed=true', ['6', '4', '2']],
        ['?priority=LOW&status=CLOSED', ['1']],
        [`?customer_id=${t[1].customer.id}`, ['3', '2']],
        [`?customer_id=${t[1].customer.id.toUpperCase()}&include_closed=true`, ['3', '2', '1']],
        [`?assignee_id=${agent.id}`, ['6']],
        [`?assignee_id=${agent.id}&include_closed=true`, ['6', '4']],
        [`?tag_id=${tagX.id}`, ['5', '2']],
        [`?tag_id=${tagX.id}&priority=LOW`, ['5']],
        ['?assignee_id=nobody', []],
        ['?customer_id=00000000-0000-4000-8000-000000000000', []],
        [`?customer_id=${t[4].customer.id}&status=PENDING`, ['6']],
      ];
      for (const [query, expected] of cases) {
        const res = await list(query);
        expect(res.status, query).toBe(200);
        expect(numbers(res), query).toEqual(expected);
        expect(res.body.meta.pagination.total, query).toBe(expected.length);
      }
    });

    it('paginates with correct meta, and a page past the end is empty with correct meta', async () => {
      const p1 = await list('?include_closed=true&limit=3');
      expect(numbers(p1)).toEqual(['7', '6', '5']);
      expect(p1.body.meta).toEqual({ pagination: { page: 1, limit: 3, total: 7, total_pages: 3 } });
      expect(numbers(await list('?include_closed=true&limit=3&page=2'))).toEqual(['4', '3', '2']);
      expect(numbers(await list('?include_closed=true&limit=3&page=3'))).toEqual(['1']);
      const past = await list('?include_closed=true&limit=3&page=9');
      expect(past.body).toEqual({ data: [], meta: { pagination: { page: 9, limit: 3, total: 7, total_pages: 3 } } });
      for (const query of ['?page=99999999', '?page=99999999&search=Ticket&limit=100']) {
        const huge = await list(query);
        expect(huge.status, query).toBe(200);
        expect(huge.body.data).toEqual([]);
        expect(huge.body.meta.pagination.total).toBe(5);
      }
      // Absurd pages are either refused (400) or empty, never an engine error.
      for (const query of ['?page=100000000000000000000', '?page=100000000000000000000&search=Ticket']) {
        const huge = await list(query);
        expect([200, 400], query).toContain(huge.status);
        if (huge.status === 200) expect(huge.body.data).toEqual([]);
      }
      const searchPast = await list('?search=Ticket&limit=5&page=3');
      expect(searchPast.body).toEqual({
        data: [],
        meta: { pagination: { page: 3, limit: 5, total: 5, total_pages: 1 } },
      });
      const none = await list('?status=ON_HOLD');
      expect(none.body).toEqual({ data: [], meta: { pagination: { page: 1, limit: 20, total: 0, total_pages: 0 } } });
    });

    const badQueries: [string, string][] = [
      ['?limit=101', 'limit'],
      ['?limit=0', 'limit'],
      ['?page=0', 'page'],
      ['?page=-1', 'page'],
      ['?page=abc', 'page'],
      ['?limit=2.5', 'limit'],
      ['?status=DONE', 'status'],
      ['?status=open', 'status'],
      ['?priority=NORMAL', 'priority'],
      ['?include_closed=maybe', 'include_closed'],
      ['?customer_id=not-a-uuid', 'customer_id'],
      ['?tag_id=123', 'tag_id'],
      [`?search=${'a'.repeat(201)}`, 'search'],
    ];
    // Titles show the first 40 characters of the query.
    it.each(badQueries.map(([query, field]): [string, string, string] => [query.slice(0, 40), field, query]))(
      'rejects %s with 400 naming %s',
      async (_shown, field, query) => {
        const res = await list(query);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          error: {
            code: 'validation_error',
            message: expect.any(String),
            details: [{ field, issue: expect.any(String) }],
            request_id: expect.any(String),
          },
        });
      },
    );

    it("never shows another organization's tickets, whatever the filter", async () => {
      const res = await list('?include_closed=true', other);
      expect(res.body.data.map((x: any) => x.subject)).toEqual(['Other org ticket']);
      expect(res.body.meta.pagination.total).toBe(1);
      expect((await list(`?customer_id=${t[1].customer.id}`, other)).body.data).toEqual([]);
      expect((await list(`?tag_id=${tagX.id}`, other)).body.data).toEqual([]);
      expect((await list(`?assignee_id=${agent.id}&include_closed=true`, other)).body.data).toEqual([]);
      expect((await list('?search=Ticket%202', other)).body.data).toEqual([]);
      expect((await list('?search=1', other)).body.data.map((x: any) => x.subject)).toEqual(['Other org ticket']);
    });
  },
  { partitioned: true },
);
