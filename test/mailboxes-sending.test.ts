import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { startOutboundWorker, type OutboundWorkerHandle } from '../src/mail/outbound-worker.js';
import { describeEachDialect, type TestContext } from './support/harness.js';
import { createMailbox, postRaw, rawMail, ticketsOf, uniqueId } from './support/mail-fixtures.js';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';
import { signIn } from './support/staff.js';
import { seedUser } from './support/ticket-fixtures.js';
import { eventually, silentLogger } from './support/webhook-receiver.js';

// Sending from a mailbox: the test mail (POST /mailboxes/{id}/test, sent at once through the mailbox's
// SMTP settings or SMTP_URL, answering the server's verdict), and replies sent from the mailbox their
// ticket's mail came in on when an organization has several.

const sink: SmtpSink = await startSmtpSink();
afterAll(() => sink.close());
afterEach(() => {
  sink.accepted.length = 0;
  sink.reject(null);
});

const smtpOf = (port: number) => ({ host: '127.0.0.1', port, tls: 'none' });

describeEachDialect(
  'mailboxes: test mail',
  (ctx) => {
    const testMail = (token: string, id: string, body: unknown) =>
      ctx.app
        .inject({
          method: 'POST',
          url: `/api/v1/mailboxes/${id}/test`,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        })
        .then((r) => ({ status: r.statusCode, body: JSON.parse(r.body) }));

    it("sends through the mailbox's own SMTP settings and answers sent with the server's answer", async () => {
      const org = await ctx.createOrg();
      const box = await createMailbox(org, { from_name: 'Acme <b>Support</b>', smtp: smtpOf(sink.port) });
      const res = await testMail(org.token, box.id, { to: 'Admin@Acme.example' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({
        status: 'sent',
        from: box.address,
        to: 'Admin@Acme.example',
        error: null,
        response: expect.stringMatching(/^250/),
      });
      const [mail] = sink.accepted;
      // Domains are case-insensitive; the sending library lowercases them.
      expect(mail.envelope).toEqual({ from: box.address, to: ['Admin@acme.example'] });
      expect(mail.parsed.from).toEqual({ name: 'Acme <b>Support</b>', address: box.address });
      expect(mail.parsed.messageId).toBe(res.body.data.message_id);
      expect(mail.parsed.headers.find((h) => h.key === 'auto-submitted')?.value).toBe('auto-generated');
      expect(mail.parsed.html).not.toContain('<b>');
    });

    it('sends through SMTP_URL when the mailbox has no SMTP settings, to the signed-in user by default', async () => {
      const org = await ctx.createOrg();
      const box = await createMailbox(org);
      const admin = await signIn(ctx, org, { role: 'admin' });
      const res = await admin.request('POST', `/api/v1/mailboxes/${box.id}/test`, {});
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ status: 'sent', to: admin.email });
      expect(sink.accepted.map((m) => m.envelope.to)).toEqual([[admin.email]]);
    });

    it('answers failed with the reason when the server refuses', async () => {
      const org = await ctx.createOrg();
      const box = await createMailbox(org, { smtp: smtpOf(sink.port) });
      sink.reject({ code: 550, message: 'mailbox unavailable' });
      const res = await testMail(org.token, box.id, { to: 'nobody@acme.example' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ status: 'failed', response: null });
      expect(res.body.data.error).toContain('mailbox unavailable');
    });

    it('refuses a missing or bad recipient, and a mailbox of another organization', async () => {
      const org = await ctx.createOrg();
      const other = await ctx.createOrg();
      const box = await createMailbox(org, { smtp: smtpOf(sink.port) });
      const theirs = await createMailbox(other, { smtp: smtpOf(sink.port) });
      // With an API key there is no signed-in user to default to.
      const missing = await testMail(org.token, box.id, {});
      expect(missing.status).toBe(400);
      expect(missing.body.error.details).toEqual([{ field: 'to', issue: 'required' }]);
      const bad = await testMail(org.token, box.id, { to: '<script>@x' });
      expect(bad.status).toBe(400);
      expect((await testMail(org.token, theirs.id, { to: 'a@acme.example' })).status).toBe(404);
      expect((await testMail(org.token, 'not-a-uuid', { to: 'a@acme.example' })).status).toBe(404);
      expect(sink.accepted).toHaveLength(0);
    });
  },
  { env: { SMTP_URL: sink.url } },
);

