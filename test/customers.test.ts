import { expect, it } from 'vitest';
import { customerSearchFilter } from '../src/customers/customer-store.js';
import { parseSearchTerm } from '../src/shared/search-term.js';
import { api } from './support/api.js';
import { ISO_MS, UUID, describeEachDialect, type TestOrg } from './support/harness.js';
import { explain } from './support/query-plan.js';
import { postTicket } from './support/ticket-fixtures.js';

describeEachDialect(
  'customers',
  (ctx) => {
    it('creates a customer with unset optional fields null and ticket_count 0', async () => {
      const org = await ctx.createOrg();
      const res = await org.api.post('/api/v1/customers', { email: 'ada@example.com' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        data: {
          id: expect.stringMatching(UUID),
          email: 'ada@example.com',
          name: null,
          external_user_id: null,
          external_organization_id: null,
          external_organization_name: null,
          avatar_url: null,
          metadata: null,
          ticket_count: 0,
          created_at: expect.stringMatching(ISO_MS),
          updated_at: expect.stringMatching(ISO_MS),
        },
      });
      const got = await org.api.get(`/api/v1/customers/${res.body.data.id}`);
      expect(got).toMatchObject({ status: 200, body: res.body });
      const upper = await org.api.get(`/api/v1/customers/${res.body.data.id.toUpperCase()}`);
      expect(upper).toMatchObject({ status: 200, body: res.body });
    });

    it('stores every optional field including nested metadata', async () => {
      const org = await ctx.createOrg();
      const body = {
        email: 'Bob@Example.com',
        name: 'Bob',
        external_user_id: 'u-1',
        external_organization_id: 'org-9',
        external_organization_name: 'Bobco',
        avatar_url: 'https://cdn.example.com/bob.png',
        metadata: { plan: 'pro', nested: { a: [1, 2, { b: null }] } },
      };
      const res = await org.api.post('/api/v1/customers', body);
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject(body);
    });

    it('rejects a duplicate email regardless of case with 409 conflict', async () => {
      const org = await ctx.createOrg();
      expect((await org.api.post('/api/v1/customers', { email: 'dup@example.com' })).status).toBe(201);
      const res = await org.api.post('/api/v1/customers', { email: 'DUP@example.COM' });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        error: {
          code: 'conflict',
          message: expect.any(String),
          details: [{ field: 'email', issue: 'already_exists' }],
          request_id: expect.any(String),
        },
      });
      const list = await org.api.get('/api/v1/customers');
      expect(list.body.meta.pagination.total).toBe(1);
    });

    it('allows the same email in two organizations', async () => {
      const a = await ctx.createOrg('A');
      const b = await ctx.createOrg('B');
      expect((await a.api.post('/api/v1/customers', { email: 'same@example.com' })).status).toBe(201);
      expect((await b.api.post('/api/v1/customers', { email: 'same@example.com' })).status).toBe(201);
    });

    it('rejects bad input with 400 validation_error and stores nothing', async () => {
      const org = await ctx.createOrg();
      const cases: [unknown, string, string][] = [
        [{}, 'email', 'required'],
        [{ email: 'not-an-email' }, 'email', 'invalid_format'],
        [{ email: 42 }, 'email', 'invalid_type'],
        [{ email: 'a@example.com', name: 5 }, 'name', 'invalid_type'],
        [{ email: 'a@example.com', name: 'x'.repeat(256) }, 'name', 'too_long'],
        [{ email: 'a@example.com', metadata: 'text' }, 'metadata', 'invalid_type'],
        [{ email: 'a@example.com', metadata: [1] }, 'metadata', 'invalid_type'],
        [{ email: 'a@example.com', avatar_url: 'javascript:alert(1)' }, 'avatar_url', 'invalid_format'],
      ];
      for (const [body, field, issue] of cases) {
        const res = await org.api.post('/api/v1/customers', body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.error.code).toBe('validation_error');
        expect(res.body.error.details[0]).toEqual({ field, issue });
      }
      const list = await org.api.get('/api/v1/customers');
      expect(list.body.data).toEqual([]);
    });

    it('ignores unknown body fields', async () => {
      const org = await ctx.createOrg();
      const res = await org.api.post('/api/v1/customers', {
        email: 'x@example.com',
        ticket_count: 99,
        id: 'mine',
        bogus: true,
      });
      expect(res.status).toBe(201);
      expect(res.body.data.ticket_count).toBe(0);
      expect(res.body.data.id).not.toBe('mine');
      expect(res.body.data).not.toHaveProperty('bogus');
    });

    it('lists newest first with pagination meta and an empty page past the end', async () => {
      const org = await ctx.createOrg();
      for (let i = 1; i <= 5; i++)
        expect((await org.api.post('/api/v1/customers', { email: `c${i}@example.com` })).status).toBe(201);
      const page1 = await org.api.get('/api/v1/customers?limit=2');
      expect(page1.status).toBe(200);
      expect(page1.body.data.map((c: any) => c.email)).toEqual(['c5@example.com', 'c4@example.com']);
      expect(page1.body.meta).toEqual({ pagination: { page: 1, limit: 2, total: 5, total_pages: 3 } });
      const page3 = await org.api.get('/api/v1/customers?limit=2&page=3');
      expect(page3.body.data.map((c: any) => c.email)).toEqual(['c1@example.com']);
      const past = await org.api.get('/api/v1/customers?limit=2&page=9');
      expect(past.body).toEqual({ data: [], meta: { pagination: { page: 9, limit: 2, total: 5, total_pages: 3 } } });
      const huge = await org.api.get('/api/v1/customers?page=999999999999999');
      expect(huge.status).toBe(200);
      expect(huge.body.data).toEqual([]);
      const hugeSearch = await org.api.get('/api/v1/customers?search=example&page=999999999999999');
      expect(hugeSearch.status).toBe(200);
      expect(hugeSearch.body.meta.pagination.total).toBe(5);
      const dflt = await org.api.get('/api/v1/customers');
      expect(dflt.body.meta.pagination).toEqual({ page: 1, limit: 20, total: 5, total_pages: 1 });
    });

    it('rejects bad pagination parameters with 400', async () => {
      const org = await ctx.createOrg();
      for (const qs of ['limit=101', 'limit=0', 'page=0', 'page=-1', 'page=abc', 'limit=2.5', 'page=', 'limit=1e400']) {
        const res = await org.api.get(`/api/v1/customers?${qs}`);
        expect(res.status, qs).toBe(400);
        expect(res.body.error.code).toBe('validation_error');
      }
    });

    it('searches email and name case-insensitively by substring, short and long terms', async () => {
      const org = await ctx.createOrg();
      await org.api.post('/api/v1/customers', { email: 'alice@wonder.land', name: 'Alice Liddell' });
      await org.api.post('/api/v1/customers', { email: 'bob@builder.com', name: 'Bob' });
      await org.api.post('/api/v1/customers', { email: 'carol_x@example.com', name: '100% Carol' });
      const search = async (term: string) => {
        const res = await org.api.get(`/api/v1/customers?search=${encodeURIComponent(term)}`);
        expect(res.status).toBe(200);
        return res.body.data.map((c: any) => c.email).sort();
      };
      expect(await search('WONDER')).toEqual(['alice@wonder.land']);
      expect(await search('liddell')).toEqual(['alice@wonder.land']);
      expect(await search('bo')).toEqual(['bob@builder.com']);
      expect(await search('D')).toEqual(['alice@wonder.land', 'bob@builder.com']);
      expect(await search('_x')).toEqual(['carol_x@example.com']);
      expect(await search('0%')).toEqual(['carol_x@example.com']);
      expect(await search('%')).toEqual(['carol_x@example.com']);
      expect(await search('"quoted"')).toEqual([]);
      expect(await search('nobody-here')).toEqual([]);
      const res = await org.api.get('/api/v1/customers?search=example&limit=1');
      expect(res.body.meta.pagination).toEqual({ page: 1, limit: 1, total: 1, total_pages: 1 });
      await org.api.post('/api/v1/customers', { email: 'mesut@fussball.de', name: 'Özil' });
      expect(await search('öz')).toEqual(['mesut@fussball.de']);
      expect(await search('ÖZI')).toEqual(['mesut@fussball.de']);
    });

    // PostgreSQL asks the email trigram index for an address's part before the '@' only and checks the
    // whole term on the rows it finds (customer-store.ts, shared/search-sql.ts): the results must be
    // exactly those of the whole term, on both engines.
    it('finds customers by a full address: the whole term is matched, not only its part before the @', async () => {
      const org = await ctx.createOrg();
      const customers: [string, string?][] = [
        ['nora@umbrella.example'],
        ['nora@other.example'],
        ['nora.g@umbrella.example'],
        ['xnora@umbrella.example.org'],
        ['bob@umbrella.example'],
        ['zed@elsewhere.example', 'Forwarded from NORA@umbrella.example'],
      ];
      for (const [email, name] of customers)
        expect((await org.api.post('/api/v1/customers', { email, name })).status).toBe(201);
      const search = async (term: string) => {
        const res = await org.api.get(`/api/v1/customers?search=${encodeURIComponent(term)}`);
        expect(res.status).toBe(200);
        expect(res.body.meta.pagination.total, term).toBe(res.body.data.length);
        return res.body.data.map((c: any) => c.email).sort();
      };
      const nora = ['nora@umbrella.example', 'xnora@umbrella.example.org', 'zed@elsewhere.example'];
      expect(await search('nora@umbrella.example')).toEqual(nora);
      expect(await search('NORA@Umbrella.EXAMPLE')).toEqual(nora);
      expect(await search('nora@umbrella.example.org')).toEqual(['xnora@umbrella.example.org']);
      expect(await search('nora@')).toEqual(['nora@other.example', ...nora]);
      expect(await search('a.g@umbrella.example')).toEqual(['nora.g@umbrella.example']);
      expect(await search('a_g@umbrella.example')).toEqual([]);
      expect(await search('ra@umbrella')).toEqual(nora);
      expect(await search('bob@umbrella.examples')).toEqual([]);
      expect(await search('@umbrella.example')).toEqual([
        'bob@umbrella.example',
        'nora.g@umbrella.example',
        'nora@umbrella.example',
        'xnora@umbrella.example.org',
        'zed@elsewhere.example',
      ]);
    });

    it('asks PostgreSQL for an address by its part before the @ only, the whole term checked on the rows found', async () => {
      if (ctx.dialect !== 'postgres') return;
      const org = await ctx.createOrg();
      const q = customerSearchFilter(ctx.database.forOrganization(org.id), parseSearchTerm('c12@example.com')!)
        .select((eb) => eb.fn.countAll().as('n'))
        .compile();
      const text = await explain(ctx, q);
      // A tiny table is scanned, so the plan shows the conditions: the only email condition the trigram
      // index can serve names the part before the '@' (an address's domain is in every address there).
      expect(text, text).toMatch(
        /\(email ~~\* '%c12%'::text\) AND \(\(email \|\| ''::text\) ~~\* '%c12@example\.com%'::text\)/,
      );
      expect(text, text).not.toMatch(/\(email ~~\* '%c12@example\.com%'::text\)/);
    });

    it('updates: omitted fields kept, null clears, metadata replaced whole', async () => {
      const org = await ctx.createOrg();
      const created = await org.api.post('/api/v1/customers', {
        email: 'p@example.com',
        name: 'P',
        external_user_id: 'ext',
        metadata: { a: 1, b: 2 },
      });
      const id = created.body.data.id;
      ctx.clock.set(Date.parse(created.body.data.updated_at) + 5000);
      const res = await org.api.patch(`/api/v1/customers/${id}`, {
        name: null,
        metadata: { c: 3 },
        avatar_url: 'http://img.example.com/p.png',
      });
      ctx.clock.set(null);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        email: 'p@example.com',
        name: null,
        external_user_id: 'ext',
        metadata: { c: 3 },
        avatar_url: 'http://img.example.com/p.png',
        created_at: created.body.data.created_at,
      });
      expect(Date.parse(res.body.data.updated_at) - Date.parse(created.body.data.updated_at)).toBe(5000);
      const cleared = await org.api.patch(`/api/v1/customers/${id}`, { metadata: null });
      expect(cleared.body.data.metadata).toBeNull();
      const stored = await org.api.get(`/api/v1/customers/${id}`);
      expect(stored.body.data).toEqual(cleared.body.data);
    });

    it('rejects a PATCH to an email taken by another customer (409) or null email (400), leaving data unchanged', async () => {
      const org = await ctx.createOrg();
      await org.api.post('/api/v1/customers', { email: 'one@example.com' });
      const two = await org.api.post('/api/v1/customers', { email: 'two@example.com', name: 'Two' });
      const id = two.body.data.id;
      const taken = await org.api.patch(`/api/v1/customers/${id}`, { email: 'ONE@example.com', name: 'X' });
      expect(taken.status).toBe(409);
      expect(taken.body.error.code).toBe('conflict');
      const nullEmail = await org.api.patch(`/api/v1/customers/${id}`, { email: null });
      expect(nullEmail.status).toBe(400);
      const after = await org.api.get(`/api/v1/customers/${id}`);
      expect(after.body.data).toEqual(two.body.data);
      const own = await org.api.patch(`/api/v1/customers/${id}`, { email: 'TWO@example.com' });
      expect(own.status).toBe(200);
      expect(own.body.data.email).toBe('TWO@example.com');
    });

    it('deletes a customer and answers 404 afterwards', async () => {
      const org = await ctx.createOrg();
      const c = await org.api.post('/api/v1/customers', { email: 'gone@example.com' });
      const del = await org.api.delete(`/api/v1/customers/${c.body.data.id}`);
      expect(del).toMatchObject({ status: 200, body: { success: true } });
      expect((await org.api.get(`/api/v1/customers/${c.body.data.id}`)).status).toBe(404);
      expect((await org.api.delete(`/api/v1/customers/${c.body.data.id}`)).status).toBe(404);
      const list = await org.api.get('/api/v1/customers');
      expect(list.body.meta.pagination.total).toBe(0);
      expect((await org.api.post('/api/v1/customers', { email: 'gone@example.com' })).status).toBe(201);
    });

    it("hides another organization's customers: 404 on every route, absent from lists and searches", async () => {
      const a = await ctx.createOrg('A');
      const b = await ctx.createOrg('B');
      const c = await a.api.post('/api/v1/customers', { email: 'secret@a.example.com', name: 'Secret' });
      const id = c.body.data.id;
      for (const [method, body] of [['GET'], ['PATCH', { name: 'hijack' }], ['DELETE']] as const) {
        const res = await b.api.request(method, `/api/v1/customers/${id}`, body);
        expect(res.status, method).toBe(404);
        expect(res.body.error.code).toBe('not_found');
      }
      expect((await b.api.get('/api/v1/customers')).body.data).toEqual([]);
      expect((await b.api.get('/api/v1/customers?search=secret')).body.data).toEqual([]);
      const still = await a.api.get(`/api/v1/customers/${id}`);
      expect(still.body.data).toEqual(c.body.data);
    });

    it('answers 404 for malformed ids', async () => {
      const org = await ctx.createOrg();
      for (const id of ['not-a-uuid', '123', "1'%20or%201=1"]) {
        for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
          const res = await org.api.request(method, `/api/v1/customers/${id}`, method === 'PATCH' ? {} : undefined);
          expect(res.status, `${method} ${id}`).toBe(404);
        }
      }
    });

    it('requires customers:read and customers:write scopes', async () => {
      const org = await ctx.createOrg();
      const readOnly = api(ctx.app, await org.keyWith(['customers:read']));
      const ticketsOnly = api(ctx.app, await org.keyWith(['tickets:read', 'tickets:write']));
      const denied = await readOnly.post('/api/v1/customers', { email: 'x@example.com' });
      expect(denied.status).toBe(403);
      expect(denied.body.error).toEqual({
        code: 'insufficient_scope',
        message: expect.stringContaining('customers:write'),
        details: [],
        request_id: expect.any(String),
      });
      expect((await readOnly.get('/api/v1/customers')).status).toBe(200);
      expect((await ticketsOnly.get('/api/v1/customers')).status).toBe(403);
    });
  },
  { partitioned: true },
);

