import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { replyTokenKeyOf } from '../src/mail/outbound-service.js';
import { claimDue } from '../src/mail/outbox-store.js';
import { startOutboundWorker, type OutboundWorkerHandle } from '../src/mail/outbound-worker.js';
import { ticketFromMessageId } from '../src/mail/reply-token.js';
import { describeEachDialect, ISO_MS, type TestContext, type TestOrg } from './support/harness.js';
import { createMailbox, postRaw, rawMail, ticketsOf, uniqueId } from './support/mail-fixtures.js';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';
import { createTicket, seedUser } from './support/ticket-fixtures.js';
import { eventually, silentLogger } from './support/webhook-receiver.js';

// Replies on EMAIL tickets are mailed: queued in the reply's transaction, sent by the outbound worker
// through SMTP_URL into a local sink, with the headers that continue the thread; retried on temporary
// refusals, failed on permanent ones and after the last retry; marked failed by a bounce. Replies on
// other tickets, customers' messages and notes are never mailed.

const messagesOf = (id: string) => `/api/v1/tickets/${id}/messages`;

/** An EMAIL ticket: created through the API, its channel then set as mail would have (no route does). */
async function emailTicket(ctx: TestContext, org: TestOrg, subject = 'Printer on fire') {
  const ticket = await createTicket(org.api, {
    subject,
    message: 'It is on fire',
    customer: { email: 'Carla@Customer.example', name: 'Carla <b>Customer</b>' },
  });
  await ctx.database.db
    .updateTable('tickets')
    .set({ channel: 'EMAIL' })
    .where('organization_id', '=', org.id)
    .where('id', '=', ticket.id)
    .execute();
  return ticket as { id: string; ticket_number: string; customer: { email: string } };
}

