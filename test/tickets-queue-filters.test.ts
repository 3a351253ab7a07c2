import { beforeAll, expect, it } from 'vitest';
import { countRows } from './support/fixtures.js';
import { describeEachDialect, type TestOrg } from './support/harness.js';
import { signIn, type StaffSession } from './support/staff.js';
import { createTicket } from './support/ticket-fixtures.js';

// The queue filters of the ticket list: unassigned (assignee_id=none), a team or several (team_id), and
// the signed-in user's teams (team_id=mine); and what an agent may read of the directory (users and
// teams) to assign tickets, never another organization's.

describeEachDialect('tickets: queue filters and the agent directory', (ctx) => {
  let org: TestOrg;
  let other: TestOrg;
  let agent: StaffSession;
  let colleague: StaffSession;
  const t: Record<number, any> = {};
  const teams: Record<string, string> = {};
  let otherTeam: string;

  const numbers = (res: { body: any }) => res.body.data.map((x: any) => x.ticket_number);
  const asAgent = (url: string) => agent.request('GET', url);

  beforeAll(async () => {
    org = await ctx.createOrg('queues');
    other = await ctx.createOrg('other queues');
    agent = await signIn(ctx, org, { role: 'agent' });
    colleague = await signIn(ctx, org, { role: 'agent' });
    for (const [name, members] of [
      ['billing', [agent.userId]],
      ['shipping', [agent.userId, colleague.userId]],
      ['returns', [colleague.userId]],
    ] as const) {
      teams[name] = (await org.api.post('/api/v1/teams', { name, member_ids: members })).body.data.id;
    }
    otherTeam = (await other.api.post('/api/v1/teams', { name: 'elsewhere' })).body.data.id;
    for (let n = 1; n <= 8; n++) t[n] = await createTicket(org.api, { subject: `Queue ${n}` });
    const patch = async (n: number, body: object) => {
      const res = await org.api.patch(`/api/v1/tickets/${t[n].id}`, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await patch(1, { team_id: teams.billing });
    await patch(2, { team_id: teams.billing, assignee_id: agent.userId });
    await patch(3, { team_id: teams.shipping, status: 'PENDING' });
    await patch(4, { team_id: teams.returns });
    await patch(5, { assignee_id: colleague.userId });
    await patch(6, { team_id: teams.shipping, status: 'CLOSED' });
    await patch(7, { status: 'CLOSED' });
    await createTicket(other.api, { subject: 'Other org, unassigned' });
  });

  it('assignee_id=none lists the unassigned tickets, by status and with closed ones on request', async () => {
    const open = await org.api.get('/api/v1/tickets?assignee_id=none');
    expect(open.status).toBe(200);
    expect(numbers(open)).toEqual(['8', '4', '3', '1']);
    expect(open.body.meta.pagination.total).toBe(4);
    expect(open.body.data.every((x: any) => x.assignee === null)).toBe(true);
    expect(numbers(await org.api.get('/api/v1/tickets?assignee_id=none&status=PENDING'))).toEqual(['3']);
    expect(numbers(await org.api.get('/api/v1/tickets?assignee_id=none&include_closed=true'))).toEqual([
      '8',
      '7',
      '6',
      '4',
      '3',
      '1',
    ]);
    const paged = await org.api.get('/api/v1/tickets?assignee_id=none&limit=2&page=2');
    expect(numbers(paged)).toEqual(['3', '1']);
    expect(paged.body.meta.pagination).toMatchObject({ total: 4, total_pages: 2 });
  });

  it('team_id lists one team or several, newest first across them', async () => {
    expect(numbers(await org.api.get(`/api/v1/tickets?team_id=${teams.billing}`))).toEqual(['2', '1']);
    const both = await org.api.get(`/api/v1/tickets?team_id=${teams.billing},${teams.shipping.toUpperCase()}`);
    expect(numbers(both)).toEqual(['3', '2', '1']);
    expect(both.body.meta.pagination.total).toBe(3);
    expect(both.body.data[0].team).toEqual({ id: teams.shipping, name: 'shipping' });
    const page2 = await org.api.get(`/api/v1/tickets?team_id=${teams.billing},${teams.shipping}&limit=1&page=2`);
    expect(numbers(page2)).toEqual(['2']);
    expect(numbers(await org.api.get(`/api/v1/tickets?team_id=${teams.shipping}&include_closed=true`))).toEqual([
      '6',
      '3',
    ]);
    expect(numbers(await org.api.get(`/api/v1/tickets?team_id=${teams.billing}&assignee_id=none`))).toEqual(['1']);
    expect(
      numbers(await org.api.get(`/api/v1/tickets?team_id=${teams.billing},${teams.returns}&search=Queue`)),
    ).toEqual(['4', '2', '1']);
  });

  it("another organization's team matches nothing, and its tickets never show", async () => {
    const res = await org.api.get(`/api/v1/tickets?team_id=${otherTeam}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    expect(numbers(await other.api.get('/api/v1/tickets?assignee_id=none'))).toEqual(['1']);
    // Assigning a ticket to it is refused, and nothing changes.
    const patch = await org.api.patch(`/api/v1/tickets/${t[8].id}`, { team_id: otherTeam });
    expect(patch.status).toBe(400);
    expect((await org.api.get(`/api/v1/tickets/${t[8].id}`)).body.data.team).toBeNull();
  });

  it('team_id=mine lists the signed-in user’s teams; an API key must name them', async () => {
    const mine = await asAgent('/api/v1/tickets?team_id=mine');
    expect(mine.status).toBe(200);
    expect(numbers(mine)).toEqual(['3', '2', '1']);
    expect(numbers(await colleague.request('GET', '/api/v1/tickets?team_id=mine'))).toEqual(['4', '3']);
    expect(numbers(await asAgent('/api/v1/tickets?team_id=mine&assignee_id=none'))).toEqual(['3', '1']);
    const key = await org.api.get('/api/v1/tickets?team_id=mine');
    expect(key.status).toBe(400);
    expect(key.body.error).toMatchObject({ code: 'validation_error', details: [{ field: 'team_id' }] });
  });

  it('a user with no team gets an empty list for mine', async () => {
    const loner = await signIn(ctx, org, { role: 'agent' });
    const res = await loner.request('GET', '/api/v1/tickets?team_id=mine');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ data: [], meta: { pagination: { total: 0 } } });
  });

  it('refuses a malformed team list with a 400, not a 500', async () => {
    for (const bad of ['x', `${teams.billing},`, "' OR 1=1 --", '<script>alert(1)</script>']) {
      const res = await org.api.get(`/api/v1/tickets?team_id=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
    }
    const many = Array.from({ length: 21 }, () => crypto.randomUUID()).join(',');
    expect((await org.api.get(`/api/v1/tickets?team_id=${many}`)).status).toBe(400);
  });

  it('a user id cannot be "none"', async () => {
    const before = await countRows(ctx, 'users', org.id);
    const res = await org.api.post('/api/v1/users', { id: 'none', name: 'None', email: 'none@staff.example' });
    expect(res.status).toBe(400);
    expect(await countRows(ctx, 'users', org.id)).toBe(before);
  });

  it('an agent reads users and teams (no secrets), of its own organization only', async () => {
    const users = await asAgent('/api/v1/users?limit=100');
    expect(users.status).toBe(200);
    const ids = users.body.data.map((u: any) => u.id);
    expect(ids).toEqual(expect.arrayContaining([agent.userId, colleague.userId]));
    for (const u of users.body.data) {
      expect(Object.keys(u).sort()).toEqual(['created_at', 'email', 'id', 'name', 'role', 'updated_at']);
    }
    expect(JSON.stringify(users.body)).not.toMatch(/password|totp|hash|secret/i);
    const teamList = await asAgent('/api/v1/teams');
    expect(teamList.status).toBe(200);
    expect(teamList.body.data.map((x: any) => x.name).sort()).toEqual(['billing', 'returns', 'shipping']);
    expect((await asAgent(`/api/v1/teams/${teams.billing}`)).body.data.members.map((m: any) => m.id)).toEqual([
      agent.userId,
    ]);
    expect((await asAgent(`/api/v1/users/${colleague.userId}`)).status).toBe(200);
    // Another organization's ids are not found.
    expect((await asAgent(`/api/v1/teams/${otherTeam}`)).status).toBe(404);
    const stranger = (await other.api.post('/api/v1/users', { name: 'S', email: 's@other.example' })).body.data;
    expect((await asAgent(`/api/v1/users/${stranger.id}`)).status).toBe(404);
  });

  it('an agent still cannot change users or teams', async () => {
    const teamCount = async () =>
      (await ctx.database.db.selectFrom('teams').select('id').where('organization_id', '=', org.id).execute()).length;
    const before = await teamCount();
    const created = await agent.request('POST', '/api/v1/teams', { name: 'sneaky' });
    expect(created.status).toBe(403);
    expect(created.body.error.code).toBe('insufficient_scope');
    expect(await teamCount()).toBe(before);
    expect((await agent.request('PATCH', `/api/v1/users/${agent.userId}`, { role: 'admin' })).status).toBe(403);
    expect((await agent.request('DELETE', `/api/v1/teams/${teams.billing}`)).status).toBe(403);
  });
});
