import { expect, it } from 'vitest';
import { DEFAULT_PLAN, upsertPlan } from '../src/billing/plan-store.js';
import { api } from './support/api.js';
import { ISO_MS, UUID, describeEachDialect } from './support/harness.js';

const base = '/api/v1/webhooks';
const hookBody = { name: 'Ops', url: 'https://hooks.example.com/in', events: ['ticket.created', 'message.created'] };

describeEachDialect(
  'webhook configuration',
  (ctx) => {
    it('creates a webhook: 201 with exactly id, name, url, secret, events, is_active, created_at', async () => {
      const org = await ctx.createOrg();
      const res = await org.api.post(base, {
        ...hookBody,
        events: ['ticket.created', 'ticket.created', 'message.created'],
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        data: {
          id: expect.stringMatching(UUID),
          name: 'Ops',
          url: 'https://hooks.example.com/in',
          secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
          events: ['ticket.created', 'message.created'],
          is_active: true,
          created_at: expect.stringMatching(ISO_MS),
        },
      });
      const stored = await ctx.database.db
        .selectFrom('webhooks')
        .selectAll()
        .where('id', '=', res.body.data.id)
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({
        organization_id: org.id,
        secret: res.body.data.secret,
        is_active: 1,
        failure_count: 0,
      });
    });

    it('lists and retrieves webhooks without the secret and with updated_at and delivery fields', async () => {
      const org = await ctx.createOrg();
      const a = (await org.api.post(base, hookBody)).body.data;
      const b = (await org.api.post(base, { ...hookBody, name: 'Second' })).body.data;
      const expected = (w: any) => ({
        id: w.id,
        name: w.name,
        url: w.url,
        events: w.events,
        is_active: true,
        last_delivery_at: null,
        last_delivery_status: null,
        created_at: w.created_at,
        updated_at: w.created_at,
      });
      const list = await org.api.get(base);
      expect(list).toMatchObject({ status: 200 });
      expect(list.body).toEqual({ data: [expected(a), expected(b)] });
      const one = await org.api.get(`${base}/${a.id}`);
      expect(one.status).toBe(200);
      expect(one.body).toEqual({ data: expected(a) });
    });

    it.each([
      [{ ...hookBody, name: '' }, 'name'],
      [{ ...hookBody, name: 'x'.repeat(101) }, 'name'],
      [{ ...hookBody, events: [] }, 'events'],
      [{ ...hookBody, events: ['ticket.archived'] }, 'events.0'],
      [{ ...hookBody, url: 'ftp://example.com/' }, 'url'],
      [{ ...hookBody, url: 'not a url' }, 'url'],
      [{ name: 'x', events: ['ticket.created'] }, 'url'],
      [{ ...hookBody, url: 42 }, 'url'],
      [{ ...hookBody, url: ' https://hooks.example.com/in' }, 'url'],
      [{ ...hookBody, url: 'https://user:pw@hooks.example.com/in' }, 'url'],
      [{ ...hookBody, url: `https://hooks.example.com/${'a'.repeat(2048)}` }, 'url'],
    ])('refuses an invalid create body %j with 400', async (body, field) => {
      const org = await ctx.createOrg();
      const res = await org.api.post(base, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'validation_error', details: [expect.objectContaining({ field })] });
      expect(
        await ctx.database.db.selectFrom('webhooks').select('id').where('organization_id', '=', org.id).execute(),
      ).toEqual([]);
    });

    it('accepts a 100-character name', async () => {
      const org = await ctx.createOrg();
      const res = await org.api.post(base, { ...hookBody, name: 'n'.repeat(100) });
      expect(res.status).toBe(201);
    });

    it('updates name, url, events and is_active and returns the full webhook', async () => {
      const org = await ctx.createOrg();
      const created = (await org.api.post(base, hookBody)).body.data;
      ctx.clock.set(Date.parse(created.created_at) + 5_000);
      try {
        const res = await org.api.patch(`${base}/${created.id}`, {
          name: 'Renamed',
          url: 'https://other.example.com/x',
          events: ['ticket.updated', 'ticket.updated'],
          is_active: false,
        });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({
          data: {
            id: created.id,
            name: 'Renamed',
            url: 'https://other.example.com/x',
            events: ['ticket.updated'],
            is_active: false,
            last_delivery_at: null,
            last_delivery_status: null,
            created_at: created.created_at,
            updated_at: new Date(Date.parse(created.created_at) + 5_000).toISOString(),
          },
        });
        expect((await org.api.get(`${base}/${created.id}`)).body).toEqual(res.body);
      } finally {
        ctx.clock.set(null);
      }
    });

    it.each([
      [{ name: '' }],
      [{ events: [] }],
      [{ events: ['nope'] }],
      [{ is_active: 'yes' }],
      [{ url: 'mailto:a@b.c' }],
    ])('refuses an invalid update %j with 400 and changes nothing', async (body) => {
      const org = await ctx.createOrg();
      const created = (await org.api.post(base, hookBody)).body.data;
      const res = await org.api.patch(`${base}/${created.id}`, body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
      const after = (await org.api.get(`${base}/${created.id}`)).body.data;
      expect(after).toMatchObject({ name: 'Ops', url: hookBody.url, events: hookBody.events, is_active: true });
    });

    it('accepts an upper-case id in paths', async () => {
      const org = await ctx.createOrg();
      const created = (await org.api.post(base, hookBody)).body.data;
      const upper = created.id.toUpperCase();
      expect((await org.api.get(`${base}/${upper}`)).body.data.id).toBe(created.id);
      expect((await org.api.patch(`${base}/${upper}`, { name: 'Up' })).body.data.name).toBe('Up');
      expect((await org.api.get(`${base}/${upper}/deliveries`)).status).toBe(200);
      expect((await org.api.delete(`${base}/${upper}`)).status).toBe(200);
    });

    it('deletes a webhook: {data:{deleted:true}}, then 404', async () => {
      const org = await ctx.createOrg();
      const created = (await org.api.post(base, hookBody)).body.data;
      const res = await org.api.delete(`${base}/${created.id}`);
      expect(res).toMatchObject({ status: 200, body: { data: { deleted: true } } });
      expect((await org.api.get(`${base}/${created.id}`)).status).toBe(404);
      expect((await org.api.delete(`${base}/${created.id}`)).status).toBe(404);
    });

    it("answers 404 for another organization's webhook and for malformed ids", async () => {
      const owner = await ctx.createOrg('owner');
      const other = await ctx.createOrg('other');
      const created = (await owner.api.post(base, hookBody)).body.data;
      for (const [method, url, body] of [
        ['GET', `${base}/${created.id}`, undefined],
        ['PATCH', `${base}/${created.id}`, { name: 'x' }],
        ['DELETE', `${base}/${created.id}`, undefined],
        ['GET', `${base}/${created.id}/deliveries`, undefined],
        ['GET', `${base}/not-a-uuid`, undefined],
        ['PATCH', `${base}/not-a-uuid`, { name: 'x' }],
        ['DELETE', `${base}/not-a-uuid`, undefined],
        ['GET', `${base}/not-a-uuid/deliveries`, undefined],
      ] as const) {
        const res = await other.api.request(method, url, body);
        expect(res.status, `${method} ${url}`).toBe(404);
        expect(res.body.error.code).toBe('not_found');
      }
      expect((await other.api.get(base)).body).toEqual({ data: [] });
      expect((await owner.api.get(`${base}/${created.id}`)).body.data.name).toBe('Ops');
    });

    it('enforces scopes: webhooks:read to read, webhooks:write to change, tickets:write for subscribe', async () => {
      const org = await ctx.createOrg();
      const readOnly = api(ctx.app, await org.keyWith(['webhooks:read']));
      const ticketsWrite = api(ctx.app, await org.keyWith(['tickets:write']));
      const created = (await org.api.post(base, hookBody)).body.data;
      expect((await readOnly.get(base)).status).toBe(200);
      expect((await readOnly.get(`${base}/${created.id}/deliveries`)).status).toBe(200);
      const denied = await readOnly.post(base, hookBody);
      expect(denied.status).toBe(403);
      expect(denied.body.error.code).toBe('insufficient_scope');
      expect((await readOnly.patch(`${base}/${created.id}`, { name: 'x' })).status).toBe(403);
      expect((await readOnly.delete(`${base}/${created.id}`)).status).toBe(403);
      expect((await ticketsWrite.get(base)).status).toBe(403);
      expect((await readOnly.post(`${base}/subscribe`, { url: hookBody.url, event: 'ticket.created' })).status).toBe(
        403,
      );
      expect(
        (await ticketsWrite.post(`${base}/subscribe`, { url: hookBody.url, event: 'ticket.created' })).status,
      ).toBe(201);
      expect((await ticketsWrite.post(`${base}/unsubscribe`, { url: hookBody.url })).status).toBe(201);
      expect((await api(ctx.app).get(base)).status).toBe(401);
    });

    it("enforces the plan's webhook limit on create and on subscribe (inactive webhooks count)", async () => {
      const org = await ctx.createOrg();
      await upsertPlan(ctx.database.forOrganization(org.id), { ...DEFAULT_PLAN, webhooks_limit: 1 }, ctx.clock());
      const first = await org.api.post(base, hookBody);
      expect(first.status).toBe(201);
      await org.api.patch(`${base}/${first.body.data.id}`, { is_active: false });
      const second = await org.api.post(base, { ...hookBody, name: 'Second' });
      expect(second.status).toBe(403);
      expect(second.body.error.code).toBe('plan_limit_exceeded');
      const sub = await org.api.post(`${base}/subscribe`, { url: 'https://new.example.com/', event: 'ticket.created' });
      expect(sub.status).toBe(403);
      expect(sub.body.error.code).toBe('plan_limit_exceeded');
      // Adding an event to the existing webhook creates nothing, so it is allowed.
      const add = await org.api.post(`${base}/subscribe`, { url: hookBody.url, event: 'ticket.updated' });
      expect(add.status).toBe(201);
      expect((await org.api.get(base)).body.data).toHaveLength(1);
    });
  },
  { partitioned: true },
);
