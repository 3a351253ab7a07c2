import { expect, it } from 'vitest';
import { describeEachDialect } from './support/harness.js';

// The public help center through HTTP: pages (home, article, search, sitemap) and the search API,
// published articles of that organization only, 404 for drafts, archived articles, other
// organizations' articles and a disabled help center, 301s for former slugs, escaped output.

describeEachDialect('public help center', (ctx) => {
  const get = (url: string) => ctx.app.inject({ method: 'GET', url });
  let n = 0;

  async function setup(name = 'Acme <Support>') {
    const org = await ctx.createOrg(name);
    const slug = `acme-${Date.now().toString(36)}-${++n}`;
    await org.api.patch('/api/v1/organization', { slug });
    const collection = (await org.api.post('/api/v1/kb/collections', { name: 'Account & <b>Access</b>' })).body.data;
    const post = async (body: object) => (await org.api.post('/api/v1/kb/articles', body)).body.data;
    const published = await post({
      title: 'Reset your <password>',
      body_markdown: '## Forgot it?\n\nUse the **Forgot password** link on the sign-in page.',
      collection_id: collection.id,
      status: 'published',
    });
    const draft = await post({ title: 'Secret draft', body_markdown: 'not yet' });
    const archived = await post({ title: 'Old archived', body_markdown: 'gone', status: 'archived' });
    return { org, slug, published, draft, archived };
  }

  it('serves the home page with collections and published articles only, escaped, with lang and canonical', async () => {
    const { slug, published } = await setup();
    const res = await get(`/help/${slug}/`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    const body = res.body;
    expect(body).toContain('<html lang="en">');
    expect(body).toContain(`<link rel="canonical" href="${ctx.config.publicUrl.replace(/\/$/, '')}/help/${slug}/">`);
    expect(body).toContain('<title>Acme &lt;Support&gt;</title>');
    expect(body).toContain('Account &amp; &lt;b&gt;Access&lt;/b&gt;');
    expect(body).toContain(`href="/help/${slug}/articles/${published.slug}"`);
    expect(body).toContain('Reset your &lt;password&gt;');
    expect(body).not.toContain('Secret draft');
    expect(body).not.toContain('Old archived');
    expect(body).not.toMatch(/<script/i);
    expect((await get(`/help/${slug}`)).statusCode).toBe(301);
  });

  it('serves published articles; drafts, archived, unknown and other organizations’ articles are 404', async () => {
    const a = await setup();
    const b = await setup('Other');
    const page = await get(`/help/${a.slug}/articles/${a.published.slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h2 id="forgot-it">Forgot it?</h2>');
    expect(page.body).toContain('<title>Reset your &lt;password&gt; – Acme &lt;Support&gt;</title>');
    for (const url of [
      `/help/${a.slug}/articles/${a.draft.slug}`,
      `/help/${a.slug}/articles/${a.archived.slug}`,
      `/help/${a.slug}/articles/nope`,
      `/help/${b.slug}/articles/${a.published.slug}x`,
      `/help/no-such-center/`,
      `/help/${a.slug}/articles/${encodeURIComponent('<script>')}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('<script>');
    }
    // b's article of the same slug is b's own, never a's.
    const bPage = await get(`/help/${b.slug}/articles/${b.published.slug}`);
    expect(bPage.statusCode).toBe(200);
    expect((await get(`/help/${b.slug}/articles/${a.draft.slug}`)).statusCode).toBe(404);
  });

  it('redirects a former organization slug and a former article slug (301)', async () => {
    const { org, slug, published } = await setup();
    await org.api.patch('/api/v1/organization', { slug: `${slug}-new` });
    const moved = await get(`/help/${slug}/articles/${published.slug}?x=1`);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/help/${slug}-new/articles/${published.slug}?x=1`);
    await org.api.patch(`/api/v1/kb/articles/${published.id}`, { slug: 'reset-password' });
    const renamed = await get(`/help/${slug}-new/articles/${published.slug}`);
    expect(renamed.statusCode).toBe(301);
    expect(renamed.headers.location).toBe(`/help/${slug}-new/articles/reset-password`);
    expect((await get(`/help/${slug}-new/articles/reset-password`)).statusCode).toBe(200);
  });

  it('a disabled help center is 404 everywhere', async () => {
    const { org, slug, published } = await setup();
    await org.api.patch('/api/v1/organization', { help_center: { enabled: false } });
    for (const url of [
      `/help/${slug}/`,
      `/help/${slug}/articles/${published.slug}`,
      `/help/${slug}/search?q=reset`,
      `/help/${slug}/sitemap.xml`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
    const api = await get(`/help/${slug}/api/search?q=reset`);
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('not_found');
  });

  it('searches published articles (page and API), escapes the query, and lists them in the sitemap', async () => {
    const { org, slug, published } = await setup();
    const other = await setup('Other');
    const api = await get(`/help/${slug}/api/search?q=${encodeURIComponent('I forgot my passwords')}`);
    expect(api.statusCode).toBe(200);
    expect(api.json().data).toEqual([
      {
        id: published.id,
        title: 'Reset your <password>',
        slug: published.slug,
        snippet: expect.stringContaining('Forgot password'),
        url: `${ctx.config.publicUrl.replace(/\/$/, '')}/help/${slug}/articles/${published.slug}`,
      },
    ]);
    expect((await get(`/help/${slug}/api/search?q=secret%20draft`)).json().data).toEqual([]);
    expect((await get(`/help/${slug}/api/search?q=`)).json().data).toEqual([]);
    // The other organization's identical article is never among these results.
    expect((await get(`/help/${slug}/api/search?q=password`)).json().data.map((r: any) => r.id)).toEqual([
      published.id,
    ]);
    expect(other.published.id).not.toBe(published.id);
    const page = await get(`/help/${slug}/search?q=${encodeURIComponent('<script>alert(1)</script> password')}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body).toContain('&lt;script&gt;');
    expect(page.body).toContain(`href="/help/${slug}/articles/${published.slug}"`);
    const map = await get(`/help/${slug}/sitemap.xml`);
    expect(map.headers['content-type']).toMatch(/^application\/xml/);
    expect(map.body).toContain(`/help/${slug}/articles/${published.slug}</loc>`);
    expect(map.body).not.toContain('secret-draft');
    // Operators' FTS syntax is data: quotes and operators in a question do not break the search.
    for (const q of ['"', 'NEAR(a b)', 'a AND OR NOT', '*', ':', '&|!']) {
      expect((await get(`/help/${slug}/api/search?q=${encodeURIComponent(q)}`)).statusCode, q).toBe(200);
    }
    await org.api.patch(`/api/v1/kb/articles/${published.id}`, { status: 'archived' });
    expect((await get(`/help/${slug}/api/search?q=password`)).json().data).toEqual([]);
  });
});
