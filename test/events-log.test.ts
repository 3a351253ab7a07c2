import { expect, it } from 'vitest';
import { logSettled } from './support/event-log.js';
import { postWebhook } from './support/fixtures.js';
import { describeEachDialect, ISO_MS, UUID, type TestOrg } from './support/harness.js';
import { ticketBody } from './support/ticket-fixtures.js';

// The event log: one record per change, the new customer.* and ticket.deleted types
// with their data, GET /events paging, filtering, validation, scope and isolation.

describeEachDialect(
  'event log',
  (ctx) => {
    /** GET /events once everything committed so far is readable. */
    const read = async (org: TestOrg, url: string) => {
      await logSettled(ctx);
      return org.api.get(url);
    };
    const all = async (org: TestOrg, query = '') => {
      const res = await read(org, `/api/v1/events?limit=1000${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data as { id: string; type: string; created_at: string; data: any }[];
    };

    it('records each change once, in order, with its data (also without any webhook)', async () => {
      const org = await ctx.createOrg();
      const created = (
        await org.api.post('/api/v1/tickets', ticketBody({ customer: { email: 'new@example.com', name: 'New' } }))
      ).body.data;
      await org.api.post(`/api/v1/tickets/${created.id}/messages`, { content: 'More' });
      await org.api.patch(`/api/v1/tickets/${created.id}`, { status: 'PENDING' });
      const events = await all(org);
      expect(events.map((e) => e.type)).toEqual([
        'customer.created',
        'ticket.created',
        'message.created',
        'ticket.updated',
      ]);
      for (const e of events) {
        expect(e.id).toMatch(UUID);
        expect(e.created_at).toMatch(ISO_MS);
      }
      const customer = (await org.api.get(`/api/v1/customers/${created.customer.id}`)).body.data;
      // The customer as GET /customers/{id} shows it once the ticket's creation committed.
      expect(events[0].data).toEqual({ ...customer, updated_at: events[0].data.updated_at });
      expect(events[0].data.ticket_count).toBe(1);
      expect(events[1].data.id).toBe(created.id);
      expect(events[3].data.changes).toEqual({ status: { from: 'OPEN', to: 'PENDING' } });
      // A second ticket for the same customer does not create it again.
      await org.api.post('/api/v1/tickets', ticketBody({ customer: { email: 'NEW@example.com' } }));
      expect((await all(org)).slice(4).map((e) => e.type)).toEqual(['ticket.created']);
      const stored = await ctx.database.db
        .selectFrom('events')
        .select('id')
        .where('organization_id', '=', org.id)
        .execute();
      expect(stored).toHaveLength(5);
    });

    it('customer.created, customer.updated (PATCH only, real changes) and customer.deleted after one ticket.deleted per ticket', async () => {
      const org = await ctx.createOrg();
      const customer = (await org.api.post('/api/v1/customers', { email: 'c@example.com', name: 'C' })).body.data;
      const t1 = (await org.api.post('/api/v1/tickets', ticketBody({ customer: { email: 'c@example.com' } }))).body
        .data;
      const t2 = (await org.api.post('/api/v1/tickets', ticketBody({ customer: { email: 'c@example.com' } }))).body
        .data;
      await org.api.patch(`/api/v1/customers/${customer.id}`, { name: 'C' }); // no change
      const patched = (
        await org.api.patch(`/api/v1/customers/${customer.id}`, { name: 'Cee', metadata: { tier: 'gold' } })
      ).body.data;
      const before = (await org.api.get(`/api/v1/customers/${customer.id}`)).body.data;
      expect((await org.api.delete(`/api/v1/customers/${customer.id}`)).status).toBe(200);
      const events = await all(org);
      expect(events.map((e) => e.type)).toEqual([
        'customer.created',
        'ticket.created',
        'ticket.created',
        'customer.updated',
        'ticket.deleted',
        'ticket.deleted',
        'customer.deleted',
      ]);
      expect(events[0].data).toEqual(customer);
      expect(events[3].data).toEqual(patched);
      expect(events[3].data.ticket_count).toBe(2);
      const deleted = events.slice(4, 6).map((e) => e.data);
      expect(deleted.sort((a, b) => a.ticket_number.localeCompare(b.ticket_number))).toEqual([
        { id: t1.id, ticket_number: t1.ticket_number, customer_id: customer.id },
        { id: t2.id, ticket_number: t2.ticket_number, customer_id: customer.id },
      ]);
      expect(events[6].data).toEqual(before);
    });

    it('stores an event once however many webhooks subscribe; webhooks may subscribe to the new types', async () => {
      const org = await ctx.createOrg();
      for (let i = 0; i < 3; i++)
        expect((await postWebhook(org.api, { events: ['customer.created', 'ticket.deleted'] })).status).toBe(201);
      await org.api.post('/api/v1/customers', { email: 'x@example.com' });
      const [event] = await all(org);
      const deliveries = await ctx.database.db
        .selectFrom('webhook_deliveries')
        .select(['event_id', 'body', 'event'])
        .where('organization_id', '=', org.id)
        .execute();
      expect(deliveries).toEqual([0, 1, 2].map(() => ({ event_id: event.id, body: '', event: 'customer.created' })));
      const stored = await ctx.database.db
        .selectFrom('events')
        .select('id')
        .where('organization_id', '=', org.id)
        .execute();
      expect(stored).toEqual([{ id: event.id }]);
    });

    it('pages with next_cursor: every event exactly once, oldest first, and polls for newer ones', async () => {
      const org = await ctx.createOrg();
      for (let i = 0; i < 7; i++) await org.api.post('/api/v1/customers', { email: `p${i}@example.com` });
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      for (;;) {
        const res = await read(org, `/api/v1/events?limit=3${cursor ? `&after=${cursor}` : ''}`);
        expect(res.status).toBe(200);
        pages++;
        seen.push(...res.body.data.map((e: any) => e.data.email));
        expect(typeof res.body.meta.next_cursor).toBe('string');
        cursor = res.body.meta.next_cursor;
        if (!res.body.meta.has_more) break;
      }
      expect(pages).toBe(3);
      expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => `p${i}@example.com`));
      const empty = await read(org, `/api/v1/events?after=${cursor}`);
      expect(empty.body).toEqual({ data: [], meta: { next_cursor: cursor, has_more: false } });
      await org.api.post('/api/v1/customers', { email: 'later@example.com' });
      const later = await read(org, `/api/v1/events?after=${cursor}`);
      expect(later.body.data.map((e: any) => e.data.email)).toEqual(['later@example.com']);
      // Default limit 100.
      for (let i = 0; i < 95; i++) await org.api.post('/api/v1/customers', { email: `bulk${i}@example.com` });
      const first = await read(org, '/api/v1/events');
      expect(first.body.data).toHaveLength(100);
      expect(first.body.meta.has_more).toBe(true);
    });

    it('filters by type (comma-separated)', async () => {
      const org = await ctx.createOrg();
      const ticket = (await org.api.post('/api/v1/tickets', ticketBody())).body.data;
      await org.api.post(`/api/v1/tickets/${ticket.id}/messages`, { content: 'x' });
      expect((await all(org, '&type=message.created')).map((e) => e.type)).toEqual(['message.created']);
      expect((await all(org, '&type=ticket.created,customer.created')).map((e) => e.type)).toEqual([
        'customer.created',
        'ticket.created',
      ]);
      const res = await read(org, '/api/v1/events?type=ticket.created&limit=1');
      const next = await read(org, `/api/v1/events?type=ticket.created&after=${res.body.meta.next_cursor}`);
      expect(next.body).toMatchObject({ data: [], meta: { has_more: false } });
    });

    it('400 for a malformed or unknown cursor, a limit outside 1..1000 and an unknown type', async () => {
      const org = await ctx.createOrg();
      await org.api.post('/api/v1/customers', { email: 'v@example.com' });
      const elsewhere = (await read(await ctx.createOrg(), '/api/v1/events')).body.meta.next_cursor;
      const plain = `evc_${Buffer.from('1:0:1').toString('base64url')}`;
      for (const query of [
        'after=nope',
        'after=evc_AAAA',
        `after=${plain}`,
        `after=${elsewhere}`,
        'limit=1001',
        'limit=0',
        'limit=abc',
        'type=ticket.archived',
        'type=',
      ]) {
        const res = await read(org, `/api/v1/events?${query}`);
        expect(res.status, query).toBe(400);
        expect(res.body.error.code).toBe('validation_error');
      }
      expect((await read(org, '/api/v1/events?limit=1000')).status).toBe(200);
    });

    it('403 without events:read; keys with every scope have it', async () => {
      const org = await ctx.createOrg();
      const token = await org.keyWith(['tickets:read', 'tickets:write', 'customers:read', 'webhooks:read']);
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/events',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(403);
      expect(JSON.parse(res.body).error.code).toBe('insufficient_scope');
      const only = await org.keyWith(['events:read']);
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/v1/events', headers: { authorization: `Bearer ${only}` } }))
          .statusCode,
      ).toBe(200);
    });

    it("never shows another organization's events, whatever the cursor", async () => {
      const a = await ctx.createOrg();
      const b = await ctx.createOrg();
      await a.api.post('/api/v1/customers', { email: 'a@example.com' });
      const bFirst = await read(b, '/api/v1/events');
      expect(bFirst.body.data).toEqual([]);
      await b.api.post('/api/v1/customers', { email: 'b@example.com' });
      const aCursor = (await read(a, '/api/v1/events')).body.meta.next_cursor;
      const bAll = await read(b, '/api/v1/events');
      expect(bAll.body.data.map((e: any) => e.data.email)).toEqual(['b@example.com']);
      const fromFirst = await read(b, `/api/v1/events?after=${bFirst.body.meta.next_cursor}`);
      expect(fromFirst.body.data.map((e: any) => e.data.email)).toEqual(['b@example.com']);
      // A's cursor is A's only: B gets a 400, not a view from A's position.
      const viaA = await read(b, `/api/v1/events?after=${aCursor}`);
      expect(viaA.status).toBe(400);
      expect(viaA.body.error.details[0].field).toBe('after');
    });
  },
  { partitioned: true },
);
