import { expect, it } from 'vitest';
import { openWith } from '../src/auth/staff-secret-box.js';
import { describeEachDialect, ISO_MS, UUID } from './support/harness.js';
import { createWidget, identityToken, SHOP, visitor } from './support/widget-visitors.js';

// The chat widgets' admin routes (scope admin): create (the identity secret shown once), list, get,
// change, rotate the secret (the old one stops verifying), delete (sessions end), other organizations'
// widgets out of reach, origins validated, the secret stored sealed.

describeEachDialect('chat widgets (admin)', (ctx) => {
  it('creates a widget with a public key and a one-time identity secret, stored sealed', async () => {
    const org = await ctx.createOrg();
    const res = await org.api.post('/api/v1/widgets', {
      name: 'Shop',
      allowed_origins: ['https://Shop.Example/', 'http://localhost:3000'],
      identity: 'required',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const widget = res.body.data;
    expect(widget).toEqual({
      id: expect.stringMatching(UUID),
      name: 'Shop',
      key: expect.stringMatching(/^wk_[A-Za-z0-9_-]{24}$/),
      allowed_origins: ['https://shop.example', 'http://localhost:3000'],
      identity: 'required',
      identity_secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      created_at: expect.stringMatching(ISO_MS),
      updated_at: expect.stringMatching(ISO_MS),
    });
    const { identity_secret, ...shown } = widget;
    expect((await org.api.get(`/api/v1/widgets/${widget.id}`)).body).toEqual({ data: shown });
    expect((await org.api.get('/api/v1/widgets')).body).toEqual({ data: [shown] });
    const row = await ctx.database.db.selectFrom('widgets').selectAll().where('id', '=', widget.id).executeTakeFirst();
    expect(row!.organization_id).toBe(org.id);
    expect(row!.identity_secret).not.toContain(identity_secret);
    const lookup = await ctx.database.db
      .selectFrom('widget_key_lookup')
      .selectAll()
      .where('key', '=', widget.key)
      .executeTakeFirst();
    expect(lookup).toEqual({ key: widget.key, owner_organization_id: org.id, widget_id: widget.id });
    // Without SECRET_KEY the box's key is the installation's: the sealed value opens to the secret.
    const stored = await ctx.database.db
      .selectFrom('installation_secrets')
      .select('secret')
      .where('name', '=', 'two_factor_key')
      .executeTakeFirst();
    if (stored) expect(openWith(Buffer.from(stored.secret, 'base64'), row!.identity_secret)).toBe(identity_secret);
  });

  it('refuses what is not an origin, a blank name and unknown identity modes (400, nothing stored)', async () => {
    const org = await ctx.createOrg();
    for (const body of [
      { name: 'x', allowed_origins: ['https://shop.example/path'] },
      { name: 'x', allowed_origins: ['*'] },
      { name: 'x', allowed_origins: ['javascript:alert(1)'] },
      { name: ' ', allowed_origins: [SHOP] },
      { name: 'x', allowed_origins: [SHOP], identity: 'sometimes' },
    ]) {
      const res = await org.api.post('/api/v1/widgets', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
    }
    expect((await org.api.get('/api/v1/widgets')).body.data).toEqual([]);
  });

  it('changes name, origins and identity mode; other organizations see 404; agents get 403', async () => {
    const org = await ctx.createOrg();
    const other = await ctx.createOrg();
    const widget = await createWidget(org);
    const res = await org.api.patch(`/api/v1/widgets/${widget.id}`, {
      name: 'Docs',
      allowed_origins: ['https://docs.example'],
      identity: 'off',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Docs', allowed_origins: ['https://docs.example'], identity: 'off' });
    expect(res.body.data.identity_secret).toBeUndefined();
    for (const [method, path] of [
      ['GET', ''],
      ['PATCH', ''],
      ['DELETE', ''],
      ['POST', '/rotate-identity-secret'],
    ] as const) {
      const refused = await other.api.request(
        method,
        `/api/v1/widgets/${widget.id}${path}`,
        method === 'PATCH' ? {} : undefined,
      );
      expect(refused.status, `${method} ${path}`).toBe(404);
    }
    expect((await org.api.get('/api/v1/widgets/not-a-uuid')).status).toBe(404);
    const agent = await org.keyWith(['tickets:read', 'tickets:write']);
    const forbidden = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/widgets',
      headers: { authorization: `Bearer ${agent}` },
    });
    expect(forbidden.statusCode).toBe(403);
    expect((await other.api.get('/api/v1/widgets')).body.data).toEqual([]);
  });

  it('rotating the identity secret shows the new one once; tokens signed with the old one stop working', async () => {
    const org = await ctx.createOrg();
    const widget = await createWidget(org, { identity: 'required' });
    const claims = { sub: 'u-1', email: 'ada@example.com' };
    const old = await identityToken(widget.identity_secret, claims);
    expect((await visitor(ctx.app, widget.key).open(old)).status).toBe(201);
    const rotated = await org.api.post(`/api/v1/widgets/${widget.id}/rotate-identity-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.identity_secret).not.toBe(widget.identity_secret);
    const refused = await visitor(ctx.app, widget.key).open(old);
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('invalid_identity');
    const fresh = await identityToken(rotated.body.data.identity_secret, claims);
    expect((await visitor(ctx.app, widget.key).open(fresh)).status).toBe(201);
  });

  it('deleting a widget ends its key and its visitor sessions; its tickets stay', async () => {
    const org = await ctx.createOrg();
    const widget = await createWidget(org);
    const v = visitor(ctx.app, widget.key);
    await v.open();
    const opened = await v.request('POST', '/conversations', { message: 'Hello', email: 'v@example.com' });
    expect(opened.status).toBe(201);
    expect((await org.api.delete(`/api/v1/widgets/${widget.id}`)).body).toEqual({ data: { deleted: true } });
    expect((await org.api.get(`/api/v1/widgets/${widget.id}`)).status).toBe(404);
    expect((await org.api.delete(`/api/v1/widgets/${widget.id}`)).status).toBe(404);
    expect((await visitor(ctx.app, widget.key).open()).status).toBe(404);
    expect(
      (
        await visitor(ctx.app, widget.key, { withKey: false }).request('GET', '/conversations', undefined, {
          authorization: `Bearer ${v.token}`,
        })
      ).status,
    ).toBe(401);
    expect((await org.api.get(`/api/v1/tickets/${opened.body.data.id}`)).status).toBe(200);
  });
  it('serves /widget.js (short cache) pointing at a content-hashed build (a year), loadable from any site', async () => {
    const loader = await ctx.app.inject({ method: 'GET', url: '/widget.js' });
    expect(loader.statusCode).toBe(200);
    expect(loader.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(loader.headers['cache-control']).toBe('public, max-age=300');
    expect(loader.headers['access-control-allow-origin']).toBe('*');
    expect(loader.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(loader.headers['content-security-policy']).toBeUndefined();
    const file = /widget-[0-9a-f]{12}\.js/.exec(loader.body)![0];
    const asset = await ctx.app.inject({ method: 'GET', url: `/widget/assets/${file}` });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['access-control-allow-origin']).toBe('*');
    expect(asset.body).not.toContain('innerHTML');
    for (const missing of ['widget-000000000000.js', '..%2Fmanifest.json', 'manifest.json']) {
      expect((await ctx.app.inject({ method: 'GET', url: `/widget/assets/${missing}` })).statusCode).toBe(404);
    }
  });
});
