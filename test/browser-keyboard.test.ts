import type { Page } from '@playwright/test';
import { expect, it } from 'vitest';
import { describeBrowser, ui, type Staff } from './support/browser.js';
import { openQueue, replyBox, ticketLink } from './support/console-page.js';

// Triage with the keyboard alone: after the queue has loaded no click is made. j/k move through the list,
// Enter opens, i assigns to me, r writes a reply and Ctrl+Enter sends it, Escape leaves the text box,
// s changes the status, e resolves and opens the next ticket. Each step is checked through the API.

/** The id in the console's address of a ticket (/app/tickets/{id}). */
const openedId = (page: Page) => /\/tickets\/([^/?#]+)/.exec(new URL(page.url()).pathname)?.[1] ?? null;

describeBrowser('keyboard triage in the console', (suite) => {
  it('five tickets triaged with j/k, Enter, i, r, Ctrl+Enter, s and e only', async () => {
    const agent: Staff = await suite.createAgent({ name: 'Kim Keys' });
    // Created oldest first: the queue lists them newest first, tickets[4] at the top.
    const tickets = [];
    for (let i = 1; i <= 5; i++) tickets.push(await suite.seedTicket({ subject: `Keyboard ticket ${i}` }));
    const byId = (id: string) => suite.api('GET', `/api/v1/tickets/${id}`).then((r) => r.body.data);
    const page = await suite.newPage();
    await suite.signIn(page, agent.email, agent.password);
    await openQueue(page);
    await ui(ticketLink(page, 'Keyboard ticket 1')).toBeVisible();

    // j twice and k once: the cursor is on the second row from the top; Enter opens it.
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('k');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/tickets\//);
    const first = openedId(page);
    expect([tickets[4].id, tickets[3].id]).toContain(first);
    // From here the order is the queue's: newest first from the one opened.
    const order = tickets.map((t) => t.id).reverse();
    let at = order.indexOf(first!);
    await ui(replyBox(page)).toBeVisible();

    // i: assign to me.
    await page.keyboard.press('i');
    await expect.poll(async () => (await byId(order[at])).assignee?.id ?? null).toBe(agent.id);

    // r, type, Ctrl+Enter: the reply is sent as the agent; Escape leaves the box.
    await page.keyboard.press('r');
    await ui(replyBox(page)).toBeFocused();
    await page.keyboard.type('On it, from the keyboard.');
    await page.keyboard.press('Control+Enter');
    await expect
      .poll(async () => (await byId(order[at])).messages.at(-1))
      .toMatchObject({ content: 'On it, from the keyboard.', type: 'OUTBOUND', author: { id: agent.id } });
    await page.keyboard.press('Escape');

    // e: resolved, and the next ticket of the queue is open.
    await page.keyboard.press('e');
    await expect.poll(async () => (await byId(order[at])).status).toBe('RESOLVED');
    at++;
    await page.waitForURL(new RegExp(order[at]));

    // s: the status menu; arrows to Pending, Enter.
    await page.keyboard.press('s');
    await ui(
      page.getByRole('menuitem').or(page.getByRole('option')).or(page.getByRole('menuitemradio')).first(),
    ).toBeVisible();
    for (let step = 0; step < 6; step++) {
      const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
      if (/^pending/i.test(focused)) break;
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await byId(order[at])).status).toBe('PENDING');

    // e through the rest: each resolved in turn, the next opened.
    while (at < order.length - 1) {
      await page.keyboard.press('e');
      await expect.poll(async () => (await byId(order[at])).status).toBe('RESOLVED');
      at++;
      await page.waitForURL(new RegExp(order[at]));
    }
    // The last one: assigned to me too.
    await page.keyboard.press('i');
    await expect.poll(async () => (await byId(order[at])).assignee?.id ?? null).toBe(agent.id);

    const statuses = await Promise.all(order.map(async (id) => (await byId(id)).status));
    const start = order.indexOf(first!);
    // The pending one was resolved too when e moved on from it; the last is still open.
    expect(statuses.slice(start)).toEqual([...Array(order.length - start - 1).fill('RESOLVED'), 'OPEN']);
  });
});
