import type { ChildProcess } from 'node:child_process';
import type { Page } from '@playwright/test';
import { beforeAll, expect, it } from 'vitest';
import { describeBrowser, expectAccessible, ui, uniqueSuffix, type Staff } from './support/browser.js';
import { startCli, stopCli } from './support/cli-runner.js';
import {
  addNote,
  openTicket,
  recordCspViolations,
  replyBox,
  sendReply,
  shownText,
  threadEntry,
} from './support/console-page.js';
import { rawMail } from './support/mail-fixtures.js';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';

// Mail in the console: the Mailboxes administration page (created from its form, the inbound URL shown
// once, passwords never shown back, a test mail's answer, failed mail listed and retried), and an EMAIL
// ticket (the sender shown, the composer saying where a reply goes, each reply's delivery state as a
// worker process sends or fails it). Whatever a mail carries is shown as text. The pages are chunks loaded
// on demand under the console's strict policy.

const XSS_PROBE = '[onerror], [onload], [onmouseover], script:not([src])';
const xss = (page: Page) => page.evaluate(() => (window as unknown as { __xss?: string }).__xss);

/** Posts a raw mail to a mailbox's inbound URL (as a provider or relay does). */
async function postMail(inboundUrl: string, raw: string): Promise<void> {
  const res = await fetch(inboundUrl, { method: 'POST', headers: { 'content-type': 'message/rfc822' }, body: raw });
  if (res.status !== 200) throw new Error(`POST ${inboundUrl}: ${res.status} ${await res.text()}`);
}

