import type { Page } from '@playwright/test';
import { expect, it } from 'vitest';
import { describeBrowser, ui, type Staff } from './support/browser.js';
import { activeRow, chooseFromMenu, openQueue, replyBox, ticketLink } from './support/console-page.js';

// Triage with the keyboard alone: once the queue has loaded no click is made. j/k move the cursor through
// the list, Enter opens, i assigns to me, e resolves and opens the next ticket, r goes to the reply box and
// Ctrl+Enter sends, Escape leaves the text box (single-key shortcuts do not fire inside one), s opens the
// status menu. Each step is checked through the API.

const openedId = (page: Page) => /\/tickets\/([^/?#]+)/.exec(new URL(page.url()).pathname)?.[1] ?? null;

describeBrowser('keyboard triage in the console', (suite) => {
  it('five tickets triaged with j/k, Enter, i, e, r, Ctrl+Enter and s alone', async () => {
    const agent: Staff = await suite.createAgent({ name: 'Kim Keys' });
    // Created oldest first; the queue lists them newest first: t[4] on top, t[0] at the bottom.
    const t: { id: string }[] = [];
    for (let i = 0; i < 5; i++) t.push(await suite.seedTicket({ subject: `Keyboard ticket ${i}` }));
    const get = (id: string) => suite.api('GET', `/api/v1/tickets/${id}`).then((r) => r.body.data);
    const page = await suite.newPage();
    await suite.signIn(page, agent.email, agent.password);
    await openQueue(page);
    await ui(ticketLink(page, 'Keyboard ticket 0')).toBeVisible();

    // The cursor starts on the top row; j moves it down, k up.
    await ui(activeRow(page)).toContainText('Keyboard ticket 4');
    await page.keyboard.press('j');
    await ui(activeRow(page)).toContainText('Keyboard ticket 3');
    await page.keyboard.press('j');
    await ui(activeRow(page)).toContainText('Keyboard ticket 2');
    await page.keyboard.press('k');
    await page.keyboard.press('k');
    await ui(activeRow(page)).toContainText('Keyboard ticket 4');
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/tickets/${t[4].id}$`));
    await ui(replyBox(page)).toBeVisible();

    // t[4]: i assigns it to me; e resolves it and opens the next one.
    await page.keyboard.press('i');
    await expect.poll(async () => (await get(t[4].id)).assignee?.id ?? null).toBe(agent.id);
    await page.keyboard.press('e');
    await expect.poll(async () => (await get(t[4].id)).status).toBe('RESOLVED');
    await page.waitForURL(new RegExp(`/tickets/${t[3].id}$`));

    // t[3]: r, a reply, Ctrl+Enter sends it as me; Escape leaves the box; e.
    await ui(replyBox(page)).toBeVisible();
    await page.keyboard.press('r');
    await ui(replyBox(page)).toBeFocused();
    await page.keyboard.type('On it, from the keyboard.');
    await page.keyboard.press('Control+Enter');
    await expect
      .poll(async () => (await get(t[3].id)).messages.at(-1))
      .toMatchObject({ content: 'On it, from the keyboard.', type: 'OUTBOUND', author: { id: agent.id } });
    await ui(replyBox(page)).toHaveValue('');
    await page.keyboard.press('Escape');
    await page.keyboard.press('e');
    await expect.poll(async () => (await get(t[3].id)).status).toBe('RESOLVED');
    await page.waitForURL(new RegExp(`/tickets/${t[2].id}$`));

    // t[2] and t[1]: e, e.
    await ui(replyBox(page)).toBeVisible();
    await page.keyboard.press('e');
    await page.waitForURL(new RegExp(`/tickets/${t[1].id}$`));
    await ui(replyBox(page)).toBeVisible();
    await page.keyboard.press('e');
    await page.waitForURL(new RegExp(`/tickets/${t[0].id}$`));

    // t[0]: s opens the status menu; arrows and Enter pick Pending.
    await ui(replyBox(page)).toBeVisible();
    await page.keyboard.press('s');
    await chooseFromMenu(page, 'Pending');
    await expect.poll(async () => (await get(t[0].id)).status).toBe('PENDING');

    const final = await Promise.all(t.map((ticket) => get(ticket.id)));
    expect(final.map((ticket) => ticket.status)).toEqual(['PENDING', 'RESOLVED', 'RESOLVED', 'RESOLVED', 'RESOLVED']);
    expect(final.map((ticket) => ticket.assignee?.id ?? null)).toEqual([null, null, null, null, agent.id]);
    expect(openedId(page)).toBe(t[0].id);
  });
});
