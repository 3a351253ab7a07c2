import { expect, it } from 'vitest';
import { logSettled } from './support/event-log.js';
import { describeEachDialect, ISO_MS, UUID, type TestOrg } from './support/harness.js';

// The organization's public face and the knowledge base's API: collections and articles through HTTP,
// Markdown rendered and sanitized, slugs (made, unique, redirected), revisions and restore, scopes,
// isolation, and article.* events in the log and to subscribed webhooks.

describeEachDialect('knowledge base API', (ctx) => {
  const events = async (org: TestOrg, type: string) => {
    await logSettled(ctx);
    const res = await org.api.get(`/api/v1/events?limit=1000&type=${type}`);
    expect(res.status).toBe(200);
    return res.body.data as { id: string; type: string; data: any }[];
  };

  it('shows and changes the organization: slug from the name, unique, old slugs kept', async () => {
    const a = await ctx.createOrg('Café Société');
    const b = await ctx.createOrg('Café Société');
    const first = await a.api.get('/api/v1/organization');
    expect(first.body).toEqual({
      data: {
        id: a.id,
        name: 'Café Société',
        slug: 'cafe-societe',
        help_center: { enabled: true, title: 'Café Société' },
      },
    });
    expect((await b.api.get('/api/v1/organization')).body.data.slug).toBe('cafe-societe-2');
    // Any scope may read it; only admin changes it.
    const reader = await a.keyWith(['tickets:read']);
    expect(
      (await ctx.app.inject({ url: '/api/v1/organization', headers: { authorization: `Bearer ${reader}` } }))
        .statusCode,
    ).toBe(200);
    const patchNoAdmin = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/organization',
      headers: { authorization: `Bearer ${await a.keyWith(['kb:write'])}` },
      payload: { slug: 'zzz' },
    });
    expect(patchNoAdmin.statusCode).toBe(403);

    const taken = await b.api.patch('/api/v1/organization', { slug: 'cafe-societe' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('conflict');
    for (const slug of ['ab', 'Upper', 'a--b', '-abc', 'a b c']) {
      const bad = await a.api.patch('/api/v1/organization', { slug });
      expect(bad.status, slug).toBe(400);
    }
    const changed = await a.api.patch('/api/v1/organization', {
      slug: 'societe',
      name: 'Société',
      help_center: { title: 'Help <b>me</b>', enabled: false },
    });
    expect(changed.body.data).toEqual({
      id: a.id,
      name: 'Société',
      slug: 'societe',
      help_center: { enabled: false, title: 'Help <b>me</b>' },
    });
    // The old slug stays a's: b cannot take it.
    expect((await b.api.patch('/api/v1/organization', { slug: 'cafe-societe' })).status).toBe(409);
    // a can take it back.
    expect((await a.api.patch('/api/v1/organization', { slug: 'cafe-societe' })).body.data.slug).toBe('cafe-societe');
  });

  it('creates, lists, reads, updates and deletes collections; a collection with articles is 409', async () => {
    const org = await ctx.createOrg();
    const one = await org.api.post('/api/v1/kb/collections', { name: 'Billing', description: 'Money' });
    expect(one.status).toBe(201);
    expect(one.body.data).toEqual({
      id: expect.stringMatching(UUID),
      name: 'Billing',
      description: 'Money',
      position: 0,
      created_at: expect.stringMatching(ISO_MS),
      updated_at: expect.stringMatching(ISO_MS),
    });
    const two = await org.api.post('/api/v1/kb/collections', { name: 'Account' });
    expect(two.body.data.position).toBe(1);
    await org.api
      .patch(`/api/v1/kb/collections/${two.body.data.id}`, { position: -1 })
      .then((r) => expect(r.status).toBe(400));
    await org.api.patch(`/api/v1/kb/collections/${one.body.data.id}`, { position: 5 });
    expect((await org.api.get('/api/v1/kb/collections')).body.data.map((c: any) => c.name)).toEqual([
      'Account',
      'Billing',
    ]);
    const article = await org.api.post('/api/v1/kb/articles', {
      title: 'Invoices',
      body_markdown: 'x',
      collection_id: one.body.data.id,
    });
    expect(article.status).toBe(201);
    const busy = await org.api.delete(`/api/v1/kb/collections/${one.body.data.id}`);
    expect(busy.status).toBe(409);
    expect(busy.body.error.code).toBe('conflict');
    expect((await org.api.delete(`/api/v1/kb/collections/${two.body.data.id}`)).body).toEqual({
      data: { deleted: true },
    });
    expect((await org.api.get(`/api/v1/kb/collections/${two.body.data.id}`)).status).toBe(404);
    // Another organization sees none of it, and cannot file an article under it.
    const other = await ctx.createOrg();
    expect((await other.api.get(`/api/v1/kb/collections/${one.body.data.id}`)).status).toBe(404);
    const foreign = await other.api.post('/api/v1/kb/articles', {
      title: 'x',
      body_markdown: 'x',
      collection_id: one.body.data.id,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.details).toEqual([{ field: 'collection_id', issue: 'not_found' }]);
  });

  it('creates articles with rendered, sanitized HTML and a unique slug from the title', async () => {
    const org = await ctx.createOrg();
    const body =
      '# Reset\n\nUse **Settings**. <script>alert(1)</script><img src=x onerror=alert(2)> [x](javascript:alert(3))';
    const created = await org.api.post('/api/v1/kb/articles', { title: 'Reset your password', body_markdown: body });
    expect(created.status).toBe(201);
    const a = created.body.data;
    expect(a).toMatchObject({
      id: expect.stringMatching(UUID),
      collection_id: null,
      title: 'Reset your password',
      slug: 'reset-your-password',
      body_markdown: body,
      status: 'draft',
      locale: 'en',
      author: null,
      published_at: null,
    });
    expect(a.body_html).toContain('<strong>Settings</strong>');
    expect(a.body_html).not.toMatch(/<script|onerror|javascript:/i);
    const again = await org.api.post('/api/v1/kb/articles', { title: 'Reset your password!', body_markdown: 'y' });
    expect(again.body.data.slug).toBe('reset-your-password-2');
    const clash = await org.api.post('/api/v1/kb/articles', {
      title: 'z',
      body_markdown: 'z',
      slug: 'reset-your-password',
    });
    expect(clash.status).toBe(409);
    for (const bad of [
      { body_markdown: 'x' },
      { title: 'x' },
      { title: '  ', body_markdown: 'x' },
      { title: 'x', body_markdown: 'x', status: 'live' },
    ]) {
      expect((await org.api.post('/api/v1/kb/articles', bad)).status, JSON.stringify(bad)).toBe(400);
    }
    // The same slug in another organization is fine.
    const other = await ctx.createOrg();
    expect(
      (await other.api.post('/api/v1/kb/articles', { title: 'Reset your password', body_markdown: 'x' })).body.data
        .slug,
    ).toBe('reset-your-password');
    expect((await other.api.get(`/api/v1/kb/articles/${a.id}`)).status).toBe(404);
    expect((await other.api.patch(`/api/v1/kb/articles/${a.id}`, { title: 'mine' })).status).toBe(404);
    expect((await other.api.delete(`/api/v1/kb/articles/${a.id}`)).status).toBe(404);
  });

  it('lists with filters and pagination', async () => {
    const org = await ctx.createOrg();
    const col = (await org.api.post('/api/v1/kb/collections', { name: 'C' })).body.data;
    await org.api.post('/api/v1/kb/articles', {
      title: 'Alpha refunds',
      body_markdown: 'money back',
      status: 'published',
    });
    await org.api.post('/api/v1/kb/articles', { title: 'Beta', body_markdown: 'Refund policy', collection_id: col.id });
    await org.api.post('/api/v1/kb/articles', { title: 'Gamma', body_markdown: 'nothing', status: 'archived' });
    const all = await org.api.get('/api/v1/kb/articles?limit=2');
    expect(all.body.meta.pagination).toEqual({ page: 1, limit: 2, total: 3, total_pages: 2 });
    expect((await org.api.get('/api/v1/kb/articles?status=published')).body.data.map((a: any) => a.title)).toEqual([
      'Alpha refunds',
    ]);
    expect(
      (await org.api.get(`/api/v1/kb/articles?collection_id=${col.id}`)).body.data.map((a: any) => a.title),
    ).toEqual(['Beta']);
    const found = (await org.api.get('/api/v1/kb/articles?search=REFUND')).body.data.map((a: any) => a.title).sort();
    expect(found).toEqual(['Alpha refunds', 'Beta']);
    expect((await org.api.get('/api/v1/kb/articles?search=100%25')).body.data).toEqual([]);
  });

  it('publishes with revisions, restores one, redirects a changed slug, and records article events', async () => {
    const org = await ctx.createOrg();
    const a = (await org.api.post('/api/v1/kb/articles', { title: 'Shipping', body_markdown: 'v1' })).body.data;
    expect((await org.api.get(`/api/v1/kb/articles/${a.id}/revisions`)).body.data).toEqual([]);
    const published = await org.api.patch(`/api/v1/kb/articles/${a.id}`, { status: 'published' });
    expect(published.body.data.published_at).toMatch(ISO_MS);
    await org.api.patch(`/api/v1/kb/articles/${a.id}`, { body_markdown: 'v2', slug: 'shipping-times' });
    const revisions = (await org.api.get(`/api/v1/kb/articles/${a.id}/revisions`)).body.data;
    expect(revisions.map((r: any) => r.body_markdown)).toEqual(['v2', 'v1']);
    const restored = await org.api.post(`/api/v1/kb/articles/${a.id}/revisions/${revisions[1].id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.data).toMatchObject({
      body_markdown: 'v1',
      body_html: '<p>v1</p>\n',
      slug: 'shipping-times',
      status: 'published',
    });
    expect(
      (await org.api.post(`/api/v1/kb/articles/${a.id}/revisions/00000000-0000-4000-8000-000000000000/restore`)).status,
    ).toBe(404);
    // Both slugs stay the article's: another article cannot take the old one... unless handed over.
    const slugs = await ctx.database.db
      .selectFrom('kb_article_slugs')
      .select(['slug', 'article_id'])
      .where('organization_id', '=', org.id)
      .execute();
    expect(slugs.map((s) => s.slug).sort()).toEqual(['shipping', 'shipping-times']);

    expect((await events(org, 'article.created')).map((e) => e.data.id)).toEqual([a.id]);
    const updated = await events(org, 'article.updated');
    expect(updated.map((e) => e.data.status)).toEqual(['published', 'published', 'published']);
    expect((await org.api.delete(`/api/v1/kb/articles/${a.id}`)).status).toBe(200);
    expect((await events(org, 'article.deleted')).map((e) => e.data.id)).toEqual([a.id]);
    for (const table of ['kb_passages', 'kb_article_revisions', 'kb_article_slugs'] as const) {
      const left = await ctx.database.db
        .selectFrom(table)
        .select('organization_id')
        .where('organization_id', '=', org.id)
        .execute();
      expect(left, table).toEqual([]);
    }
    expect((await org.api.get(`/api/v1/kb/articles/${a.id}`)).status).toBe(404);
  });

  it('never answers 500 when articles claim one slug at once: made slugs differ, a slug asked for twice is 409 once', async () => {
    const org = await ctx.createOrg();
    const made = await Promise.all(
      Array.from({ length: 6 }, () => org.api.post('/api/v1/kb/articles', { title: 'Same title', body_markdown: 'x' })),
    );
    expect(made.map((r) => r.status)).toEqual(Array(6).fill(201));
    expect(new Set(made.map((r) => r.body.data.slug)).size).toBe(6);
    const asked = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        org.api.post('/api/v1/kb/articles', { title: `T${i}`, body_markdown: 'x', slug: 'wanted-slug' }),
      ),
    );
    expect(asked.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
  });

  it('delivers article events to webhooks subscribed to them', async () => {
    const org = await ctx.createOrg();
    const hook = await org.api.post('/api/v1/webhooks', {
      name: 'kb',
      url: 'https://hooks.example.com/kb',
      events: ['article.created', 'article.deleted'],
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    const a = (await org.api.post('/api/v1/kb/articles', { title: 'Hooked', body_markdown: 'x' })).body.data;
    await org.api.patch(`/api/v1/kb/articles/${a.id}`, { title: 'Hooked again' });
    await org.api.delete(`/api/v1/kb/articles/${a.id}`);
    const deliveries = await ctx.database.db
      .selectFrom('webhook_deliveries')
      .select('event')
      .where('organization_id', '=', org.id)
      .orderBy('created_at')
      .execute();
    expect(deliveries.map((d) => d.event)).toEqual(['article.created', 'article.deleted']);
  });

  it('needs kb:read and kb:write; agents and admins sign in with both', async () => {
    const org = await ctx.createOrg();
    const readOnly = await org.keyWith(['kb:read']);
    const tickets = await org.keyWith(['tickets:read', 'tickets:write']);
    const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
      ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
    expect((await call(readOnly, 'GET', '/api/v1/kb/articles')).statusCode).toBe(200);
    expect((await call(readOnly, 'POST', '/api/v1/kb/articles', { title: 'x', body_markdown: 'x' })).statusCode).toBe(
      403,
    );
    expect((await call(tickets, 'GET', '/api/v1/kb/articles')).statusCode).toBe(403);
    const { ROLE_SCOPES } = await import('../src/auth/staff-session-service.js');
    for (const role of ['agent', 'admin'])
      expect(ROLE_SCOPES[role]).toEqual(expect.arrayContaining(['kb:read', 'kb:write']));
  });
});
