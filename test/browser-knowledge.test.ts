import type { Locator, Page } from '@playwright/test';
import { beforeAll, expect, it } from 'vitest';
import { describeBrowser, expectAccessible, ui, uniqueSuffix, type Staff } from './support/browser.js';

// The knowledge base in the console, checked in the browser and then through the API and the public
// help center: writing with the live preview, a draft that stays private, publishing; revisions and
// their restore; a slug change whose old address redirects; hostile Markdown that the preview never
// runs; collections; the assistant report after help-center conversations; every page at 375 pixels;
// axe-core on each page.

describeBrowser('the knowledge base in the console', (suite) => {
  let agent: Staff;
  let page: Page;
  let orgSlug = '';

  beforeAll(async () => {
    // Agents write articles too (kb:write is part of their role).
    agent = await suite.createAgent({ name: 'Wanda Writer' });
    page = await suite.newPage();
    await suite.signIn(page, agent.email, agent.password);
    orgSlug = (await suite.api('GET', '/api/v1/organization')).body.data.slug;
  });

  const article = async (id: string) => (await suite.api('GET', `/api/v1/kb/articles/${id}`)).body.data;
  const publicPage = (articleSlug: string, init?: RequestInit) =>
    fetch(`${suite.server.base}/help/${orgSlug}/articles/${articleSlug}`, init);
  const markdownBox = () => page.getByLabel('Text (Markdown)');
  const preview = () => page.getByRole('region', { name: 'Preview' });
  const acceptNextDialog = () => page.once('dialog', (dialog) => void dialog.accept());

  it('writes an article beside its preview, saves a private draft, then publishes it to the help center', async () => {
    const suffix = uniqueSuffix();
    const title = `Reset your password ${suffix}`;
    await page.goto('/app/kb');
    await ui(page.getByRole('heading', { name: 'Articles', level: 1 })).toBeVisible();
    await expectAccessible(page, 'the articles list');
    await page.getByRole('link', { name: 'New article' }).click();
    await page.waitForURL(/\/app\/kb\/new$/);
    await page.getByLabel('Title').fill(title);
    await markdownBox().fill(
      'Choose **Forgot password** on the sign-in page.\n\n## Steps\n\n1. Open the link\n2. Choose a password',
    );
    await ui(preview().getByRole('heading', { name: 'Steps' })).toBeVisible();
    await ui(preview().locator('strong')).toHaveText('Forgot password');
    await ui(preview().getByRole('listitem')).toHaveCount(2);
    await expectAccessible(page, 'the article editor');

    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(/\/app\/kb\/articles\/[0-9a-f-]{36}$/);
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const draft = await article(id);
    expect(draft).toMatchObject({ title, status: 'draft', slug: `reset-your-password-${suffix}` });
    expect(draft.author).toEqual({ id: agent.id, name: agent.name });
    expect(draft.body_html).toContain('<h2 id="steps">Steps</h2>');
    expect((await publicPage(draft.slug)).status).toBe(404);

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await ui(page.getByRole('link', { name: 'View in the help center' })).toHaveAttribute(
      'href',
      `/help/${orgSlug}/articles/${draft.slug}`,
    );
    expect(await article(id)).toMatchObject({ status: 'published', published_at: expect.any(String) });
    const reader = await suite.newPage();
    await reader.goto(`/help/${orgSlug}/articles/${draft.slug}`);
    await ui(reader.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await ui(reader.getByRole('heading', { name: 'Steps' })).toBeVisible();

    // The list filters by status and words, kept in the address.
    await page.goto(`/app/kb?state=published&q=${suffix}`);
    await ui(page.getByRole('link', { name: title })).toBeVisible();
    await page.goto(`/app/kb?state=draft&q=${suffix}`);
    await ui(page.getByText('No article matches these filters.')).toBeVisible();
  });

  it('never runs hostile Markdown in the preview: no script, no handler, no javascript: link', async () => {
    const dialogs: string[] = [];
    const onDialog = (dialog: { message(): string; dismiss(): Promise<void> }) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    };
    page.on('dialog', onDialog);
    await page.goto('/app/kb/new');
    await markdownBox().fill(
      [
        'Hello <script>window.__pwned = "script"</script>',
        '<img src="x" onerror="window.__pwned = \'img\'; alert(1)">',
        "[click me](javascript:window.__pwned='link')",
        '<a href="JaVaScRiPt:alert(1)">raw link</a>',
        '<svg onload="window.__pwned = \'svg\'"></svg><iframe src="javascript:alert(1)"></iframe>',
        '<p style="position:fixed;inset:0" onmouseover="alert(1)">covering</p>',
        '**still bold**',
      ].join('\n\n'),
    );
    await ui(preview().locator('strong')).toHaveText('still bold');
    await ui(preview().getByText('click me')).toBeVisible();
    const rendered = preview().locator('.kb-preview');
    expect(await rendered.locator('script, iframe, svg, [onerror], [onload], [onmouseover], [style]').count()).toBe(0);
    expect(await rendered.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(
      [],
    );
    await preview().getByText('click me').click();
    await preview().getByText('covering').hover();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    page.off('dialog', onDialog);
  });

  it('restores a revision, and a changed slug leaves the old address redirecting', async () => {
    const suffix = uniqueSuffix();
    const created = (
      await suite.api('POST', '/api/v1/kb/articles', {
        title: `Refunds ${suffix}`,
        body_markdown: 'Refunds take 30 days.',
        status: 'published',
      })
    ).body.data;
    await page.goto(`/app/kb/articles/${created.id}`);
    await ui(markdownBox()).toHaveValue('Refunds take 30 days.');
    await markdownBox().fill('Refunds take 5 days.');
    await ui(page.getByText('Unsaved changes')).toBeVisible();
    // Ctrl+S saves from inside the text; a published article publishes the edit (a second revision).
    await markdownBox().press('Control+s');
    await expect.poll(async () => (await article(created.id)).body_markdown).toBe('Refunds take 5 days.');
    const revisions = page.getByRole('region', { name: 'Revisions' });
    await ui(revisions.getByRole('listitem')).toHaveCount(2);
    expect(await (await publicPage(created.slug)).text()).toContain('Refunds take 5 days.');

    acceptNextDialog();
    await revisions
      .getByRole('button', { name: /^Restore revision of/ })
      .last()
      .click();
    await ui(markdownBox()).toHaveValue('Refunds take 30 days.');
    await expect.poll(async () => (await article(created.id)).body_markdown).toBe('Refunds take 30 days.');
    expect((await article(created.id)).status).toBe('published');
    await ui(revisions.getByRole('listitem')).toHaveCount(3);
    expect(await (await publicPage(created.slug)).text()).toContain('Refunds take 30 days.');
    await expectAccessible(page, 'the article editor with revisions');

    const slug = `refund-policy-${suffix}`;
    await page.getByLabel('Address (slug)').fill(slug);
    await ui(
      page.getByText(`the old address /help/${orgSlug}/articles/${created.slug} keeps redirecting to it`),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(async () => (await article(created.id)).slug).toBe(slug);
    const old = await publicPage(created.slug, { redirect: 'manual' });
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toContain(`/help/${orgSlug}/articles/${slug}`);
    const reader = await suite.newPage();
    await reader.goto(`/help/${orgSlug}/articles/${created.slug}`);
    await reader.waitForURL(new RegExp(`/articles/${slug}$`));
    await ui(reader.getByRole('heading', { name: `Refunds ${suffix}`, level: 1 })).toBeVisible();
  });

  it('creates, renames, reorders and deletes collections; a collection with articles is refused', async () => {
    const suffix = uniqueSuffix();
    const billing = `Billing ${suffix}`;
    const accounts = `Accounts ${suffix}`;
    await page.goto('/app/kb/collections');
    const form = page.getByRole('form', { name: 'New collection' });
    for (const name of [billing, accounts]) {
      await form.getByLabel('Name').fill(name);
      await form.getByRole('button', { name: 'Create collection' }).click();
      await ui(page.getByRole('listitem', { name })).toBeVisible();
    }
    const names = async () =>
      ((await suite.api('GET', '/api/v1/kb/collections')).body.data as { name: string }[])
        .map((c) => c.name)
        .filter((n) => n.endsWith(suffix));
    expect(await names()).toEqual([billing, accounts]);

    const payments = `Payments ${suffix}`;
    const item = page.getByRole('listitem', { name: billing });
    await item.getByLabel('Name').fill(payments);
    await item.getByRole('button', { name: `Save ${billing}` }).click();
    await ui(page.getByRole('listitem', { name: payments })).toBeVisible();
    expect(await names()).toEqual([payments, accounts]);

    await page.getByRole('button', { name: `Move ${accounts} up` }).click();
    await expect.poll(names).toEqual([accounts, payments]);
    // The moved collection keeps the keyboard focus (on the move still possible).
    await ui(page.getByRole('button', { name: `Move ${accounts} down` })).toBeFocused();
    await expectAccessible(page, 'the collections page');

    const accountsId = (await suite.api('GET', '/api/v1/kb/collections')).body.data.find(
      (c: { name: string }) => c.name === accounts,
    ).id;
    await suite.api('POST', '/api/v1/kb/articles', {
      title: `Close account ${suffix}`,
      body_markdown: 'x',
      collection_id: accountsId,
    });
    acceptNextDialog();
    await page.getByRole('button', { name: `Delete ${accounts}` }).click();
    await ui(page.getByRole('alert')).toContainText('still holds articles');
    acceptNextDialog();
    await page.getByRole('button', { name: `Delete ${payments}` }).click();
    await ui(page.getByRole('listitem', { name: payments })).toHaveCount(0);
    expect(await names()).toEqual([accounts]);
  });

  it('the assistant report shows outcomes, modes, feedback and unanswered questions after help-center chats', async () => {
    const suffix = uniqueSuffix();
    await suite.api('POST', '/api/v1/kb/articles', {
      title: `Shipping times ${suffix}`,
      body_markdown: 'How long do parcels take to ship? Parcels ship within two business days and take a week at most.',
      status: 'published',
    });
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${suite.server.base}/help/${orgSlug}/api/chat${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status, path).toBeLessThan(300);
      return (await res.json()).data;
    };
    const answered = await post('', { message: 'How long do parcels take to ship?' });
    expect(answered.answer.mode).toBe('extractive');
    await post(`/${answered.conversation_id}/feedback`, { answer_id: answered.answer.id, helpful: true });
    const question = `Do you sell <b>purple</b> elephants ${suffix}?`;
    const unanswered = await post('', { message: question });
    expect(unanswered.answer.mode).toBe('none');
    await post(`/${unanswered.conversation_id}/handoff`, { email: `buyer-${suffix}@example.com` });

    await page.goto('/app/kb/report');
    const stat = (region: string, term: string): Locator =>
      page
        .getByRole('region', { name: region })
        .locator('div', { has: page.getByText(term, { exact: true }) })
        .locator('dd');
    await ui(stat('Outcomes', 'Conversations')).toHaveText('2');
    await ui(stat('Outcomes', 'Deflection rate')).toHaveText('50 %');
    await ui(stat('Outcomes', 'Answered without a person')).toHaveText('1');
    await ui(stat('Outcomes', 'Handed off to a person')).toHaveText('1');
    await ui(stat('Outcomes', 'Abandoned')).toHaveText('0');
    await ui(stat('Answers', 'Quoted from articles')).toHaveText('1');
    await ui(stat('Answers', 'No answer')).toHaveText('1');
    await ui(stat('Answers', 'Marked helpful')).toHaveText('1');
    await ui(stat('AI credits this month', 'Used')).toHaveText('0');
    const unansweredTable = page.getByRole('region', { name: 'Questions without an answer' });
    // The customer's words are text, never markup.
    await ui(unansweredTable.getByRole('cell', { name: question })).toBeVisible();
    const latest = page.getByRole('region', { name: 'Latest answers' });
    await ui(
      latest.getByRole('row', { name: /How long do parcels take to ship\?.*Quoted from articles.*Helpful/ }),
    ).toBeVisible();
    await expectAccessible(page, 'the assistant report');
  });

  it('every knowledge base page fits 375 pixels and stays usable there', async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    try {
      for (const path of ['/app/kb', '/app/kb/new', '/app/kb/collections', '/app/kb/report']) {
        await page.goto(path);
        await ui(page.getByRole('navigation', { name: 'Knowledge base' })).toBeVisible();
        await ui(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
      }
      // On a phone the preview follows the text, both full width.
      await page.goto('/app/kb/new');
      await markdownBox().fill('# Small screens');
      await ui(preview().getByRole('heading', { name: 'Small screens' })).toBeVisible();
      const [text, shown] = await Promise.all([markdownBox().boundingBox(), preview().boundingBox()]);
      expect(shown!.y).toBeGreaterThan(text!.y + text!.height - 1);
      await expectAccessible(page, 'the article editor at 375 pixels');
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });
});
