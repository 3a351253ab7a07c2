import { beforeEach, expect, it } from 'vitest';
import { api } from './support/api.js';
import { recordedEvents } from './support/fixtures.js';
import { UUID, describeEachDialect } from './support/harness.js';
import {
  assertBucketsExact,
  createTicket,
  seedTag,
  seedTeam,
  seedUser,
  storedState,
} from './support/ticket-fixtures.js';

const T0 = '2026-04-01T08:00:00.000Z';
const T1 = '2026-04-01T09:30:00.123Z';

describeEachDialect(
  'tickets: update and messages',
  (ctx) => {
    const events = recordedEvents(ctx);

    beforeEach(() => {
      ctx.clock.set(T0);
    });

    const fresh = async () => {
      const org = await ctx.createOrg();
      const ticket = await createTicket(org.api);
      events.length = 0;
      ctx.clock.set(T1);
      return { org, ticket };
    };

    it('changes status, priority, subject, assignee, team and tags; bumps updated_at; moves counts', async () => {
      const { org, ticket } = await fresh();
      const user = await seedUser(ctx, org.id, {
        id: 'auth0|agent-1',
        name: 'Alice Agent',
        email: 'alice@staff.example',
      });
      const team = await seedTeam(ctx, org.id, 'Tier 2');
      const tagA = await seedTag(ctx, org.id, 'alpha', '#aa0000');
      const tagB = await seedTag(ctx, org.id, 'beta', '#bb0000');
      const res = await org.api.patch(`/api/v1/tickets/${ticket.id}`, {
        status: 'PENDING',
        priority: 'HIGH',
        subject: 'New subject',
        assignee_id: user.id,
        team_id: team.id,
        add_tag_ids: [tagB.id, tagA.id],
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        id: ticket.id,
        ticket_number: '1',
        subject: 'New subject',
        status: 'PENDING',
        priority: 'HIGH',
        assignee: { id: 'auth0|agent-1', name: 'Alice Agent', email: 'alice@staff.example' },
        team: { id: team.id, name: 'Tier 2' },
        tags: [tagA, tagB],
        created_at: T0,
        updated_at: T1,
        closed_at: null,
      });
      // The update response carries the messages too.
      expect(res.body.data.messages).toHaveLength(1);
      expect(await storedState(ctx, org.id)).toMatchObject({ buckets: ['PENDING/HIGH=1'] });
      const get = await org.api.get(`/api/v1/tickets/${ticket.id}`);
      expect(get.body.data).toEqual(res.body.data);
    });

    it('emits one ticket.updated with changes for status, priority, assignee and tags', async () => {
      const { org, ticket } = await fresh();
      const user = await seedUser(ctx, org.id, { id: 'u1', name: 'Una', email: 'una@staff.example' });
      const tag = await seedTag(ctx, org.id, 'red');
      await org.api.patch(`/api/v1/tickets/${ticket.id}`, {
        status: 'RESOLVED',
        priority: 'LOW',
        assignee_id: 'u1',
        add_tag_ids: [tag.id],
      });
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ organizationId: org.id, type: 'ticket.updated', occurredAt: Date.parse(T1) });
      expect(events[0].data).toEqual({
        id: ticket.id,
        ticket_number: '1',
        subject: 'Printer on fire',
        status: 'RESOLVED',
        priority: 'LOW',
        channel: 'API',
        customer: { id: ticket.customer.id, email: 'ann@example.com', name: 'Ann Smith' },
        assignee: { id: 'u1', name: 'Una', email: 'una@staff.example' },
        team: null,
        tags: [tag],
        created_at: T0,
        updated_at: T1,
        closed_at: null,
        changes: {
          status: { from: 'OPEN', to: 'RESOLVED' },
          priority: { from: 'MEDIUM', to: 'LOW' },
          assignee: { from: null, to: { id: user.id, name: 'Una', email: 'una@staff.example' } },
          tags: { from: [], to: [tag] },
        },
      });
      events.length = 0;
      await org.api.patch(`/api/v1/tickets/${ticket.id}`, { assignee_id: null, remove_tag_ids: [tag.id] });
      expect(events).toHaveLength(1);
      expect(events[0].data.changes).toEqual({
        assignee: { from: { id: 'u1', name: 'Una', email: 'una@staff.example' }, to: null },
        tags: { from: [tag], to: [] },
      });
    });

    it('emits nothing and keeps updated_at for unchanged values and for {}', async () => {
      const { org, ticket } = await fresh();
      const tag = await seedTag(ctx, org.id, 'keep');
      ctx.clock.set(T0);
      await org.api.patch(`/api/v1/tickets/${ticket.id}`, { add_tag_ids: [tag.id] });
      events.length = 0;
      ctx.clock.set(T1);
      for (const body of [
        {},
        {
          status: 'OPEN',
          priority: 'MEDIUM',
          subject: 'Printer on fire',
          assignee_id: null,
          team_id: null,
          add_tag_ids: [tag.id],
        },
      ]) {
        const res = await org.api.patch(`/api/v1/tickets/${ticket.id}`, body);
        expect(res.status).toBe(200);
        expect(res.body.data.updated_at).toBe(T0);
      }
      const other = await seedTag(ctx, org.id, 'absent');
      expect(
        (await org.api.patch(`/api/v1/tickets/${ticket.id}`, { remove_tag_ids: [other.id] })).body.data.updated_at,
      ).toBe(T0);
      expect(events).toEqual([]);
    });

    it('treats a PATCH without a body like {}', async () => {
      const { org, ticket } = await fresh();
      const res = await org.api.patch(`/api/v1/tickets/${ticket.id}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(ticket);
    });

    it('does not emit ticket.updated for subject or team only, but bumps updated_at', async () => {
      const { org, ticket } = await fresh();
      const team = await seedTeam(ctx, org.id);
      const res = await org.api.patch(`/api/v1/tickets/${ticket.id}`, { subject: 'Renamed', team_id: team.id });
      expect(res.body.data).toMatchObject({ subject: 'Renamed', team, updated_at: T1 });
      expect(events).toEqual([]);
    });

    it('sets closed_at on CLOSED and clears it when the ticket leaves CLOSED', async () => {
      const { org, ticket } = await fresh();
      const closed = await org.api.patch(`/api/v1/tickets/${ticket.id}`, { status: 'CLOSED' });
      expect(closed.body.data).toMatchObject({ status: 'CLOSED', closed_at: T1 });
      ctx.clock.set('2026-04-02T00:00:00.000Z');
      expect(
        (await org.api.patch(`/api/v1/tickets/${ticket.id}`, { status: 'CLOSED', priority: 'URGENT' })).body.data
          .closed_at,
      ).toBe(T1);
      const reopened = await org.api.patch(`/api/v1/tickets/${ticket.id}`, { status: 'OPEN' });
      expect(reopened.body.data.closed_at).toBeNull();
      const check = await assertBucketsExact(ctx, org.id);
      expect(check.buckets).toEqual(check.real);
      expect(check.buckets).toEqual(['OPEN/URGENT=1']);
    });

    it.each<[string, Record<string, unknown>, string, string]>([
      ['unknown status', { status: 'DONE' }, 'status', 'invalid_value'],
      ['unknown priority', { priority: 'low' }, 'priority', 'invalid_value'],
      ['subject too long', { subject: 'y'.repeat(501) }, 'subject', 'too_long'],
      ['subject blank', { subject: '  ' }, 'subject', 'blank'],
      ['subject wrong type', { subject: 5 }, 'subject', 'invalid_type'],
      ['unknown assignee', { assignee_id: 'nobody' }, 'assignee_id', 'not_found'],
      ['unknown team', { team_id: '00000000-0000-4000-8000-000000000000' }, 'team_id', 'not_found'],
      ['malformed team', { team_id: 'x' }, 'team_id', 'not_found'],
      ['unknown tag to add', { add_tag_ids: ['00000000-0000-4000-8000-000000000000'] }, 'add_tag_ids', 'not_found'],
      ['malformed tag to remove', { remove_tag_ids: ['zzz'] }, 'remove_tag_ids', 'invalid_format'],
    ])('rejects a PATCH with %s (400) and changes nothing', async (_title, body, field, issue) => {
      const { org, ticket } = await fresh();
      const res = await org.api.patch(`/api/v1/tickets/${ticket.id}`, { status: 'CLOSED', ...body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: {
          code: 'validation_error',
          message: expect.any(String),
          details: [{ field, issue }],
          request_id: expect.any(String),
        },
      });
      const get = await org.api.get(`/api/v1/tickets/${ticket.id}`);
      expect(get.body.data).toEqual(ticket);
      expect(events).toEqual([]);
    });

    it('rejects a tag that is both added and removed (400) and changes nothing', async () => {
      const { org, ticket } = await fresh();
      const tag = await seedTag(ctx, org.id, 'both');
      const res = await org.api.patch(`/api/v1/tickets/${ticket.id}`, {
        status: 'CLOSED',
        add_tag_ids: [tag.id],
        remove_tag_ids: [tag.id],
      });
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual([{ field: 'remove_tag_ids', issue: 'conflict' }]);
      expect((await org.api.get(`/api/v1/tickets/${ticket.id}`)).body.data).toEqual(ticket);
    });

    it("rejects another organization's user, team and tag with 400", async () => {
      const { org, ticket } = await fresh();
      const other = await ctx.createOrg('other');
      const user = await seedUser(ctx, other.id, { id: 'shared-id' });
      const team = await seedTeam(ctx, other.id);
      const tag = await seedTag(ctx, other.id, 'foreign');
      expect((await org.api.patch(`/api/v1/tickets/${ticket.id}`, { assignee_id: user.id })).status).toBe(400);
      expect((await org.api.patch(`/api/v1/tickets/${ticket.id}`, { team_id: team.id })).status).toBe(400);
      expect((await org.api.patch(`/api/v1/tickets/${ticket.id}`, { add_tag_ids: [tag.id] })).status).toBe(400);
      expect(
        (await org.api.post(`/api/v1/tickets/${ticket.id}/messages`, { content: 'x', user_id: user.id })).status,
      ).toBe(400);
    });

    it('adds an INBOUND customer message and an OUTBOUND staff message, updating the ticket', async () => {
      const { org, ticket } = await fresh();
      const user = await seedUser(ctx, org.id, { id: 'staff-7', name: 'Sam', email: 'sam@staff.example' });
      const inbound = await org.api.post(`/api/v1/tickets/${ticket.id}/messages`, { content: 'Still broken' });
      expect(inbound.status).toBe(201);
      expect(inbound.body).toEqual({
        data: {
          id: expect.stringMatching(UUID),
          content: 'Still broken',
          type: 'INBOUND',
          author: { type: 'customer', id: ticket.customer.id, email: 'ann@example.com', name: 'Ann Smith' },
          created_at: T1,
          delivery: null,
          attachments: [],
        },
      });
      ctx.clock.set('2026-04-01T10:00:00.000Z');
      const outbound = await org.api.post(`/api/v1/tickets/${ticket.id}/messages`, {
        content: 'On it',
        user_id: user.id,
      });
      expect(outbound.status).toBe(201);
      expect(outbound.body.data).toMatchObject({
        type: 'OUTBOUND',
        author: { type: 'user', id: 'staff-7', email: 'sam@staff.example', name: 'Sam' },
      });
      const get = await org.api.get(`/api/v1/tickets/${ticket.id}`);
      expect(get.body.data.messages.map((m: any) => m.content)).toEqual([
        'It started smoking this morning.',
        'Still broken',
        'On it',
      ]);
      expect(get.body.data.updated_at).toBe('2026-04-01T10:00:00.000Z');
      const list = await org.api.get('/api/v1/tickets');
      expect(list.body.data[0].message_count).toBe(3);
      expect(events.map((e) => e.type)).toEqual(['message.created', 'message.created']);
      expect(events[1]).toEqual({
        organizationId: org.id,
        type: 'message.created',
        occurredAt: Date.parse('2026-04-01T10:00:00.000Z'),
        data: {
          id: outbound.body.data.id,
          ticket_id: ticket.id,
          ticket_number: '1',
          content: 'On it',
          type: 'OUTBOUND',
          author: { type: 'user', id: 'staff-7', email: 'sam@staff.example', name: 'Sam' },
          created_at: '2026-04-01T10:00:00.000Z',
        },
      });
    });

    it('accepts user_id: null as a customer message and upper-case ticket ids in paths', async () => {
      const { org, ticket } = await fresh();
      const res = await org.api.post(`/api/v1/tickets/${ticket.id.toUpperCase()}/messages`, {
        content: 'x',
        user_id: null,
      });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ type: 'INBOUND', author: { type: 'customer', id: ticket.customer.id } });
      expect((await org.api.get(`/api/v1/tickets/${ticket.id.toUpperCase()}`)).body.data.id).toBe(ticket.id);
    });

    it.each<[string, unknown, string, string]>([
      ['missing content', {}, 'content', 'required'],
      ['empty content', { content: '' }, 'content', 'too_short'],
      ['blank content', { content: ' \n ' }, 'content', 'blank'],
      ['content of wrong type', { content: ['a'] }, 'content', 'invalid_type'],
      ['unknown user_id', { content: 'hi', user_id: 'ghost' }, 'user_id', 'not_found'],
    ])('rejects a message with %s (400) and stores nothing', async (_title, body, field, issue) => {
      const { org, ticket } = await fresh();
      const before = await storedState(ctx, org.id);
      const res = await org.api.post(`/api/v1/tickets/${ticket.id}/messages`, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: {
          code: 'validation_error',
          message: expect.any(String),
          details: [{ field, issue }],
          request_id: expect.any(String),
        },
      });
      expect(await storedState(ctx, org.id)).toEqual(before);
      expect((await org.api.get(`/api/v1/tickets/${ticket.id}`)).body.data).toEqual(ticket);
    });

    it("answers 404 for malformed, unknown and other organizations' ticket ids on every route", async () => {
      const { ticket } = await fresh();
      const other = await ctx.createOrg('intruder');
      for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', ticket.id]) {
        for (const [method, url, body] of [
          ['GET', `/api/v1/tickets/${id}`, undefined],
          ['PATCH', `/api/v1/tickets/${id}`, { status: 'CLOSED' }],
          ['POST', `/api/v1/tickets/${id}/messages`, { content: 'hello' }],
        ] as const) {
          const res = await other.api.request(method, url, body);
          expect(res.status, `${method} ${url}`).toBe(404);
          expect(res.body).toEqual({
            error: { code: 'not_found', message: expect.any(String), details: [], request_id: expect.any(String) },
          });
        }
      }
      expect(events).toEqual([]);
    });

    it('needs tickets:write for PATCH and messages, tickets:read for GET', async () => {
      const { org, ticket } = await fresh();
      const readOnly = api(ctx.app, await org.keyWith(['tickets:read']));
      const writeOnly = api(ctx.app, await org.keyWith(['tickets:write']));
      expect((await readOnly.patch(`/api/v1/tickets/${ticket.id}`, { status: 'CLOSED' })).body.error.code).toBe(
        'insufficient_scope',
      );
      expect((await readOnly.post(`/api/v1/tickets/${ticket.id}/messages`, { content: 'x' })).status).toBe(403);
      expect((await writeOnly.get(`/api/v1/tickets/${ticket.id}`)).status).toBe(403);
      expect((await writeOnly.get('/api/v1/tickets')).status).toBe(403);
      expect((await readOnly.get(`/api/v1/tickets/${ticket.id}`)).status).toBe(200);
    });
  },
  { partitioned: true },
);