describeEachDialect(
  'customers with tickets',
  (ctx) => {
    const newTicket = (org: TestOrg, email: string, subject: string) =>
      postTicket(org.api, { subject, message: `${subject} body`, customer: { email, name: 'Tess' } });

    it('counts tickets created by the customer in ticket_count', async () => {
      const org = await ctx.createOrg();
      const t1 = await newTicket(org, 'tess@example.com', 'First');
      expect(t1.status).toBe(201);
      await newTicket(org, 'TESS@example.com', 'Second');
      const id = t1.body.data.customer.id;
      const res = await org.api.get(`/api/v1/customers/${id}`);
      expect(res.body.data.ticket_count).toBe(2);
      // Created through the ticket: same defaults as POST /customers, fields from the first ticket.
      expect(res.body.data).toMatchObject({
        email: 'tess@example.com',
        name: 'Tess',
        metadata: null,
        avatar_url: null,
      });
      const list = await org.api.get('/api/v1/customers');
      expect(list.body.data).toHaveLength(1);
      expect(list.body.data[0].ticket_count).toBe(2);
    });

    it("deleting a customer deletes the customer's tickets and messages, and nobody else's", async () => {
      const org = await ctx.createOrg();
      const gone1 = await newTicket(org, 'leaving@example.com', 'Zebra crossing');
      const gone2 = await newTicket(org, 'leaving@example.com', 'Another one');
      await org.api.post(`/api/v1/tickets/${gone1.body.data.id}/messages`, { content: 'xylophone reply' });
      const kept = await newTicket(org, 'staying@example.com', 'Kept ticket');
      const customerId = gone1.body.data.customer.id;

      const del = await org.api.delete(`/api/v1/customers/${customerId}`);
      expect(del).toMatchObject({ status: 200, body: { success: true } });

      for (const t of [gone1, gone2]) {
        expect((await org.api.get(`/api/v1/tickets/${t.body.data.id}`)).status).toBe(404);
      }
      const messages = await ctx.database.db
        .selectFrom('messages')
        .select('id')
        .where('ticket_id', 'in', [gone1.body.data.id, gone2.body.data.id])
        .execute();
      expect(messages).toEqual([]);
      const list = await org.api.get('/api/v1/tickets');
      expect(list.body.data.map((t: any) => t.id)).toEqual([kept.body.data.id]);
      expect(list.body.meta.pagination.total).toBe(1);
      const search = await org.api.get('/api/v1/tickets?search=xylophone');
      expect(search.body.data).toEqual([]);
      const searchSubject = await org.api.get('/api/v1/tickets?search=zebra');
      expect(searchSubject.body.data).toEqual([]);
      expect((await org.api.get(`/api/v1/tickets/${kept.body.data.id}`)).status).toBe(200);
    });
  },
  { partitioned: true },
);