describeBrowser('mail in the console', (suite) => {
  let admin: Staff;
  let page: Page;
  let violations: () => Promise<string[]>;
  const scripts = new Set<string>();

  beforeAll(async () => {
    admin = await suite.admin();
    page = await suite.newPage();
    violations = await recordCspViolations(page);
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/app/assets/') && url.pathname.endsWith('.js')) scripts.add(url.pathname);
    });
    await suite.signIn(page, admin.email, admin.password);
  });

  const mailboxes = async () => (await suite.api('GET', '/api/v1/mailboxes')).body.data as any[];

  // A letter first: a search for digits alone would be read as a ticket number.
  const newMark = () => `m${uniqueSuffix()}`;

  it('the Mailboxes page is a chunk loaded on demand under the policy; a mailbox is created from its form', async () => {
    await page.goto('/app/');
    await ui(page.getByRole('heading', { name: 'Tickets' })).toBeAttached();
    const firstLoad = new Set(scripts);
    await page.getByRole('link', { name: 'Admin', exact: true }).click();
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Mailboxes' }).click();
    await ui(page.getByRole('heading', { name: 'Mailboxes', level: 1 })).toBeVisible();
    // Scripts were fetched for the page that the first load did not have, and none was refused.
    expect([...scripts].filter((s) => !firstLoad.has(s)).length).toBeGreaterThan(0);
    expect(await violations()).toEqual([]);
    await expectAccessible(page, 'the Mailboxes page');

    const mark = newMark();
    const address = `help-${mark}@support.example`;
    const form = page.getByRole('form', { name: 'New mailbox' });
    await form.getByLabel('Name', { exact: true }).fill(`Help ${mark}`);
    await form.getByLabel('Address', { exact: true }).fill(address);
    await form.getByLabel(/^From name/).fill('Acme Support');
    await form.getByLabel(/own SMTP server/).check();
    await form.getByLabel('SMTP host').fill('smtp.support.example');
    await form.getByLabel('SMTP port').fill('2525');
    await form.getByLabel('SMTP username').fill('mailer');
    await form.getByLabel('SMTP password').fill('smtp-secret-never-shown');
    await expectAccessible(page, 'the new mailbox form with SMTP settings');
    await form.getByRole('button', { name: 'Create mailbox' }).click();

    // The inbound URL is shown once, and it is the one that works.
    const inboundUrl = await shownText(page, /http:\/\/127\.0\.0\.1:\d+\/inbound\/email\/[A-Za-z0-9_-]{20,}/);
    await postMail(inboundUrl, rawMail({ to: address, subject: `Through the new box ${mark}` }));

    const stored = (await mailboxes()).find((m) => m.address === address);
    expect(stored).toMatchObject({
      name: `Help ${mark}`,
      from_name: 'Acme Support',
      imap: null,
      smtp: { host: 'smtp.support.example', port: 2525, tls: 'starttls', username: 'mailer' },
    });
    expect(JSON.stringify(stored)).not.toContain('smtp-secret-never-shown');
    await expect
      .poll(
        async () => {
          const list = (await suite.api('GET', `/api/v1/tickets?search=${mark}`)).body.data as any[];
          return list.map((t) => t.subject);
        },
        { timeout: 15_000 },
      )
      .toEqual([`Through the new box ${mark}`]);

    // Editing shows the settings but never the password.
    await page.getByRole('button', { name: 'Done' }).click();
    const card = page.getByRole('listitem', { name: `Mailbox Help ${mark}` });
    await card.getByRole('button', { name: 'Edit' }).click();
    const edit = card.getByRole('form', { name: `Edit mailbox Help ${mark}` });
    await ui(edit.getByLabel('SMTP host')).toHaveValue('smtp.support.example');
    await ui(edit.getByLabel('SMTP password')).toHaveValue('');
    await edit.getByLabel(/^From name/).fill('Acme Help');
    await edit.getByRole('button', { name: 'Save mailbox' }).click();
    await expect.poll(async () => (await mailboxes()).find((m) => m.address === address)?.from_name).toBe('Acme Help');
    // The SMTP settings stayed (the form sends them back without a password, which keeps the stored one).
    expect((await mailboxes()).find((m) => m.address === address)?.smtp).toMatchObject({
      host: 'smtp.support.example',
    });
    await card.getByRole('button', { name: 'Edit' }).click();
    await ui(card.getByLabel('SMTP password')).toHaveValue('');
  });

  it('"Send test mail" shows what the server answered, a success or the reason it failed', async () => {
    const mark = newMark();
    const box = (
      await suite.api('POST', '/api/v1/mailboxes', { name: `Test ${mark}`, address: `test-${mark}@x.example` })
    ).body.data;
    // The answer is the server's; here it is fixed by the test so both outcomes are shown.
    let answer = { status: 200, body: { data: { to: admin.email } } as unknown };
    await page.route(`**/api/v1/mailboxes/${box.id}/test`, (route) =>
      route.fulfill({ status: answer.status, contentType: 'application/json', body: JSON.stringify(answer.body) }),
    );
    await page.goto('/app/admin/mailboxes');
    const card = page.getByRole('listitem', { name: `Mailbox Test ${mark}` });
    await card.getByRole('button', { name: 'Send test mail' }).click();
    await ui(card.getByRole('status')).toContainText(`Test mail sent to ${admin.email}.`);

    answer = {
      status: 502,
      body: { error: { code: 'bad_gateway', message: 'the SMTP server refused: 535 authentication failed' } },
    };
    await card.getByRole('button', { name: 'Send test mail' }).click();
    await ui(card.getByRole('alert')).toHaveText(
      'Test mail failed: the SMTP server refused: 535 authentication failed',
    );
    await expectAccessible(page, 'the Mailboxes page with a test result');
    await page.unroute(`**/api/v1/mailboxes/${box.id}/test`);
  });

  it('failed mail is listed as text and retried; a mailbox is deleted only once confirmed', async () => {
    const mark = newMark();
    const created = await suite.api('POST', '/api/v1/mailboxes', {
      name: `Broken ${mark}`,
      address: `b-${mark}@x.example`,
    });
    const box = created.body.data;
    const subject = `<img src=x onerror="window.__xss='failure'">Unreadable ${mark}`;
    // No From: the mail cannot become a ticket message, so it is kept as a failure.
    const raw = rawMail({ to: box.address, subject }).replace(/^From: .*\r\n/m, '');
    await postMail(box.inbound_url, raw);
    const failures = async () =>
      (await suite.api('GET', `/api/v1/mailboxes/${box.id}/failures`)).body.data as { id: string; error: string }[];
    await expect.poll(async () => (await failures()).length, { timeout: 15_000 }).toBe(1);
    const [failure] = await failures();

    await page.goto('/app/admin/mailboxes');
    const card = page.getByRole('listitem', { name: `Mailbox Broken ${mark}` });
    await card.getByRole('button', { name: 'Failed mail' }).click();
    const table = card.getByRole('table', { name: `Failed mail of Broken ${mark}` });
    await ui(table.getByRole('cell', { name: subject, exact: true })).toBeVisible();
    expect(await page.locator(XSS_PROBE).count()).toBe(0);
    expect(await xss(page)).toBeUndefined();
    await expectAccessible(page, 'the failed mail list');

    const retried = page.waitForResponse(
      (res) => res.url().includes(`/api/v1/mailboxes/${box.id}/failures/`) && res.request().method() === 'POST',
    );
    await table.getByRole('button', { name: /^Retry/ }).click();
    const answer = await retried;
    expect(answer.status()).toBe(202);
    expect((await answer.json()).data).toEqual({ id: failure.id, state: 'queued' });
    // Processed again from the stored copy, and kept again: it still has no sender.
    await expect.poll(async () => (await failures()).map((f) => f.id), { timeout: 15_000 }).toEqual([failure.id]);

    page.once('dialog', (dialog) => void dialog.dismiss());
    await card.getByRole('button', { name: 'Delete' }).click();
    expect((await suite.api('GET', `/api/v1/mailboxes/${box.id}`)).status).toBe(200);
    page.once('dialog', (dialog) => void dialog.accept());
    await card.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(async () => (await suite.api('GET', `/api/v1/mailboxes/${box.id}`)).status).toBe(404);
  });

  it('an EMAIL ticket: the sender as text, "will be mailed", and each reply queued, failed or sent', async () => {
    const mark = newMark();
    const box = (
      await suite.api('POST', '/api/v1/mailboxes', { name: `Desk ${mark}`, address: `desk-${mark}@x.example` })
    ).body.data;
    const email = `mallory-${mark}@customer.example`;
    // No double quotes: the name travels inside a quoted display name.
    const name = `<svg onload=window.__xss=1>Mallory ${mark}`;
    const subject = `<script>window.__xss='subject'</script>Refund ${mark}`;
    await postMail(box.inbound_url, rawMail({ from: `"${name}" <${email}>`, to: box.address, subject }));
    let ticketId = '';
    await expect
      .poll(
        async () => {
          const list = (await suite.api('GET', `/api/v1/tickets?search=${mark}`)).body.data as any[];
          ticketId = list[0]?.id ?? '';
          return list.map((t) => [t.subject, t.channel]);
        },
        { timeout: 15_000 },
      )
      .toEqual([[subject, 'EMAIL']]);

    const agent = await suite.createAgent({ name: 'Mia Mailer' });
    const agentPage = await suite.newPage();
    await suite.signIn(agentPage, agent.email, agent.password);
    await openTicket(agentPage, ticketId);
    await ui(agentPage.getByRole('heading', { name: subject, exact: true })).toBeVisible();
    await ui(agentPage.getByText(`From: ${name} <${email}>`, { exact: true })).toBeVisible();
    await ui(replyBox(agentPage)).toHaveAccessibleDescription(`This reply will be mailed to ${email}.`);
    await expectAccessible(agentPage, 'an EMAIL ticket');

    // Notes say they stay inside.
    await addNote(agentPage, `Checked the order ${mark}`);
    await ui(agentPage.getByRole('textbox', { name: 'Internal note', exact: true })).toHaveAccessibleDescription(
      /never mailed/,
    );
    await agentPage.getByRole('button', { name: 'Reply to customer', exact: true }).click();

    const sink: SmtpSink = await startSmtpSink();
    let worker: ChildProcess | null = null;
    // Replies leave through the organization's first mailbox: none keeps SMTP settings of its own here, so
    // they all go through SMTP_URL, the sink.
    for (const m of await mailboxes())
      expect((await suite.api('PATCH', `/api/v1/mailboxes/${m.id}`, { smtp: null })).status).toBe(200);
    try {
      await sendReply(agentPage, `First answer ${mark}`);
      const first = threadEntry(agentPage, `First answer ${mark}`);
      await ui(first).toContainText('Mail queued');
      await ui(first).toContainText(`To: ${name} <${email}>`);

      // A worker process sends; the receiving server refuses for good, so the reply fails at once.
      sink.reject({ code: 550, message: `No such user ${mark}` });
      worker = (
        await startCli(
          ['worker'],
          { DATABASE_URL: suite.dbUrl, SMTP_URL: sink.url, LOG_LEVEL: 'info' },
          /webhook worker started/,
          60_000,
        )
      ).child;
      // The open ticket rereads itself while a reply is queued.
      await ui(first).toContainText('Mail failed after 1 attempt', { timeout: 20_000 });
      await ui(first).toContainText(`No such user ${mark}`);
      await expectAccessible(agentPage, 'an EMAIL ticket with a failed reply');

      sink.reject(null);
      await sendReply(agentPage, `Second answer ${mark}`);
      await ui(threadEntry(agentPage, `Second answer ${mark}`)).toContainText('Mail sent', { timeout: 20_000 });
      expect(sink.accepted.map((m) => m.envelope.to)).toEqual([[email]]);
    } finally {
      if (worker) await stopCli(worker).catch(() => worker?.kill('SIGKILL'));
      await sink.close();
    }
    expect(await agentPage.locator(XSS_PROBE).count()).toBe(0);
    expect(await agentPage.locator('svg, script:not([src])', { hasText: mark }).count()).toBe(0);
    expect(await xss(agentPage)).toBeUndefined();
  });
});
