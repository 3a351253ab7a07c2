import { createServer, type Server } from 'node:http';
import type { Page } from '@playwright/test';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiCall, expectStatus } from './support/browser-server.js';
import { freePort } from './support/ports.js';
import { describeBrowser, expectAccessible, ui, uniqueSuffix } from './support/browser.js';

// The chat widget in a real browser: a host page on one origin embeds /widget.js from the server on
// another. A visitor opens it, gives an email and writes (a WIDGET ticket appears); an agent's reply
// through the API shows up without a reload (on PostgreSQL through a second server process), markup in
// it stays text; the page's aggressive CSS leaves the widget's look alone; axe-core finds nothing serious.

const AGGRESSIVE_CSS =
  'button,div,input,textarea{all:unset!important;display:block!important;font:40px/3 serif!important;' +
  'color:lime!important;background:magenta!important;border:9px dotted red!important}*{letter-spacing:5px!important}';

describeBrowser('the chat widget on another site', (suite) => {
  let host: Server;
  let hostOrigin = '';
  let widgetKey = '';
  beforeAll(async () => {
    const port = await freePort();
    hostOrigin = `http://127.0.0.1:${port}`;
    const widget = expectStatus(
      await suite.api('POST', '/api/v1/widgets', { name: 'Shop', allowed_origins: [hostOrigin], identity: 'off' }),
      201,
      'POST /api/v1/widgets',
    ).body.data;
    widgetKey = widget.key;
    host = createServer((req, res) => {
      const aggressive = req.url?.startsWith('/aggressive');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="en"><head><title>Shop</title>${aggressive ? `<style>${AGGRESSIVE_CSS}</style>` : ''}</head>` +
          `<body><main><h1>Shop</h1><p>Welcome.</p><button type="button">Buy</button></main>` +
          `<script src="${suite.server.base}/widget.js" data-key="${widgetKey}" async></script></body></html>`,
      );
    });
    await new Promise<void>((resolve) => host.listen(port, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    host.closeAllConnections();
    await new Promise((resolve) => host.close(resolve));
  });

  const shadowCount = (page: Page, selector: string) =>
    page.evaluate(
      (s) => document.querySelector('[data-helpdesk-widget]')?.shadowRoot?.querySelectorAll(s).length ?? -1,
      selector,
    );

  async function widgetTickets(): Promise<any[]> {
    const res = await suite.api('GET', '/api/v1/tickets?limit=100');
    return (res.body.data as any[]).filter((t) => t.channel === 'WIDGET');
  }

  it('a visitor writes, a WIDGET ticket appears, and the agent’s reply arrives live, as text', async () => {
    const admin = await suite.admin();
    const page = await suite.newPage();
    await page.goto(`${hostOrigin}/`);
    const launcher = page.getByRole('button', { name: 'Chat with us' });
    await launcher.click();
    const subject = `Where is my order ${uniqueSuffix()}?`;
    await page.getByLabel('Email').fill('visitor@example.com');
    await page.getByRole('textbox', { name: 'Message' }).fill(subject);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await ui(page.getByText(subject).first()).toBeVisible();
    let ticket: any;
    await expect
      .poll(async () => (ticket = (await widgetTickets()).find((t) => t.subject === subject)), { timeout: 10_000 })
      .toBeTruthy();
    expect(ticket.customer.email).toBe('visitor@example.com');
    const token = await page.evaluate((k) => localStorage.getItem(`helpdesk-widget:${k}`), widgetKey);
    expect(JSON.parse(token!).token).toMatch(/^wvt_/);
    await expectAccessible(page, 'the open chat widget');

    // The reply, with markup in it, through the API (on PostgreSQL: through another server process).
    const other = suite.dialect === 'postgres' ? await suite.startAnotherServer() : suite.server;
    const hostile = '<img src=x onerror="window.__pwned=1"> Shipped today, see https://track.example/42';
    expectStatus(
      await apiCall(other.base, 'POST', `/api/v1/tickets/${ticket.id}/messages`, {
        token: suite.apiKey,
        body: { content: hostile, user_id: admin.id },
      }),
      201,
      'reply',
    );
    await ui(page.locator('.msg', { hasText: 'Shipped today' })).toBeVisible();
    await ui(page.locator('.msg .who', { hasText: admin.name })).toBeVisible();
    expect(await shadowCount(page, 'img')).toBe(0);
    expect(await page.evaluate(() => (window as any).__pwned)).toBeUndefined();
    await ui(page.getByRole('link', { name: 'https://track.example/42' })).toHaveAttribute('rel', /noopener/);
    expect(
      await page.evaluate(() => {
        const live = document.querySelector('[data-helpdesk-widget]')?.shadowRoot?.querySelector('[aria-live]');
        return live?.textContent ?? '';
      }),
    ).toContain(`New reply from ${admin.name}`);

    // Escape closes the dialog and gives the focus back to the launcher; a reply meanwhile counts as unread.
    await page.keyboard.press('Escape');
    await ui(launcher).toBeFocused();
    expectStatus(
      await suite.api('POST', `/api/v1/tickets/${ticket.id}/messages`, {
        content: 'Anything else?',
        user_id: admin.id,
      }),
      201,
      'second reply',
    );
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            document.querySelector('[data-helpdesk-widget]')?.shadowRoot?.querySelector('.badge')?.textContent ?? '',
        ),
      )
      .toBe('1');
    await page.context().close();
  });

  it('what a visitor types while the conversations load stays where they type it', async () => {
    const page = await suite.newPage();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => url.pathname === '/widget/v1/conversations',
      async (route) => {
        if (route.request().method() === 'GET') await held;
        await route.continue();
      },
    );
    await page.goto(`${hostOrigin}/`);
    const listed = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/widget/v1/conversations' && r.request().method() === 'GET',
    );
    await page.getByRole('button', { name: 'Chat with us' }).click();
    await page.getByLabel('Email').fill('early@example.com');
    const message = page.getByRole('textbox', { name: 'Message' });
    await message.fill('Typed before the list came');
    release();
    await listed;
    // The list has arrived; the visitor goes on typing without looking.
    await page.keyboard.type(', and after.');
    await ui(message).toHaveValue('Typed before the list came, and after.');
    await ui(message).toBeFocused();
    await ui(page.getByLabel('Email')).toHaveValue('early@example.com');
  });

  it('keeps its look on a page with aggressive CSS', async () => {
    const lookOf = async (page: Page) => {
      await ui(page.getByRole('button', { name: 'Chat with us' })).toBeVisible();
      return page.evaluate(() => {
        const root = document.querySelector('[data-helpdesk-widget]')!.shadowRoot!;
        const style = getComputedStyle(root.querySelector('.launcher')!);
        return [
          style.backgroundColor,
          style.color,
          style.fontSize,
          style.borderRadius,
          style.padding,
          style.letterSpacing,
        ];
      });
    };
    const plain = await suite.newPage();
    await plain.goto(`${hostOrigin}/`);
    const styled = await suite.newPage();
    await styled.goto(`${hostOrigin}/aggressive`);
    // The page's own button did take the aggressive style.
    expect(await styled.getByRole('button', { name: 'Buy' }).evaluate((b) => getComputedStyle(b).color)).toBe(
      'rgb(0, 255, 0)',
    );
    expect(await lookOf(styled)).toEqual(await lookOf(plain));
    await plain.context().close();
    await styled.context().close();
  });
  it('an administrator creates a widget in the console and copies its snippet', async () => {
    const admin = await suite.admin();
    const page = await suite.newPage();
    await suite.signIn(page, admin.email, admin.password);
    await page.goto('/app/admin/widgets');
    const form = page.getByRole('form', { name: 'New widget' });
    const name = `Docs ${uniqueSuffix()}`;
    await form.getByLabel('Name').fill(name);
    await form.getByLabel(/Allowed origins/).fill('https://docs.example');
    await form.getByRole('button', { name: 'Create widget' }).click();
    await ui(page.getByText('Copy it now')).toBeVisible();
    await ui(page.getByRole('heading', { name })).toBeVisible();
    const created = (await suite.api('GET', '/api/v1/widgets')).body.data.find((w: any) => w.name === name);
    expect(created.allowed_origins).toEqual(['https://docs.example']);
    await ui(page.locator('textarea[readonly]').filter({ hasText: created.key })).toHaveValue(
      `<script src="${suite.server.base}/widget.js" data-key="${created.key}" async></script>`,
    );
    await expectAccessible(page, 'the chat widgets page');
    await page.context().close();
  });
});
