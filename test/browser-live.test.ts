import { expect, it } from 'vitest';
import { apiCall, expectStatus } from './support/browser-server.js';
import { describeBrowser, markDocument, ui, uniqueSuffix } from './support/browser.js';
import { openQueue, openTicket, replyBox, sendButton, ticketLink, waitUntilLive } from './support/console-page.js';
import { ticketBody } from './support/ticket-fixtures.js';

// Live work in the console: two agents on one ticket in two browser contexts (presence, and the send
// guard that asks before a reply crosses one sent meanwhile), and a ticket created through another server
// process reaching an open queue without a reload.

describeBrowser('live updates in the console', (suite) => {
  it('two agents on one ticket: each sees the other there, and a reply crossing one sent meanwhile is asked about first', async () => {
    const [alice, bruno] = await Promise.all([
      suite.createAgent({ name: `Alice Presence ${uniqueSuffix()}` }),
      suite.createAgent({ name: `Bruno Presence ${uniqueSuffix()}` }),
    ]);
    const created = await suite.seedTicket({ subject: `Shared ticket ${uniqueSuffix()}` });
    const [pageA, pageB] = await Promise.all([suite.newPage(), suite.newPage()]);
    await Promise.all([
      suite.signIn(pageA, alice.email, alice.password),
      suite.signIn(pageB, bruno.email, bruno.password),
    ]);
    await openTicket(pageA, created.id);
    await openTicket(pageB, created.id);
    await Promise.all([waitUntilLive(pageA), waitUntilLive(pageB)]);

    // Presence: Bruno starts a reply and Alice sees him there; Alice starts hers and Bruno sees her (neither
    // has written anything to the ticket yet, so the name can only come from presence).
    await replyBox(pageB).fill('Bruno here: a refund is on its way.');
    await ui(pageA.getByText(bruno.name).first()).toBeVisible();
    await replyBox(pageA).fill('Alice here: we are looking into it.');
    await ui(pageB.getByText(alice.name).first()).toBeVisible();

    // Alice sends first.
    await sendButton(pageA).click();
    await expect
      .poll(async () => (await suite.api('GET', `/api/v1/tickets/${created.id}`)).body.data.messages.length)
      .toBe(2);

    // Bruno's send is held: the console asks first, and nothing of his is stored until he confirms.
    await sendButton(pageB).click();
    const ask = pageB.getByRole('alertdialog').or(pageB.getByRole('dialog')).first();
    await ui(ask).toBeVisible();
    await ui(ask).toContainText(/updated|new message|meanwhile|while you/i);
    const held = (await suite.api('GET', `/api/v1/tickets/${created.id}`)).body.data.messages;
    expect(held.map((m: { content: string }) => m.content)).toEqual([
      created.messages[0].content,
      'Alice here: we are looking into it.',
    ]);
    await ui(pageB.getByText('Alice here: we are looking into it.').first()).toBeVisible();

    await ask.getByRole('button', { name: 'Send anyway', exact: true }).click();
    await expect
      .poll(async () => (await suite.api('GET', `/api/v1/tickets/${created.id}`)).body.data.messages.at(-1))
      .toMatchObject({ content: 'Bruno here: a refund is on its way.', type: 'OUTBOUND', author: { id: bruno.id } });
    const messages = (await suite.api('GET', `/api/v1/tickets/${created.id}`)).body.data.messages;
    expect(messages).toHaveLength(3);
    await Promise.all([pageA.context().close(), pageB.context().close()]);
  });

  it('a ticket created through another server process appears in the open queue without a reload', async () => {
    const agent = await suite.createAgent();
    const page = await suite.newPage();
    await suite.signIn(page, agent.email, agent.password);
    await openQueue(page);
    await waitUntilLive(page);
    const sameDocument = await markDocument(page);
    const other = await suite.startAnotherServer();

    const subject = `From the other process ${uniqueSuffix()}`;
    expectStatus(
      await apiCall(other.base, 'POST', '/api/v1/tickets', { token: suite.apiKey, body: ticketBody({ subject }) }),
      201,
      'POST /api/v1/tickets on the second process',
    );
    // The queue either shows the row or announces it ("1 new") for the agent to bring in.
    const row = ticketLink(page, subject);
    const announced = page.getByRole('button', { name: /\b1 new\b/i });
    await ui(row.or(announced).first()).toBeVisible();
    if (!(await row.isVisible())) await announced.click();
    await ui(row).toBeVisible();
    expect(await sameDocument()).toBe(true);
    await page.context().close();
  });
});
