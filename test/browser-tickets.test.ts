import type { Page } from '@playwright/test';
import { beforeAll, expect, it } from 'vitest';
import { describeBrowser, expectAccessible, ui, uniqueSuffix, type Staff } from './support/browser.js';
import {
  addNote,
  assignToMe,
  openQueue,
  openTicketFromList,
  replyBox,
  sendReply,
  threadEntry,
  ticketLink,
} from './support/console-page.js';

// An agent's daily work in the console, checked in the browser and then through the API: opening a
// ticket from the list, replying, a note, assigning, customer text that holds HTML.

describeBrowser('working tickets in the console', (suite) => {
  let agent: Staff;
  let page: Page;

  beforeAll(async () => {
    agent = await suite.createAgent({ name: 'Rita Replier' });
    page = await suite.newPage();
    await suite.signIn(page, agent.email, agent.password);
  });

  const ticket = (id: string) => suite.api('GET', `/api/v1/tickets/${id}`).then((r) => r.body.data);

  it('opens a ticket from the list; a reply shows in the thread and is an OUTBOUND message by the agent', async () => {
    const subject = `Cannot log in ${uniqueSuffix()}`;
    const created = await suite.seedTicket({ subject, message: 'The password reset mail never arrives.' });
    await openQueue(page);
    await expectAccessible(page, 'the queue');
    await openTicketFromList(page, subject);
    expect(page.url()).toContain(created.id);
    await ui(page.getByText('The password reset mail never arrives.')).toBeVisible();
    await expectAccessible(page, 'the ticket page');

    await sendReply(page, 'Sent you a fresh reset link just now.');
    const entry = threadEntry(page, 'Sent you a fresh reset link just now.');
    await ui(entry).toBeVisible();
    await ui(entry).toContainText(agent.name);
    await ui(replyBox(page)).toHaveValue('');
    const messages = (await ticket(created.id)).messages;
    expect(messages).toHaveLength(2);
    expect(messages[1]).toMatchObject({
      content: 'Sent you a fresh reset link just now.',
      type: 'OUTBOUND',
      author: { type: 'user', id: agent.id, email: agent.email },
    });
  });

  it('a note shows in the thread as a note and is stored as a note, not a message', async () => {
    const subject = `Refund question ${uniqueSuffix()}`;
    const created = await suite.seedTicket({ subject });
    await openQueue(page);
    await openTicketFromList(page, subject);
    await addNote(page, 'Check the invoice before answering.');
    // In the thread, and said to be a note in words (not only by its colour).
    const entry = threadEntry(page, 'Check the invoice before answering.');
    await ui(entry).toBeVisible();
    await ui(entry).toContainText('Internal note');

    const notes = await suite.api('GET', `/api/v1/tickets/${created.id}/notes`);
    expect(notes.body.data).toEqual([
      expect.objectContaining({
        content: 'Check the invoice before answering.',
        author: expect.objectContaining({ id: agent.id }),
      }),
    ]);
    const stored = await ticket(created.id);
    expect(stored.messages.map((m: { content: string }) => m.content)).not.toContain(
      'Check the invoice before answering.',
    );
  });

  it('"Assign to me" makes the agent the assignee', async () => {
    const subject = `Assign me ${uniqueSuffix()}`;
    const created = await suite.seedTicket({ subject });
    await openQueue(page);
    await openTicketFromList(page, subject);
    await assignToMe(page);
    await expect.poll(async () => (await ticket(created.id)).assignee?.id ?? null).toBe(agent.id);
  });

  it('customer text holding HTML and scripts is shown as text and runs nothing', async () => {
    const mark = uniqueSuffix();
    const subject = `<img src=x onerror="window.__xss='subject'"><b>Bold ${mark}</b>`;
    const message = `<script>window.__xss='message'</script><i onmouseover="alert(1)">Hover ${mark}</i>`;
    const name = `<svg onload="window.__xss='name'">Eve ${mark}`;
    const created = await suite.seedTicket({
      subject,
      message,
      customer: { email: `eve-${mark}@example.com`, name },
    });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await openQueue(page);
    await ui(ticketLink(page, subject)).toBeVisible();
    await ticketLink(page, subject).click();
    await page.waitForURL(new RegExp(created.id));
    await ui(page.getByText(message, { exact: true })).toBeVisible();
    await ui(page.getByText(name).first()).toBeVisible();
    await page.getByText(message, { exact: true }).hover();
    // Nothing the customer wrote became markup: no element from it, no script run, no dialog.
    expect(await page.locator('[onerror], [onload], [onmouseover], script:not([src])').count()).toBe(0);
    expect(await page.locator('b, i, svg', { hasText: mark }).count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
  });
});
