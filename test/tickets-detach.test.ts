import { storedPayload } from './support/event-log.js';
import { expect, it } from 'vitest';
import { postWebhook } from './support/fixtures.js';
import { ISO_MS, describeEachDialect } from './support/harness.js';
import { postTicket } from './support/ticket-fixtures.js';

// Deleting a staff user or a tag changes the tickets that refer to it: each gets updated_at and one
// ticket.updated event with the change, in the same transaction as the delete.
describeEachDialect(
  'deleting what tickets refer to',
  (ctx) => {
    async function setup() {
      const org = await ctx.createOrg();
      const hook = await postWebhook(org.api, { name: 'sink', events: ['ticket.updated'] });
      expect(hook.status).toBe(201);
      const user = (
        await org.api.post('/api/v1/users', { id: 'agent-7', name: 'Agent Seven', email: 'seven@staff.example' })
      ).body.data;
      const vip = (await org.api.post('/api/v1/tags', { name: 'vip', color: '#112233' })).body.data;
      const bug = (await org.api.post('/api/v1/tags', { name: 'bug', color: '#445566' })).body.data;
      const ticket = (
        await postTicket(org.api, { subject: 'Help', customer: { email: 'c@example.com' }, tag_ids: [vip.id, bug.id] })
      ).body.data;
      const other = (await postTicket(org.api, { subject: 'Other', customer: { email: 'c@example.com' } })).body.data;
      const patched = await org.api.patch(`/api/v1/tickets/${ticket.id}`, { assignee_id: user.id });
      expect(patched.status).toBe(200);
      return { org, hookId: hook.body.data.id, user, vip, bug, ticket: patched.body.data, other };
    }

    const updatedEvents = async (webhookId: string) => {
      const rows = await ctx.database.db
        .selectFrom('webhook_deliveries')
        .select(['event', 'body', 'event_id', 'created_at', 'organization_id'])
        .where('webhook_id', '=', webhookId)
        .where('event', '=', 'ticket.updated')
        .orderBy('created_at')
        .execute();
      return Promise.all(rows.map((r) => storedPayload(ctx, r)));
    };

    it('deleting an assigned staff user unassigns the ticket with one ticket.updated event', async () => {
      const s = await setup();
      const before = (await updatedEvents(s.hookId)).length;
      ctx.clock.set(Date.parse(s.ticket.updated_at) + 60_000);
      const del = await s.org.api.delete(`/api/v1/users/${s.user.id}`);
      ctx.clock.set(null);
      expect(del.status).toBe(200);
      const ticket = (await s.org.api.get(`/api/v1/tickets/${s.ticket.id}`)).body.data;
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
      const untouched = (await s.org.api.get(`/api/v1/tickets/${s.other.id}`)).body.data;
      expect(untouched.updated_at).toBe(s.other.updated_at);
    });

    it('deleting a tag removes it from its tickets with one ticket.updated event each', async () => {
      const s = await setup();
      const before = (await updatedEvents(s.hookId)).length;
      const del = await s.org.api.delete(`/api/v1/tags/${s.vip.id}`);
      expect(del.status).toBe(200);
      const ticket = (await s.org.api.get(`/api/v1/tickets/${s.ticket.id}`)).body.data;
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
      const lonelyTag = (await s.org.api.post('/api/v1/tags', { name: 'lonely' })).body.data;
      const lonelyUser = (await s.org.api.post('/api/v1/users', { name: 'Nobody', email: 'nobody@staff.example' })).body
        .data;
      expect((await s.org.api.delete(`/api/v1/tags/${lonelyTag.id}`)).status).toBe(200);
      expect((await s.org.api.delete(`/api/v1/users/${lonelyUser.id}`)).status).toBe(200);
      expect(await updatedEvents(s.hookId)).toHaveLength(before);
    });
  },
  { partitioned: true },
);
