import { expect, it } from 'vitest';
import { DEFAULT_PLAN, upsertPlan } from '../src/billing/plan-store.js';
import { ISO_MS, UUID, call, describeEachDialect } from './support/harness.js';

const base = '/api/v1/webhooks';
const hookBody = { name: 'Ops', url: 'https://hooks.example.com/in', events: ['ticket.created', 'message.created'] };

describeEachDialect('webhook configuration', (ctx) => {
  it('creates a webhook: 201 with exactly id, name, url, secret, events, is_active, created_at', async () => {
    const org = await ctx.createOrg();
    const res = await call(ctx.app, 'POST', base, { token: org.token, body: { ...hookBody, events: ['ticket.created', 'ticket.created', 'message.created'] } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      data: {
        id: expect.stringMatching(UUID),
        name: 'Ops',
        url: 'https://hooks.example.com/in',
        secret: expect.stringMatching(/^whsec_[0-9a-f]{64}$/),
        events: ['ticket.created', 'message.created'],
        is_active: true,
        created_at: expect.stringMatching(ISO_MS),
      },
    });
    const stored = await ctx.database.db.selectFrom('webhooks').selectAll().where('id', '=', res.body.data.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ organization_id: org.id, secret: res.body.data.secret, is_active: 1, failure_count: 0 });
  });

  it('lists and retrieves webhooks without the secret and with updated_at and delivery fields', async () => {
    const org = await ctx.createOrg();
    const a = (await call(ctx.app, 'POST', base, { token: org.token, body: hookBody })).body.data;
    const b = (await call(ctx.app, 'POST', base, { token: org.token, body: { ...hookBody, name: 'Second' } })).body.data;
    const expected = (w: any) => ({
      id: w.id, name: w.name, url: w.url, events: w.events, is_active: true,
      last_delivery_at: null, last_delivery_status: null, created_at: w.created_at, updated_at: w.created_at,
    });
    const list = await call(ctx.app, 'GET', base, { token: org.token });
    expect(list).toMatchObject({ status: 200 });
    expect(list.body).toEqual({ data: [expected(a), expected(b)] });
    const one = await call(ctx.app, 'GET', `${base}/${a.id}`, { token: org.token });
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ data: expected(a) });
  });

  it.each([
    [{ ...hookBody, name: '' }, 'name'],
    [{ ...hookBody, name: 'x'.repeat(101) }, 'name'],
    [{ ...hookBody, events: [] }, 'events'],
    [{ ...hookBody, events: ['ticket.deleted'] }, 'events.0'],
    [{ ...hookBody, url: 'ftp://example.com/' }, 'url'],
    [{ ...hookBody, url: 'not a url' }, 'url'],
    [{ name: 'x', events: ['ticket.created'] }, 'url'],
    [{ ...hookBody, url: 42 }, 'url'],
    [{ ...hookBody, url: ' https://hooks.example.com/in' }, 'url'],
    [{ ...hookBody, url: 'https://user:pw@hooks.example.com/in' }, 'url'],
    [{ ...hookBody, url: `https://hooks.example.com/${'a'.repeat(2048)}` }, 'url'],
  ])('refuses an invalid create body %j with 400', async (body, field) => {
    const org = await ctx.createOrg();
    const res = await call(ctx.app, 'POST', base, { token: org.token, body });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'validation_error', details: [expect.objectContaining({ field })] });
    expect(await ctx.database.db.selectFrom('webhooks').select('id').where('organization_id', '=', org.id).execute()).toEqual([]);
  });

  it('accepts a 100-character name', async () => {
    const org = await ctx.createOrg();
    const res = await call(ctx.app, 'POST', base, { token: org.token, body: { ...hookBody, name: 'n'.repeat(100) } });
    expect(res.status).toBe(201);
  });

  it('updates name, url, events and is_active and returns the full webhook', async () => {
    const org = await ctx.createOrg();
    const created = (await call(ctx.app, 'POST', base, { token: org.token, body: hookBody })).body.data;
    ctx.clock.set(Date.parse(created.created_at) + 5_000);
    try {
      const res = await call(ctx.app, 'PATCH', `${base}/${created.id}`, {
        token: org.token,
        body: { name: 'Renamed', url: 'https://other.example.com/x', events: ['ticket.updated', 'ticket.updated'], is_active: false },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        data: {
          id: created.id, name: 'Renamed', url: 'https://other.example.com/x', events: ['ticket.updated'], is_active: false,
          last_delivery_at: null, last_delivery_status: null, created_at: created.created_at,
          updated_at: new Date(Date.parse(created.created_at) + 5_000).toISOString(),
        },
      });
      expect((await call(ctx.app, 'GET', `${base}/${created.id}`, { token: org.token })).body).toEqual(res.body);
    } finally {
      ctx.clock.set(null);
    }
  });

  it.each([[{ name: '' }], [{ events: [] }], [{ events: ['nope'] }], [{ is_active: 'yes' }], [{ url: 'mailto:a@b.c' }]])(
    'refuses an invalid update %j with 400 and changes nothing',
    async (body) => {
      const org = await ctx.createOrg();
      const created = (await call(ctx.app, 'POST', base, { token: org.token, body: hookBody })).body.data;
      const res = await call(ctx.app, 'PATCH', `${base}/${created.id}`, { token: org.token, body });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
      const after = (await call(ctx.app, 'GET', `${base}/${created.id}`, { token: org.token })).body.data;
      expect(after).toMatchObject({ name: 'Ops', url: hookBody.url, events: hookBody.events, is_active: true });
    },
  );

  it('accepts an upper-case id in paths', async () => {
    const org = await ctx.createOrg();
    const created = (await call(ctx.app, 'POST', base, { token: org.token, body: hookBody })).body.data;
    const upper = created.id.toUpperCase();
    expect((await call(ctx.app, 'GET', `${base}/${upper}`, { token: org.token })).body.data.id).toBe(created.id);
    expect((await call(ctx.app, 'PATCH', `${base}/${upper}`, { token: org.token, body: { name: 'Up' } })).body.data.name).toBe('Up');
    expect((await call(ctx.app, 'GET', `${base}/${upper}/deliveries`, { token: org.token })).status).toBe(200);
    expect((await call(ctx.app, 'DELETE', `${base}/${upper}`, { token: org.token })).status).toBe(200);
  });

  it('deletes a webhook: {data:{deleted:true}}, then 404', async () => {
    const org = await ctx.createOrg();
    const created = (await call(ctx.app, 'POST', base, { token: org.token, body: hookBody })).body.data;
    const res = await call(ctx.app, 'DELETE', `${base}/${created.id}`, { token: org.token });
    expect(res).toMatchObject({ status: 200, body: { data: { deleted: true } } });
    expect((await call(ctx.app, 'GET', `${base}/${created.id}`, { token: org.token })).status).toBe(404);
    expect((await call(ctx.app, 'DELETE', `${base}/${created.id}`, { token: org.token })).status).toBe(404);
  });

  it("answers 404 for another organization's webhook and for malformed ids", async () => {
    const owner = await ctx.createOrg('owner');
    const other = await ctx.createOrg('other');
    const created = (await call(ctx.app, 'POST', base, { token: owner.token, body: hookBody })).body.data;
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
      const res = await call(ctx.app, method, url, { token: other.token, body });
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    expect((await call(ctx.app, 'GET', base, { token: other.token })).body).toEqual({ data: [] });
    expect((await call(ctx.app, 'GET', `${base}/${created.id}`, { token: owner.token })).body.data.name).toBe('Ops');
  });

  it('enforces scopes: webhooks:read to read, webhooks:write to change, tickets:write for subscribe', async () => {
    const org = await ctx.createOrg();
    const readOnly = await org.keyWith(['webhooks:read']);
    const ticketsWrite = await org.keyWith(['tickets:write']);
    const created = (await call(ctx.app, 'POST', base, { token: org.token, body: hookBody })).body.data;
    expect((await call(ctx.app, 'GET', base, { token: readOnly })).status).toBe(200);
    expect((await call(ctx.app, 'GET', `${base}/${created.id}/deliveries`, { token: readOnly })).status).toBe(200);
    const denied = await call(ctx.app, 'POST', base, { token: readOnly, body: hookBody });
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe('insufficient_scope');
    expect((await call(ctx.app, 'PATCH', `${base}/${created.id}`, { token: readOnly, body: { name: 'x' } })).status).toBe(403);
    expect((await call(ctx.app, 'DELETE', `${base}/${created.id}`, { token: readOnly })).status).toBe(403);
    expect((await call(ctx.app, 'GET', base, { token: ticketsWrite })).status).toBe(403);
    expect((await call(ctx.app, 'POST', `${base}/subscribe`, { token: readOnly, body: { url: hookBody.url, event: 'ticket.created' } })).status).toBe(403);
    expect((await call(ctx.app, 'POST', `${base}/subscribe`, { token: ticketsWrite, body: { url: hookBody.url, event: 'ticket.created' } })).status).toBe(201);
    expect((await call(ctx.app, 'POST', `${base}/unsubscribe`, { token: ticketsWrite, body: { url: hookBody.url } })).status).toBe(201);
    expect((await call(ctx.app, 'GET', base)).status).toBe(401);
  });

  it("enforces the plan's webhook limit on create and on subscribe (inactive webhooks count)", async () => {
    const org = await ctx.createOrg();
    await upsertPlan(ctx.database.forOrganization(org.id), { ...DEFAULT_PLAN, webhooks_limit: 1 }, ctx.clock());
    const first = await call(ctx.app, 'POST', base, { token: org.token, body: hookBody });
    expect(first.status).toBe(201);
    await call(ctx.app, 'PATCH', `${base}/${first.body.data.id}`, { token: org.token, body: { is_active: false } });
    const second = await call(ctx.app, 'POST', base, { token: org.token, body: { ...hookBody, name: 'Second' } });
    expect(second.status).toBe(403);
    expect(second.body.error.code).toBe('plan_limit_exceeded');
    const sub = await call(ctx.app, 'POST', `${base}/subscribe`, { token: org.token, body: { url: 'https://new.example.com/', event: 'ticket.created' } });
    expect(sub.status).toBe(403);
    expect(sub.body.error.code).toBe('plan_limit_exceeded');
    // Adding an event to the existing webhook creates nothing, so it is allowed.
    const add = await call(ctx.app, 'POST', `${base}/subscribe`, { token: org.token, body: { url: hookBody.url, event: 'ticket.updated' } });
    expect(add.status).toBe(201);
    expect((await call(ctx.app, 'GET', base, { token: org.token })).body.data).toHaveLength(1);
  });
});
