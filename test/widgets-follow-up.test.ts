import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { startOutboundWorker, type OutboundWorkerHandle } from '../src/mail/outbound-worker.js';
import { claimDue } from '../src/widgets/follow-up-store.js';
import { runFollowUps } from '../src/widgets/widget-upkeep.js';
import { describeEachDialect } from './support/harness.js';
import { createMailbox, postRaw, rawMail } from './support/mail-fixtures.js';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';
import { createTicket, seedUser } from './support/ticket-fixtures.js';
import { eventually, silentLogger } from './support/webhook-receiver.js';
import { createWidget, visitor } from './support/widget-visitors.js';

// An agent's reply on a widget ticket that the visitor's widget does not report seen within the
// follow-up delay (10 minutes by default) is mailed to the visitor through the outbound mail queue,
// threaded, so the visitor's answer by mail continues the same ticket. Seen replies, replies before
// their time and organizations without a mailbox mail nothing; a reply is never queued twice, even by
// two workers at once or after a worker died holding its lease.

const TEN_MINUTES = 600_000;

describeEachDialect('chat widget follow-up mails', (ctx) => {
  let sink: SmtpSink;
  let worker: OutboundWorkerHandle | null = null;
  let n = 0;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterEach(async () => {
    await worker?.stop();
    worker = null;
    // Nothing left due for the next test's runs.
    await ctx.database.db.updateTable('widget_follow_ups').set({ state: 'seen' }).execute();
    await ctx.database.db.updateTable('email_outbox').set({ next_attempt_at: null }).execute();
    sink.accepted.length = 0;
  });
  afterAll(async () => sink?.close());

  const run = () =>
    runFollowUps({
      database: ctx.database,
      clock: ctx.clock,
      mail: ctx.container.outboundMail,
      hasMailbox: async (id) => (await ctx.container.mailboxes.list(id)).length > 0,
    });
  const followUps = (orgId: string) =>
    ctx.database.db
      .selectFrom('widget_follow_ups')
      .select(['message_id', 'state'])
      .where('organization_id', '=', orgId)
      .execute();
  const outbox = (orgId: string) =>
    ctx.database.db
      .selectFrom('email_outbox')
      .select(['message_id', 'ticket_id', 'mail_message_id'])
      .where('organization_id', '=', orgId)
      .execute();

  async function setup(withMailbox = true) {
    const org = await ctx.createOrg();
    const mailbox = withMailbox ? await createMailbox(org) : null;
    const widget = await createWidget(org, { identity: 'off' });
    const v = visitor(ctx.app, widget.key, { address: `192.0.2.${++n}` });
    await v.open();
    const opened = await v.request('POST', '/conversations', {
      message: 'Where is my parcel?',
      email: 'vera@visitor.example',
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const agent = await seedUser(ctx, org.id, { name: 'Ada Agent' });
    const ticketId = opened.body.data.id as string;
    const reply = async (content: string) => {
      const res = await org.api.post(`/api/v1/tickets/${ticketId}/messages`, { content, user_id: agent.id });
      expect(res.status).toBe(201);
      return res.body.data.id as string;
    };
    return { org, mailbox, v, ticketId, reply };
  }

  const later = (ms: number) => ctx.clock.set(Date.now() + ms);

  it('mails a reply not seen in 10 minutes, once, threaded: the answer by mail lands on the same ticket', async () => {
    const { org, mailbox, ticketId, reply } = await setup();
    const replyId = await reply('Your parcel left <b>today</b>');
    expect(await followUps(org.id)).toEqual([{ message_id: replyId, state: 'pending' }]);
    // Not yet due: nothing happens.
    later(TEN_MINUTES - 5_000);
    await run();
    expect(await outbox(org.id)).toEqual([]);
    later(TEN_MINUTES + 1_000);
    await run();
    expect(await followUps(org.id)).toEqual([{ message_id: replyId, state: 'mailed' }]);
    const [queued] = await outbox(org.id);
    expect(queued).toMatchObject({ message_id: replyId, ticket_id: ticketId });
    // Runs after that queue nothing more.
    await run();
    expect(await outbox(org.id)).toHaveLength(1);

    worker = startOutboundWorker({
      database: ctx.database,
      clock: ctx.clock,
      settings: { ...ctx.config.mailOut, smtpUrl: sink.url, pollIntervalMs: 50 },
      openSecret: async (s) => s,
      logger: silentLogger,
    });
    const mail = await eventually(async () =>
      sink.accepted.find((m) => m.envelope.to.includes('vera@visitor.example')),
    );
    expect(mail.parsed.text).toContain('Your parcel left <b>today</b>');
    expect(mail.parsed.messageId).toBe(queued.mail_message_id);
    // The visitor answers the mail: it continues the ticket.
    const answer = rawMail({
      from: 'Vera <vera@visitor.example>',
      to: mailbox!.address,
      subject: 'Re: something else',
      inReplyTo: mail.parsed.messageId!,
      body: 'Thanks, got it\r\n',
    });
    expect((await postRaw(ctx, mailbox!.token, answer)).status).toBeLessThan(300);
    await ctx.container.inbound.processQueued();
    const ticket = (await org.api.get(`/api/v1/tickets/${ticketId}`)).body.data;
    expect(ticket.channel).toBe('WIDGET');
    expect(ticket.messages.map((m: any) => [m.type, m.content.trim()])).toEqual([
      ['INBOUND', 'Where is my parcel?'],
      ['OUTBOUND', 'Your parcel left <b>today</b>'],
      ['INBOUND', 'Thanks, got it'],
    ]);
  });

  it('mails nothing the widget reported seen, and only replies up to the one reported', async () => {
    const { org, v, ticketId, reply } = await setup();
    const first = await reply('First answer');
    const seen = await v.request('POST', `/conversations/${ticketId}/seen`, { message_id: first });
    expect(seen.status, JSON.stringify(seen.body)).toBe(204);
    const second = await reply('Second answer');
    later(TEN_MINUTES + 1_000);
    await run();
    const states = new Map((await followUps(org.id)).map((r) => [r.message_id, r.state]));
    expect(states.get(first)).toBe('seen');
    expect(states.get(second)).toBe('mailed');
    expect((await outbox(org.id)).map((r) => r.message_id)).toEqual([second]);
  });

  it('a "seen" report wins over a worker holding the row: nothing is queued', async () => {
    const { org, v, ticketId, reply } = await setup();
    const id = await reply('Answer');
    later(TEN_MINUTES + 1_000);
    const [claim] = await claimDue(ctx.database.system, {
      now: ctx.clock(),
      leaseMs: 60_000,
      limit: 10,
      token: 'crashed',
    });
    expect(claim.message_id).toBe(id);
    expect((await v.request('POST', `/conversations/${ticketId}/seen`, { message_id: id })).status).toBe(204);
    later(TEN_MINUTES + 120_000);
    await run();
    expect(await followUps(org.id)).toEqual([{ message_id: id, state: 'seen' }]);
    expect(await outbox(org.id)).toEqual([]);
  });

  it('a worker that died holding a follow-up leaves it to the next once the lease runs out; two at once queue it once', async () => {
    const { org, reply } = await setup();
    const a = await reply('One');
    const b = await reply('Two');
    later(TEN_MINUTES + 1_000);
    await claimDue(ctx.database.system, { now: ctx.clock(), leaseMs: 60_000, limit: 1, token: 'crashed' });
    await Promise.all([run(), run()]);
    // One was leased by the dead worker: only the other is queued until the lease ends.
    expect(await outbox(org.id)).toHaveLength(1);
    later(TEN_MINUTES + 120_000);
    await Promise.all([run(), run()]);
    expect((await outbox(org.id)).map((r) => r.message_id).sort()).toEqual([a, b].sort());
  });

  it('mails nothing without a mailbox, nor for customer messages or other channels', async () => {
    const { org, v, ticketId, reply } = await setup(false);
    const id = await reply('Answer');
    expect((await v.request('POST', `/conversations/${ticketId}/messages`, { content: 'visitor' })).status).toBe(201);
    const agent = await seedUser(ctx, org.id, { name: 'Bo' });
    const api = await createTicket(org.api);
    expect((await org.api.post(`/api/v1/tickets/${api.id}/messages`, { content: 'x', user_id: agent.id })).status).toBe(
      201,
    );
    expect(await followUps(org.id)).toEqual([{ message_id: id, state: 'pending' }]);
    later(TEN_MINUTES + 1_000);
    await run();
    expect(await followUps(org.id)).toEqual([{ message_id: id, state: 'skipped' }]);
    expect(await outbox(org.id)).toEqual([]);
  });

  it("refuses seen reports on others' conversations and ids that are not messages", async () => {
    const one = await setup();
    const two = await setup();
    const id = await one.reply('Answer');
    const foreign = await two.v.request('POST', `/conversations/${one.ticketId}/seen`, { message_id: id });
    expect(foreign.status).toBe(404);
    const bad = await one.v.request('POST', `/conversations/${one.ticketId}/seen`, { message_id: '<script>' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([{ field: 'message_id', issue: 'invalid' }]);
    expect(await followUps(one.org.id)).toEqual([{ message_id: id, state: 'pending' }]);
  });
});