describeEachDialect('outbound mail', (ctx) => {
  let sink: SmtpSink;
  let worker: OutboundWorkerHandle | null = null;
  const start = () =>
    (worker = startOutboundWorker({
      database: ctx.database,
      clock: ctx.clock,
      settings: { ...ctx.config.mailOut, smtpUrl: sink.url, pollIntervalMs: 50 },
      openSecret: async (s) => s,
      logger: silentLogger,
    }));
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterEach(async () => {
    await worker?.stop();
    worker = null;
    await ctx.database.db.updateTable('email_outbox').set({ next_attempt_at: null }).execute();
    sink.accepted.length = 0;
    sink.reject(null);
  });
  afterAll(async () => sink?.close());

  async function setup() {
    const org = await ctx.createOrg();
    const mailbox = await org.api.post('/api/v1/mailboxes', {
      name: 'Support',
      address: `support-${org.id.slice(0, 8)}@acme.example`,
      from_name: 'Acme Support',
    });
    expect(mailbox.status, JSON.stringify(mailbox.body)).toBe(201);
    const agent = await seedUser(ctx, org.id, { name: 'Ada Agent' });
    return { org, agent, address: mailbox.body.data.address as string };
  }

  const outboxRows = (orgId: string) =>
    ctx.database.db.selectFrom('email_outbox').selectAll().where('organization_id', '=', orgId).execute();

  it('mails a reply with its sender, subject, Message-ID, text and escaped HTML, and shows it sent', async () => {
    const { org, agent, address } = await setup();
    const ticket = await emailTicket(ctx, org);
    const content = 'Hello <script>alert(1)</script> & welcome\nSecond line';
    const reply = await org.api.post(messagesOf(ticket.id), { content, user_id: agent.id });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body.data.delivery).toEqual({
      channel: 'email',
      status: 'queued',
      attempt_count: 0,
      last_error: null,
      sent_at: null,
    });
    const [row] = await outboxRows(org.id);
    expect(row).toMatchObject({ message_id: reply.body.data.id, ticket_id: ticket.id, state: 'queued' });

    start();
    const mail = await eventually(async () => sink.accepted[0]);
    const p = mail.parsed;
    expect(p.from).toEqual({ name: 'Ada Agent (Acme Support)', address });
    // To the customer's stored address (a domain's case does not matter), the name as given (a header, not markup).
    expect(p.to).toEqual([{ name: 'Carla <b>Customer</b>', address: expect.any(String) }]);
    expect(p.to![0].address!.toLowerCase()).toBe(ticket.customer.email.toLowerCase());
    expect(mail.envelope.from).toBe(address);
    expect(mail.envelope.to.map((a) => a.toLowerCase())).toEqual([ticket.customer.email.toLowerCase()]);
    expect(p.subject).toBe(`Re: Printer on fire [#${ticket.ticket_number}]`);
    expect(p.messageId).toBe(row.mail_message_id);
    // The Message-ID carries the ticket's reply token, which verifies under the installation's key.
    const key = await replyTokenKeyOf(ctx.database.system, ctx.clock)();
    expect(ticketFromMessageId(key, org.id, p.messageId!)).toBe(ticket.id);
    expect(p.messageId!.endsWith('@acme.example>')).toBe(true);
    expect(p.inReplyTo).toBeUndefined();
    expect(p.text?.trim()).toBe(content);
    expect(p.html).toContain('Hello &lt;script&gt;alert(1)&lt;/script&gt; &amp; welcome<br>');
    expect(p.html).not.toContain('<script>');

    const shown = await eventually(async () => {
      const res = await org.api.get(`/api/v1/tickets/${ticket.id}`);
      const message = res.body.data.messages.find((m: { id: string }) => m.id === reply.body.data.id);
      return message.delivery.status === 'sent' ? message : null;
    });
    expect(shown.delivery).toEqual({
      channel: 'email',
      status: 'sent',
      attempt_count: 1,
      last_error: null,
      sent_at: expect.stringMatching(ISO_MS),
    });
    // The customer's first message on the ticket is not a reply: no delivery.
    const res = await org.api.get(`/api/v1/tickets/${ticket.id}`);
    expect(res.body.data.messages[0].delivery).toBeNull();
    // A PATCH answers with the messages too, delivery included.
    const patched = await org.api.patch(`/api/v1/tickets/${ticket.id}`, { priority: 'HIGH' });
    expect(patched.body.data.messages[1].delivery.status).toBe('sent');
    expect(sink.accepted).toHaveLength(1);
  });

  it('threads later replies: In-Reply-To names the previous mail, References the whole thread', async () => {
    const { org, agent } = await setup();
    const ticket = await emailTicket(ctx, org, 'Re: Invoice question');
    start();
    const ids: string[] = [];
    for (const content of ['first', 'second', 'third']) {
      const res = await org.api.post(messagesOf(ticket.id), { content, user_id: agent.id });
      expect(res.status).toBe(201);
      const mail = await eventually(async () => sink.accepted.find((m) => m.parsed.text?.trim() === content));
      ids.push(mail.parsed.messageId!);
      // No second "Re:", the number once.
      expect(mail.parsed.subject).toBe(`Re: Invoice question [#${ticket.ticket_number}]`);
    }
    const third = sink.accepted[2].parsed;
    expect(third.inReplyTo).toBe(ids[1]);
    expect(third.references?.split(/\s+/)).toEqual([ids[0], ids[1]]);
    expect(new Set(ids).size).toBe(3);
  });

  it("answers the customer's mail: the first reply names it, and the customer's answer threads back", async () => {
    const { org, agent } = await setup();
    const mailbox = await createMailbox(org);
    const customerId = `${uniqueId('first')}@customer.example`;
    const first = await postRaw(ctx, mailbox.token, rawMail({ to: mailbox.address, messageId: customerId }));
    expect(first.status).toBeLessThan(300);
    await ctx.container.inbound.processQueued();
    const [ticket] = await ticketsOf(org);
    expect(ticket.channel).toBe('EMAIL');
    start();
    const reply = await org.api.post(messagesOf(ticket.id), { content: 'We are on it', user_id: agent.id });
    expect(reply.status).toBe(201);
    const mail = await eventually(async () => sink.accepted.find((m) => m.parsed.text?.trim() === 'We are on it'));
    expect(mail.parsed.inReplyTo).toBe(`<${customerId}>`);
    expect(mail.parsed.references?.split(/\s+/)).toEqual([`<${customerId}>`]);
    // The customer answers our mail (a new subject, so only the headers can thread it).
    const answer = rawMail({ to: mailbox.address, subject: 'Thanks', inReplyTo: mail.parsed.messageId! });
    expect((await postRaw(ctx, mailbox.token, answer)).status).toBeLessThan(300);
    await ctx.container.inbound.processQueued();
    const tickets = await ticketsOf(org);
    expect(tickets).toHaveLength(1);
    expect(tickets[0].messages.map((m: { type: string }) => m.type)).toEqual(['INBOUND', 'OUTBOUND', 'INBOUND']);
    const recorded = await ctx.database.db
      .selectFrom('mail_message_ids')
      .select(['message_id', 'direction'])
      .where('organization_id', '=', org.id)
      .orderBy('created_at')
      .execute();
    expect(recorded.map((r) => r.direction)).toEqual(['inbound', 'outbound', 'inbound']);
    expect(`<${recorded[1].message_id}>`).toBe(mail.parsed.messageId);
  });

  it('mails nothing for replies on other tickets, customer messages or notes', async () => {
    const { org, agent } = await setup();
    const apiTicket = await createTicket(org.api);
    const reply = await org.api.post(messagesOf(apiTicket.id), { content: 'not mailed', user_id: agent.id });
    expect(reply.status).toBe(201);
    expect(reply.body.data.delivery).toBeNull();
    const ticket = await emailTicket(ctx, org);
    const inbound = await org.api.post(messagesOf(ticket.id), { content: 'from the customer' });
    expect(inbound.status).toBe(201);
    expect(inbound.body.data.type).toBe('INBOUND');
    expect(inbound.body.data.delivery).toBeNull();
    const note = await org.api.post(`/api/v1/tickets/${ticket.id}/notes`, { content: 'internal', user_id: agent.id });
    expect(note.status).toBe(201);
    expect(await outboxRows(org.id)).toEqual([]);
  });

  it('retries a temporary refusal after 1, 5, 15 and 60 minutes, then fails', async () => {
    const { org, agent } = await setup();
    const ticket = await emailTicket(ctx, org);
    sink.reject({ code: 451, message: 'try again later' });
    const base = Date.now();
    ctx.clock.set(base);
    const reply = await org.api.post(messagesOf(ticket.id), { content: 'retry me', user_id: agent.id });
    start();
    const row = async () => (await outboxRows(org.id)).find((r) => r.message_id === reply.body.data.id)!;
    let at = base;
    for (const [attempt, delayMs] of [
      [1, 60_000],
      [2, 300_000],
      [3, 900_000],
      [4, 3_600_000],
    ] as const) {
      const r = await eventually(async () => {
        const current = await row();
        return current.attempt_count === attempt && current.lease_token === null ? current : null;
      });
      expect(r.state).toBe('queued');
      expect(Number(r.next_attempt_at)).toBe(at + delayMs);
      expect(r.last_error).toContain('try again later');
      // Not due a millisecond early.
      at += delayMs;
      ctx.clock.set(at - 1);
      worker!.wake();
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect((await row()).attempt_count).toBe(attempt);
      ctx.clock.set(at);
      worker!.wake();
    }
    const failed = await eventually(async () => ((await row()).state === 'failed' ? await row() : null));
    expect(failed.attempt_count).toBe(5);
    expect(failed.next_attempt_at).toBeNull();
    const res = await org.api.get(`/api/v1/tickets/${ticket.id}`);
    expect(res.body.data.messages[1].delivery).toMatchObject({ status: 'failed', attempt_count: 5, sent_at: null });
    expect(res.body.data.messages[1].delivery.last_error).toContain('try again later');
    expect(sink.accepted).toHaveLength(0);
  });

  it('fails at once on a permanent refusal, and when the organization has nowhere to send from it retries', async () => {
    const { org, agent } = await setup();
    const ticket = await emailTicket(ctx, org);
    sink.reject({ code: 550, message: 'no such user' });
    const reply = await org.api.post(messagesOf(ticket.id), { content: 'refused', user_id: agent.id });
    start();
    const failed = await eventually(async () => {
      const res = await org.api.get(`/api/v1/tickets/${ticket.id}`);
      const d = res.body.data.messages.find((m: { id: string }) => m.id === reply.body.data.id).delivery;
      return d.status === 'failed' ? d : null;
    });
    expect(failed).toMatchObject({ attempt_count: 1, sent_at: null });
    expect(failed.last_error).toContain('no such user');

    // Without a mailbox there is no sender address: the reply waits (retried), it is not lost.
    const bare = await ctx.createOrg();
    const bareAgent = await seedUser(ctx, bare.id);
    const bareTicket = await emailTicket(ctx, bare);
    const queued = await bare.api.post(messagesOf(bareTicket.id), { content: 'waiting', user_id: bareAgent.id });
    worker!.wake();
    const waiting = await eventually(async () => {
      const [r] = await outboxRows(bare.id);
      return r && r.attempt_count === 1 && r.lease_token === null ? r : null;
    });
    expect(waiting).toMatchObject({ message_id: queued.body.data.id, state: 'queued' });
    expect(waiting.last_error).toContain('no mailbox');
  });

  it('marks a reply failed when its mail bounces, and only in its own organization', async () => {
    const { org, agent } = await setup();
    const ticket = await emailTicket(ctx, org);
    const reply = await org.api.post(messagesOf(ticket.id), { content: 'will bounce', user_id: agent.id });
    start();
    const mail = await eventually(async () => sink.accepted[0]);
    const other = await ctx.createOrg();
    expect(await ctx.container.outboundMail.markBounced(other.id, mail.parsed.messageId!, 'User unknown')).toBe(false);
    expect(await ctx.container.outboundMail.markBounced(org.id, mail.parsed.messageId!, '550 User unknown')).toBe(true);
    const res = await org.api.get(`/api/v1/tickets/${ticket.id}`);
    const d = res.body.data.messages.find((m: { id: string }) => m.id === reply.body.data.id).delivery;
    expect(d).toMatchObject({ status: 'failed', last_error: '550 User unknown' });
    // The inbound side's port: Message-IDs as bounces report them, without angle brackets.
    const second = await org.api.post(messagesOf(ticket.id), { content: 'also bounces', user_id: agent.id });
    const secondMail = await eventually(async () => sink.accepted[1]);
    const bare = secondMail.parsed.messageId!.replace(/^<|>$/g, '');
    await ctx.container.outboundMail.markFailedByMessageId(org.id, bare, 'mailbox full');
    const after = await org.api.get(`/api/v1/tickets/${ticket.id}`);
    const d2 = after.body.data.messages.find((m: { id: string }) => m.id === second.body.data.id).delivery;
    expect(d2).toMatchObject({ status: 'failed', last_error: 'mailbox full' });
  });

  it('a worker that died mid-attempt: the reply is sent once its lease runs out, once, and never again', async () => {
    const { org, agent } = await setup();
    const ticket = await emailTicket(ctx, org);
    const base = Date.now();
    ctx.clock.set(base);
    await org.api.post(messagesOf(ticket.id), { content: 'survives a crash', user_id: agent.id });
    // A worker claims it and dies before recording anything (its attempt is counted, its lease held).
    const [lost] = await claimDue(ctx.database.system, {
      now: base,
      leaseMs: ctx.config.mailOut.leaseMs,
      limit: 10,
      token: 'dead-worker',
    });
    expect(lost.attempt_count).toBe(1);
    start();
    worker!.wake();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sink.accepted).toHaveLength(0);
    ctx.clock.set(base + ctx.config.mailOut.leaseMs + 1);
    worker!.wake();
    await eventually(async () => sink.accepted[0]);
    const [row] = await outboxRows(org.id);
    await eventually(async () => ((await outboxRows(org.id))[0].state === 'sent' ? true : null));
    expect(row.attempt_count).toBe(2);
    // Sent: later claims, however late, take nothing.
    ctx.clock.set(base + 100 * ctx.config.mailOut.leaseMs);
    worker!.wake();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sink.accepted).toHaveLength(1);
  });
});
