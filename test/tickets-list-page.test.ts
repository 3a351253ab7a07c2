import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { describeEachDialect, type TestOrg } from './support/harness.js';
import { createTicket, seedTag, seedTeam, seedUser } from './support/ticket-fixtures.js';

// The counted lists (src/tickets/ticket-list-store.ts) read a page, each ticket's relations and the
// exact total in one statement returning one JSON array; these check that every field of every list
// item is what the ticket's own representation says, and the totals of empty and deep pages. The list
// answers are also kept by the representation cache on SQLite (never on PostgreSQL).

describeEachDialect('tickets: the counted list page', (ctx) => {
  let org: TestOrg;
  let other: TestOrg;
  const ids: string[] = [];

  beforeAll(async () => {
    org = await ctx.createOrg('page org');
    other = await ctx.createOrg('page other');
    const zeta = await seedTag(ctx, org.id, 'Zeta', '#000001');
    const alpha = await seedTag(ctx, org.id, 'alpha', '#000002');
    const mid = await seedTag(ctx, org.id, 'Mid', '#000003');
    const agent = await seedUser(ctx, org.id, { id: 'agent-page', name: 'Agent Page', email: 'page@staff.example' });
    const team = await seedTeam(ctx, org.id, 'Page team');
    for (let n = 0; n < 6; n++) {
      const ticket = await createTicket(org.api, {
        subject: `Page ticket ${n} "quoted" \\ ünïcode`,
        priority: ['LOW', 'MEDIUM', 'HIGH'][n % 3],
        customer: {
          email: `c${n % 2}@example.com`,
          name: n === 0 ? undefined : `Customer ${n}`,
          external_user_id: n === 3 ? 'ext-3' : undefined,
        },
        tag_ids: n === 1 ? [zeta.id, alpha.id, mid.id] : n === 4 ? [mid.id] : [],
      });
      ids.push(ticket.id);
    }
    await org.api.patch(`/api/v1/tickets/${ids[2]}`, { assignee_id: agent.id, team_id: team.id });
    await org.api.patch(`/api/v1/tickets/${ids[3]}`, { status: 'PENDING', team_id: team.id });
    await org.api.patch(`/api/v1/tickets/${ids[5]}`, { status: 'CLOSED' });
    await org.api.post(`/api/v1/tickets/${ids[4]}/messages`, { content: 'second' });
    await createTicket(other.api, { subject: 'Not in the page org' });
  });

  /** What a list item must be: the ticket's representation without messages and closed_at, with message_count. */
  async function expectedItem(id: string) {
    const { messages, closed_at: _closed, ...rest } = (await org.api.get(`/api/v1/tickets/${id}`)).body.data;
    return { ...rest, message_count: messages.length };
  }

  it('every item equals the ticket representation (customer, assignee, team, tags in name order, counts, dates)', async () => {
    const res = await org.api.get('/api/v1/tickets?include_closed=true');
    expect(res.status).toBe(200);
    expect(res.body.data.map((x: { id: string }) => x.id)).toEqual([...ids].reverse());
    for (const item of res.body.data) expect(item).toEqual(await expectedItem(item.id));
    expect(
      res.body.data.find((x: { id: string }) => x.id === ids[1]).tags.map((t: { name: string }) => t.name),
    ).toEqual(['alpha', 'Mid', 'Zeta']);
    expect(res.body.data.find((x: { id: string }) => x.id === ids[2]).assignee).toEqual({
      id: 'agent-page',
      name: 'Agent Page',
      email: 'page@staff.example',
    });
    expect(res.body.meta.pagination).toEqual({ page: 1, limit: 20, total: 6, total_pages: 1 });
  });

  it('pages, filters and totals: exact totals, and empty pages past the end (shallow and deep) still carry them', async () => {
    const page2 = await org.api.get('/api/v1/tickets?limit=2&page=2');
    expect(page2.body.data.map((x: { id: string }) => x.id)).toEqual([ids[2], ids[1]]);
    expect(page2.body.meta.pagination).toEqual({ page: 2, limit: 2, total: 5, total_pages: 3 });
    const high = await org.api.get('/api/v1/tickets?priority=HIGH&include_closed=true');
    expect(high.body.data.map((x: { id: string }) => x.id)).toEqual([ids[5], ids[2]]);
    expect(high.body.meta.pagination.total).toBe(2);
    const pending = await org.api.get('/api/v1/tickets?status=PENDING');
    expect(pending.body.data.map((x: { id: string }) => x.id)).toEqual([ids[3]]);
    expect(pending.body.meta.pagination.total).toBe(1);
    const past = await org.api.get('/api/v1/tickets?limit=2&page=4');
    expect(past.status).toBe(200);
    expect(past.body).toEqual({ data: [], meta: { pagination: { page: 4, limit: 2, total: 5, total_pages: 3 } } });
    // Offset 10,000 and beyond: the deep-page path (total first, nothing read past the end).
    const deep = await org.api.get('/api/v1/tickets?limit=100&page=101');
    expect(deep.status).toBe(200);
    expect(deep.body).toEqual({ data: [], meta: { pagination: { page: 101, limit: 100, total: 5, total_pages: 1 } } });
    const none = await other.api.get('/api/v1/tickets?status=RESOLVED');
    expect(none.body).toEqual({ data: [], meta: { pagination: { page: 1, limit: 20, total: 0, total_pages: 0 } } });
  });

  describe_cache();

  function describe_cache() {
    afterEach(() => vi.restoreAllMocks());

    it('list answers are kept on SQLite until anything is written (read once), never on PostgreSQL', async () => {
      const spy = vi.spyOn(ctx.container.tickets, 'list');
      const first = await org.api.get('/api/v1/tickets?limit=3');
      const second = await org.api.get('/api/v1/tickets?limit=3');
      expect(second.status).toBe(200);
      expect(second.body).toEqual(first.body);
      expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(second.headers.etag).toBeUndefined();
      expect(spy).toHaveBeenCalledTimes(ctx.dialect === 'sqlite' ? 1 : 2);
      // Another query string is another answer.
      const other4 = await org.api.get('/api/v1/tickets?limit=4');
      expect(other4.body.data).toHaveLength(4);
      // A write (here: a message, which changes message_count) is seen at once.
      await org.api.post(`/api/v1/tickets/${ids[4]}/messages`, { content: 'third' });
      const after = await org.api.get('/api/v1/tickets?limit=3');
      expect(after.body.data.find((x: { id: string }) => x.id === ids[4]).message_count).toBe(3);
      expect(after.body).not.toEqual(first.body);
      // Never one organization's list for another.
      const theirs = await other.api.get('/api/v1/tickets?limit=3');
      expect(theirs.body.data.map((x: { subject: string }) => x.subject)).toEqual(['Not in the page org']);
    });
  }
});
