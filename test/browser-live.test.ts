import { expect, it } from 'vitest';
import { apiCall, expectStatus } from './support/browser-server.js';
import { describeBrowser, markDocument, ui, uniqueSuffix } from './support/browser.js';
import {
  openQueue,
  openTicket,
  replyBox,
  sendButton,
  sendReply,
  ticketLink,
  waitUntilLive,
} from './support/console-page.js';
import { ticketBody } from './support/ticket-fixtures.js';

// Live work in the console: two agents on one ticket in two browser contexts (presence, and the send
// guard that asks before a reply crosses one sent meanwhile), and a ticket created through another server
// process reaching an open queue without a reload.

describeBrowser('live updates in the console', (suite) => {
  /** Two agents signed in in two browser contexts, both on one new ticket with the stream open. */
  async function twoAgentsOnOneTicket() {
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
    const close = () => Promise.all([pageA.context().close(), pageB.context().close()]);
    return { alice, bruno, created, pageA, pageB, close };
  }

  it('two agents on one ticket each see the other there', async () => {
    const { alice, bruno, pageA, pageB, close } = await twoAgentsOnOneTicket();
    // Neither has written anything to the ticket, so the other's name can only come from presence.
    await ui(pageA.getByText(bruno.name).first()).toBeVisible();
    await ui(pageB.getByText(alice.name).first()).toBeVisible();
    // Typing shows too.
    await replyBox(pageB).fill('Bruno here: drafting.');
    await ui(pageA.getByText(new RegExp(`${bruno.name} is (typing|replying)`)).first()).toBeVisible();
    await close();
  });

  it('a reply crossing one another agent sent meanwhile is asked about before it is sent', async () => {
    const { alice, bruno, created, pageA, pageB, close } = await twoAgentsOnOneTicket();
    // Bruno starts a reply; Alice sends hers first.
    await replyBox(pageB).fill('Bruno here: a refund is on its way.');
    await sendReply(pageA, 'Alice here: we are looking into it.');
    const messages = async () =>
      (await suite.api('GET', `/api/v1/tickets/${created.id}`)).body.data.messages as {
        content: string;
        type: string;
        author: { id: string } | null;
      }[];
    await expect.poll(async () => (await messages()).length).toBe(2);
    expect((await messages())[1].author?.id).toBe(alice.id);

    // Bruno's send is held: the console asks first, and nothing of his is stored until he confirms.
    await sendButton(pageB).click();
    const ask = pageB.getByRole('alertdialog').or(pageB.getByRole('dialog')).first();
    await ui(ask).toBeVisible();
    await ui(ask).toContainText('Alice here: we are looking into it.');
    expect((await messages()).map((m) => m.content)).toEqual([
      created.messages[0].content,
      'Alice here: we are looking into it.',
    ]);

    await ask.getByRole('button', { name: 'Send anyway', exact: true }).click();
    await expect
      .poll(async () => (await messages()).at(-1))
      .toMatchObject({ content: 'Bruno here: a refund is on its way.', type: 'OUTBOUND', author: { id: bruno.id } });
    expect(await messages()).toHaveLength(3);
    await close();
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
