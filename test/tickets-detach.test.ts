import { expect, it } from 'vitest';
import { ISO_MS, call, describeEachDialect } from './support/harness.js';

// Deleting a staff user or a tag changes the tickets that refer to it: each gets updated_at and one
// ticket.updated event with the change, in the same transaction as the delete.
describeEachDialect('deleting what tickets refer to', (ctx) => {
  async function setup() {
    const org = await ctx.createOrg();
    const token = org.token;
    const hook = await call(ctx.app, 'POST', '/api/v1/webhooks', {
      token,
      body: { name: 'sink', url: 'http://127.0.0.1:9/hook', events: ['ticket.updated'] },
    });
    expect(hook.status).toBe(201);
    const user = (await call(ctx.app, 'POST', '/api/v1/users', { token, body: { id: 'agent-7', name: 'Agent Seven', email: 'seven@staff.example' } })).body.data;
    const vip = (await call(ctx.app, 'POST', '/api/v1/tags', { token, body: { name: 'vip', color: '#112233' } })).body.data;
    const bug = (await call(ctx.app, 'POST', '/api/v1/tags', { token, body: { name: 'bug', color: '#445566' } })).body.data;
    const ticket = (
      await call(ctx.app, 'POST', '/api/v1/tickets', {
        token,
        body: { subject: 'Help', message: 'm', customer: { email: 'c@example.com' }, tag_ids: [vip.id, bug.id] },
      })
    ).body.data;
    const other = (await call(ctx.app, 'POST', '/api/v1/tickets', { token, body: { subject: 'Other', message: 'm', customer: { email: 'c@example.com' } } })).body.data;
    const patched = await call(ctx.app, 'PATCH', `/api/v1/tickets/${ticket.id}`, { token, body: { assignee_id: user.id } });
    expect(patched.status).toBe(200);
    return { org, token, hookId: hook.body.data.id, user, vip, bug, ticket: patched.body.data, other };
  }

  const updatedEvents = async (webhookId: string) =>
    (
      await ctx.database.db
        .selectFrom('webhook_deliveries')
        .select(['event', 'body'])
        .where('webhook_id', '=', webhookId)
        .where('event', '=', 'ticket.updated')
        .orderBy('created_at')
        .execute()
    ).map((r) => JSON.parse(r.body));

  it('deleting an assigned staff user unassigns the ticket with one ticket.updated event', async () => {
    const s = await setup();
    const before = (await updatedEvents(s.hookId)).length;
    ctx.clock.set(Date.parse(s.ticket.updated_at) + 60_000);
    const del = await call(ctx.app, 'DELETE', `/api/v1/users/${s.user.id}`, { token: s.token });
    ctx.clock.set(null);
    expect(del.status).toBe(200);
    const ticket = (await call(ctx.app, 'GET', `/api/v1/tickets/${s.ticket.id}`, { token: s.token })).body.data;
    expect(ticket.assignee).toBeNull();
    expect(Date.parse(ticket.updated_at) - Date.parse(s.ticket.updated_at)).toBe(60_000);
    const events = (await updatedEvents(s.hookId)).slice(before);
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({
      id: s.ticket.id,
      assignee: null,
      updated_at: ticket.updated_at,
      changes: { assignee: { from: { id: 'agent-7', name: 'Agent Seven', email: 'seven@staff.example' }, to: null } },
    });
    expect(Object.keys(events[0].data.changes)).toEqual(['assignee']);
    const untouched = (await call(ctx.app, 'GET', `/api/v1/tickets/${s.other.id}`, { token: s.token })).body.data;
    expect(untouched.updated_at).toBe(s.other.updated_at);
  });

  it('deleting a tag removes it from its tickets with one ticket.updated event each', async () => {
    const s = await setup();
    const before = (await updatedEvents(s.hookId)).length;
    const del = await call(ctx.app, 'DELETE', `/api/v1/tags/${s.vip.id}`, { token: s.token });
    expect(del.status).toBe(200);
    const ticket = (await call(ctx.app, 'GET', `/api/v1/tickets/${s.ticket.id}`, { token: s.token })).body.data;
    expect(ticket.tags).toEqual([{ id: s.bug.id, name: 'bug', color: '#445566' }]);
    expect(ticket.updated_at).toMatch(ISO_MS);
    const events = (await updatedEvents(s.hookId)).slice(before);
    expect(events).toHaveLength(1);
    expect(events[0].data.id).toBe(s.ticket.id);
    expect(events[0].data.changes).toEqual({
      tags: {
        from: expect.arrayContaining([
          { id: s.vip.id, name: 'vip', color: '#112233' },
          { id: s.bug.id, name: 'bug', color: '#445566' },
        ]),
        to: [{ id: s.bug.id, name: 'bug', color: '#445566' }],
      },
    });
    expect(events[0].data.tags).toEqual([{ id: s.bug.id, name: 'bug', color: '#445566' }]);
  });

  it('deleting a user or tag nobody refers to emits nothing', async () => {
    const s = await setup();
    const before = (await updatedEvents(s.hookId)).length;
    const lonelyTag = (await call(ctx.app, 'POST', '/api/v1/tags', { token: s.token, body: { name: 'lonely' } })).body.data;
    const lonelyUser = (await call(ctx.app, 'POST', '/api/v1/users', { token: s.token, body: { name: 'Nobody', email: 'nobody@staff.example' } })).body.data;
    expect((await call(ctx.app, 'DELETE', `/api/v1/tags/${lonelyTag.id}`, { token: s.token })).status).toBe(200);
    expect((await call(ctx.app, 'DELETE', `/api/v1/users/${lonelyUser.id}`, { token: s.token })).status).toBe(200);
    expect(await updatedEvents(s.hookId)).toHaveLength(before);
  });
});