describeEachDialect('mailboxes: test mail without any SMTP server', (ctx) => {
  it('is 409 when neither the mailbox nor SMTP_URL says how to send', async () => {
    const org = await ctx.createOrg();
    const box = await createMailbox(org);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/mailboxes/${box.id}/test`,
      headers: { authorization: `Bearer ${org.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ to: 'a@acme.example' }),
    });
    expect(res.statusCode).toBe(409);
    expect(JSON.parse(res.body).error.code).toBe('conflict');
  });
});

describeEachDialect('outbound mail: the sending mailbox', (ctx) => {
  let worker: OutboundWorkerHandle | null = null;
  beforeAll(() => {
    worker = startOutboundWorker({
      database: ctx.database,
      clock: ctx.clock,
      settings: { ...ctx.config.mailOut, smtpUrl: sink.url, pollIntervalMs: 50 },
      openSecret: async (s) => s,
      logger: silentLogger,
    });
  });
  afterAll(async () => worker?.stop());

  async function mailIn(c: TestContext, box: { token: string; address: string }, subject: string) {
    const res = await postRaw(
      c,
      box.token,
      rawMail({ to: box.address, subject, from: `Cy <cy-${uniqueId()}@customer.example>` }),
    );
    expect(res.status).toBe(200);
    await c.container.inbound.processQueued();
  }

  it('replies from the mailbox the ticket came in on, not the first one of the organization', async () => {
    const org = await ctx.createOrg();
    const agent = await seedUser(ctx, org.id, { name: 'Ada Agent' });
    const first = await createMailbox(org, { from_name: 'General' });
    const sales = await createMailbox(org, { from_name: 'Sales' });
    // Its own domain, so the Message-ID shows which mailbox made it too.
    const salesAddress = `sales-${uniqueId()}@sales.example`.toLowerCase();
    expect((await org.api.patch(`/api/v1/mailboxes/${sales.id}`, { address: salesAddress })).status).toBe(200);
    await mailIn(ctx, { ...sales, address: salesAddress }, 'To sales');
    await mailIn(ctx, first, 'To general');
    const tickets = await ticketsOf(org);
    const bySubject = new Map(tickets.map((t) => [t.subject, t]));
    for (const [subject, content] of [
      ['To sales', 'sales answer'],
      ['To general', 'general answer'],
    ]) {
      const res = await org.api.post(`/api/v1/tickets/${bySubject.get(subject).id}/messages`, {
        content,
        user_id: agent.id,
      });
      expect(res.status).toBe(201);
    }
    const salesMail = await eventually(async () => sink.accepted.find((m) => m.parsed.text?.trim() === 'sales answer'));
    expect(salesMail.parsed.from).toEqual({ name: 'Ada Agent (Sales)', address: salesAddress });
    expect(salesMail.envelope.from).toBe(salesAddress);
    expect(salesMail.parsed.messageId!.endsWith('@sales.example>')).toBe(true);
    const generalMail = await eventually(async () =>
      sink.accepted.find((m) => m.parsed.text?.trim() === 'general answer'),
    );
    expect(generalMail.parsed.from).toEqual({ name: 'Ada Agent (General)', address: first.address });

    // The mailbox the ticket came in on is gone: the organization's first one sends.
    expect((await org.api.delete(`/api/v1/mailboxes/${sales.id}`)).status).toBe(200);
    await org.api.post(`/api/v1/tickets/${bySubject.get('To sales').id}/messages`, {
      content: 'after deletion',
      user_id: agent.id,
    });
    const fallback = await eventually(async () =>
      sink.accepted.find((m) => m.parsed.text?.trim() === 'after deletion'),
    );
    expect(fallback.parsed.from?.address).toBe(first.address);
  });
});
