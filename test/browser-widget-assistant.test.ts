import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectStatus } from './support/browser-server.js';
import { freePort } from './support/ports.js';
import { describeBrowser, ui, uniqueSuffix } from './support/browser.js';

// The chat widget's assistant in a real browser: the organization has a published article, so a
// visitor's question is answered first, with the article cited as a link; "Talk to a person" hands the
// conversation to support: a WIDGET_AI ticket with the transcript, shown as the visitor's conversation.

describeBrowser('the chat widget assistant', (suite) => {
  let host: Server;
  let hostOrigin = '';
  let widgetKey = '';
  let article: any;
  beforeAll(async () => {
    article = expectStatus(
      await suite.api('POST', '/api/v1/kb/articles', {
        title: 'Track your parcel',
        body_markdown: 'Every shipped parcel has a tracking link in the shipping confirmation email.',
        status: 'published',
      }),
      201,
      'POST /api/v1/kb/articles',
    ).body.data;
    const port = await freePort();
    hostOrigin = `http://127.0.0.1:${port}`;
    widgetKey = expectStatus(
      await suite.api('POST', '/api/v1/widgets', { name: 'Shop', allowed_origins: [hostOrigin], identity: 'off' }),
      201,
      'POST /api/v1/widgets',
    ).body.data.key;
    host = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="en"><head><title>Shop</title></head><body><main><h1>Shop</h1></main>` +
          `<script src="${suite.server.base}/widget.js" data-key="${widgetKey}" async></script></body></html>`,
      );
    });
    await new Promise<void>((resolve) => host.listen(port, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    host.closeAllConnections();
    await new Promise((resolve) => host.close(resolve));
  });

  it('answers with a cited article, then hands off to a person: a WIDGET_AI ticket with the transcript', async () => {
    const page = await suite.newPage();
    await page.goto(`${hostOrigin}/`);
    await page.getByRole('button', { name: 'Chat with us' }).click();
    const question = `Where is the tracking link of my parcel ${uniqueSuffix()}?`;
    await page.getByRole('textbox', { name: 'Message' }).fill(question);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const cited = page.getByRole('link', { name: 'Track your parcel' });
    await ui(cited).toBeVisible();
    expect(await cited.getAttribute('href')).toMatch(new RegExp(`/help/[a-z0-9-]+/articles/${article.slug}$`));
    expect(await cited.getAttribute('rel')).toContain('noopener');
    await ui(page.locator('.msg', { hasText: 'shipping confirmation email' })).toBeVisible();

    await page.getByLabel('Email').fill('visitor@example.com');
    await page.getByRole('button', { name: 'Talk to a person' }).click();
    let ticket: any;
    await expect
      .poll(
        async () => {
          const list = (await suite.api('GET', '/api/v1/tickets?limit=100')).body.data as any[];
          return (ticket = list.find((t) => t.channel === 'WIDGET_AI'));
        },
        { timeout: 10_000 },
      )
      .toBeTruthy();
    const full = (await suite.api('GET', `/api/v1/tickets/${ticket.id}`)).body.data;
    expect(full.customer.email).toBe('visitor@example.com');
    expect(full.messages.map((m: any) => m.type)).toEqual(['INBOUND', 'OUTBOUND']);
    expect(full.messages[0].content).toBe(question);
    expect(full.messages[1].content).toContain('shipping confirmation email');
    // The widget now shows the conversation with support, where the visitor writes on.
    await ui(page.getByRole('button', { name: 'Talk to a person' })).toBeHidden();
    await page.getByRole('textbox', { name: 'Message' }).fill('Thanks, still missing');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect
      .poll(async () => (await suite.api('GET', `/api/v1/tickets/${ticket.id}`)).body.data.messages.length)
      .toBe(3);
    await page.context().close();
  });
});
