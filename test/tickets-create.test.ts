import { beforeEach, expect, it } from 'vitest';
import { api } from './support/api.js';
import { recordedEvents } from './support/fixtures.js';
import { ISO_MS, UUID, describeEachDialect } from './support/harness.js';
import {
  assertBucketsExact,
  createTicket,
  postTicket,
  seedTag,
  storedState,
  ticketBody,
} from './support/ticket-fixtures.js';

describeEachDialect(
  'tickets: create',
  (ctx) => {
    const events = recordedEvents(ctx);

    beforeEach(() => {
      ctx.clock.set(null);
    });

    it('gives tickets and their messages time-ordered ids (UUID version 7), in the order they were made', async () => {
      // New rows' entries then sit together at the end of every index keyed by them (docs/architecture.md, The dialect seam).
      const org = await ctx.createOrg();
      const first = await createTicket(org.api);
      const second = await createTicket(org.api, { subject: 'Second' });
      const ids: string[] = [first.id, first.messages[0].id, second.id, second.messages[0].id];
      for (const id of ids)
        expect(id, id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect([...ids].sort()).toEqual(ids);
    });

    it('creates a ticket with every field, defaults and the initial INBOUND message', async () => {
      const org = await ctx.createOrg();
      const tag = await seedTag(ctx, org.id, 'Billing', '#00ff00');
      ctx.clock.set('2026-03-31T23:59:59.999Z');
      const res = await org.api.post('/api/v1/tickets', {
        subject: 'Cannot log in',
        message: 'Password reset mail never arrives',
        customer: {
          email: 'Jane.Doe@Example.com',
          name: 'Jane Doe',
          external_user_id: 'u-42',
          external_organization_id: 'acme-1',
          external_organization_name: 'Acme',
          metadata: { plan: 'pro', seats: 3 },
        },
        tag_ids: [tag.id],
      });
      expect(res.status).toBe(201);
      const t = res.body.data;
      expect(t).toEqual({
        id: expect.stringMatching(UUID),
        ticket_number: '1',
        subject: 'Cannot log in',
        status: 'OPEN',
        priority: 'MEDIUM',
        channel: 'API',
        external_organization_id: 'acme-1',
        external_organization_name: 'Acme',
        customer: {
          id: expect.stringMatching(UUID),
          email: 'Jane.Doe@Example.com',
          name: 'Jane Doe',
          external_user_id: 'u-42',
        },
        assignee: null,
        team: null,
        tags: [{ id: tag.id, name: 'Billing', color: '#00ff00' }],
        messages: [
          {
            id: expect.stringMatching(UUID),
            content: 'Password reset mail never arrives',
            type: 'INBOUND',
            author: { type: 'customer', id: t.customer.id, email: 'Jane.Doe@Example.com', name: 'Jane Doe' },
            created_at: '2026-03-31T23:59:59.999Z',
            delivery: null,
            attachments: [],
          },
        ],
        created_at: '2026-03-31T23:59:59.999Z',
        updated_at: '2026-03-31T23:59:59.999Z',
        closed_at: null,
      });
      const customer = await ctx.database.db
        .selectFrom('customers')
        .selectAll()
        .where('id', '=', t.customer.id)
        .executeTakeFirstOrThrow();
      expect(customer).toMatchObject({
        email: 'Jane.Doe@Example.com',
        external_organization_id: 'acme-1',
        external_organization_name: 'Acme',
        external_user_id: 'u-42',
      });
      expect(Number(customer.ticket_count)).toBe(1);
      expect(JSON.parse(customer.metadata)).toEqual({ plan: 'pro', seats: 3 });
      const stored = await ctx.database.db
        .selectFrom('tickets')
        .selectAll()
        .where('id', '=', t.id)
        .executeTakeFirstOrThrow();
      expect(Number(stored.message_count)).toBe(1);
      expect(await storedState(ctx, org.id)).toMatchObject({
        tickets: 1,
        messages: 1,
        customers: 1,
        ticket_tags: 1,
        ticket_seq: 1,
        buckets: ['OPEN/MEDIUM=1'],
      });
    });

    it('numbers tickets per organization as strings 1, 2, 3 and honours priority', async () => {
      const a = await ctx.createOrg('A');
      const b = await ctx.createOrg('B');
      expect((await createTicket(a.api)).ticket_number).toBe('1');
      expect((await createTicket(a.api, { priority: 'URGENT' })).priority).toBe('URGENT');
      expect((await createTicket(b.api)).ticket_number).toBe('1');
      expect((await createTicket(a.api)).ticket_number).toBe('3');
      const check = await assertBucketsExact(ctx, a.id);
      expect(check.buckets).toEqual(check.real);
      expect(check.buckets).toEqual(['OPEN/MEDIUM=2', 'OPEN/URGENT=1']);
    });

    it('reuses an existing customer by case-insensitive email without overwriting it', async () => {
      const org = await ctx.createOrg();
      const first = await createTicket(org.api, { customer: { email: 'bob@example.com', name: 'Bob' } });
      const second = await createTicket(org.api, {
        customer: {
          email: 'BOB@Example.COM',
          name: 'Robert',
          external_user_id: 'x',
          external_organization_id: 'org-9',
          external_organization_name: 'Nine',
        },
      });
      expect(second.customer).toEqual({
        id: first.customer.id,
        email: 'bob@example.com',
        name: 'Bob',
        external_user_id: null,
      });
      // The ticket keeps the organization given with this request even though the customer is not updated.
      expect(second.external_organization_id).toBe('org-9');
      expect(second.external_organization_name).toBe('Nine');
      expect(second.messages[0].author).toEqual({
        type: 'customer',
        id: first.customer.id,
        email: 'bob@example.com',
        name: 'Bob',
      });
      const customer = await ctx.database.db
        .selectFrom('customers')
        .selectAll()
        .where('id', '=', first.customer.id)
        .executeTakeFirstOrThrow();
      expect(customer).toMatchObject({ name: 'Bob', external_user_id: null, external_organization_id: null });
      expect(Number(customer.ticket_count)).toBe(2);
      expect((await storedState(ctx, org.id)).customers).toBe(1);
    });

    it('emits ticket.created with the documented data in the same transaction', async () => {
      const org = await ctx.createOrg();
      const tag = await seedTag(ctx, org.id, 'vip', '#123456');
      ctx.clock.set('2026-05-01T10:00:00.000Z');
      const t = await createTicket(org.api, { tag_ids: [tag.id], priority: 'HIGH' });
      // The ticket's new customer is created first: customer.created, then ticket.created.
      expect(events.map((e) => e.type)).toEqual(['customer.created', 'ticket.created']);
      expect(events[0].data).toMatchObject({ id: t.customer.id, email: 'ann@example.com', ticket_count: 1 });
      expect(events[1]).toEqual({
        organizationId: org.id,
        type: 'ticket.created',
        occurredAt: Date.parse('2026-05-01T10:00:00.000Z'),
        data: {
          id: t.id,
          ticket_number: '1',
          subject: 'Printer on fire',
          status: 'OPEN',
          priority: 'HIGH',
          channel: 'API',
          customer: { id: t.customer.id, email: 'ann@example.com', name: 'Ann Smith' },
          assignee: null,
          team: null,
          tags: [{ id: tag.id, name: 'vip', color: '#123456' }],
          created_at: '2026-05-01T10:00:00.000Z',
          updated_at: '2026-05-01T10:00:00.000Z',
          closed_at: null,
        },
      });
    });

    it('accepts a minimal body: customer fields absent are null', async () => {
      const org = await ctx.createOrg();
      const t = await createTicket(org.api, { customer: { email: 'min@example.com' } });
      expect(t.customer).toEqual({
        id: expect.stringMatching(UUID),
        email: 'min@example.com',
        name: null,
        external_user_id: null,
      });
      expect(t.external_organization_id).toBeNull();
      expect(t.tags).toEqual([]);
      expect(t.created_at).toMatch(ISO_MS);
    });

    it('deduplicates repeated tag ids', async () => {
      const org = await ctx.createOrg();
      const tag = await seedTag(ctx, org.id, 'dup');
      const t = await createTicket(org.api, { tag_ids: [tag.id, tag.id.toUpperCase()] });
      expect(t.tags).toEqual([{ id: tag.id, name: 'dup', color: '#ff0000' }]);
    });

    it.each<[string, unknown, string, string]>([
      ['subject is a number', ticketBody({ subject: 123 }), 'subject', 'invalid_type'],
      ['subject is empty', ticketBody({ subject: '' }), 'subject', 'too_short'],
      ['subject is whitespace only', ticketBody({ subject: '   \t ' }), 'subject', 'blank'],
      ['subject has 501 characters', ticketBody({ subject: 'x'.repeat(501) }), 'subject', 'too_long'],
      ['subject is missing', { message: 'm', customer: { email: 'a@b.co' } }, 'subject', 'required'],
      ['message is missing', { subject: 's', customer: { email: 'a@b.co' } }, 'message', 'required'],
      ['message is empty', ticketBody({ message: '' }), 'message', 'too_short'],
      ['message is blank', ticketBody({ message: '  ' }), 'message', 'blank'],
      ['customer is missing', { subject: 's', message: 'm' }, 'customer', 'required'],
      ['customer.email is missing', ticketBody({ customer: { name: 'x' } }), 'customer.email', 'required'],
      [
        'customer.email is not an email',
        ticketBody({ customer: { email: 'not-an-email' } }),
        'customer.email',
        'invalid_format',
      ],
      [
        'customer.metadata is not an object',
        ticketBody({ customer: { email: 'a@b.co', metadata: 'x' } }),
        'customer.metadata',
        'invalid_type',
      ],
      ['priority is unknown', ticketBody({ priority: 'CRITICAL' }), 'priority', 'invalid_value'],
      ['tag_ids is not an array', ticketBody({ tag_ids: 'abc' }), 'tag_ids', 'invalid_type'],
      ['tag id is malformed', ticketBody({ tag_ids: ['nope'] }), 'tag_ids', 'invalid_format'],
      ['tag id is unknown', ticketBody({ tag_ids: ['00000000-0000-4000-8000-000000000000'] }), 'tag_ids', 'not_found'],
    ])('rejects with 400 and stores nothing when %s', async (_title, body, field, issue) => {
      const org = await ctx.createOrg();
      const before = await storedState(ctx, org.id);
      const res = await org.api.post('/api/v1/tickets', body);
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
      expect(events).toEqual([]);
    });

    it("rejects another organization's tag with 400 and stores nothing", async () => {
      const org = await ctx.createOrg();
      const other = await ctx.createOrg('other');
      const foreign = await seedTag(ctx, other.id, 'theirs');
      const res = await postTicket(org.api, { tag_ids: [foreign.id] });
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual([{ field: 'tag_ids', issue: 'not_found' }]);
      expect(await storedState(ctx, org.id)).toMatchObject({ tickets: 0, customers: 0, ticket_seq: 0, buckets: [] });
    });

    it('answers malformed JSON with 400 in the error shape', async () => {
      const org = await ctx.createOrg();
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/tickets',
        headers: { authorization: `Bearer ${org.token}`, 'content-type': 'application/json' },
        payload: '{"subject": "x",',
      });
      expect(res.statusCode).toBe(400);
      expect(JSON.parse(res.body)).toEqual({
        error: {
          code: 'validation_error',
          message: expect.any(String),
          details: [{ field: 'body', issue: 'invalid_json' }],
          request_id: expect.any(String),
        },
      });
    });

    it('refuses a create over the monthly ticket limit with 403 plan_limit_exceeded and stores nothing', async () => {
      const org = await ctx.createOrg();
      await ctx.container.plans.setPlan(org.id, { tickets_limit: 1 });
      await createTicket(org.api);
      const before = await storedState(ctx, org.id);
      events.length = 0;
      const res = await postTicket(org.api, { customer: { email: 'new@example.com' } });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('plan_limit_exceeded');
      expect(await storedState(ctx, org.id)).toEqual(before);
      expect(events).toEqual([]);
    });

    it('needs tickets:write (403 insufficient_scope) and a token (401)', async () => {
      const org = await ctx.createOrg();
      const readOnly = api(ctx.app, await org.keyWith(['tickets:read']));
      const res = await postTicket(readOnly);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('insufficient_scope');
      expect((await postTicket(api(ctx.app))).status).toBe(401);
      expect((await storedState(ctx, org.id)).tickets).toBe(0);
    });
  },
  { partitioned: true },
);
