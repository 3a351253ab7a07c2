import { expect, it } from 'vitest';
import { encodeReplyToken } from '../src/mail/reply-token.js';
import { storedPayload } from './support/event-log.js';
import { countRows, postWebhook } from './support/fixtures.js';
import { describeEachDialect } from './support/harness.js';
import {
  claimedRows,
  messageIdRows,
  postCustomer,
  processAlone,
  processBurst,
  burstSuite,
  ticketShape,
  type BurstItem,
} from './support/mail-burst.js';
import {
  createMailbox,
  multipartMail,
  rawMail,
  ticketsOf,
  uniqueId,
  type TestMailbox,
} from './support/mail-fixtures.js';

// Received mail that opens new tickets is applied in batches (one create for many tickets). A batch
// must make of each mail what the one-by-one path makes, keep every count exact, raise the same
// events, and leave to the one-by-one path whatever is not a plain new ticket: replies (even to a mail
// of the same burst), repeated Message-IDs, files, bounces, the service's own mail, ticket tags and
// reply tokens, and every mail under a plan with a ticket limit.

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

/** Bodies that exercise the reading of a mail's text (empty, HTML only, quoted-printable, a quote). */
const VARIANTS = [
  { body: 'My order has not arrived.\r\n' },
  { body: '' },
  { body: '<p>Hello <b>there</b></p>\r\n', contentType: 'text/html; charset=utf-8' },
  { body: 'Caf=C3=A9 au lait, =\r\nsoft break\r\n', transferEncoding: 'quoted-printable' },
  { body: 'New text here\r\n\r\nOn Mon, 1 Jun 2026, Support wrote:\r\n> earlier answer\r\n' },
  { body: 'Encoded subject\r\n', subject: `=?UTF-8?B?${b64('Ünïcödé subject')}?=` },
];

describeEachDialect('mail applied in batches: new tickets', (ctx) => {
  const { creates, usage, events } = burstSuite(ctx);

  /** An organization with a mailbox and two customers created through the API. */
  async function setUp() {
    const org = await ctx.createOrg();
    const box = await createMailbox(org);
    const emails = [`a-${uniqueId()}@known.example`, `b-${uniqueId()}@known.example`];
    const ids = [await postCustomer(org, emails[0], 'Alice Known'), await postCustomer(org, emails[1], 'Bob Known')];
    return { org, box, emails, ids };
  }

  /** Twelve mails from the two known customers and a new one (who names themselves). */
  function twelve(box: TestMailbox, known: string[], newcomer: string, ids: string[] = []) {
    return Array.from({ length: 12 }, (_, i) => {
      const v = VARIANTS[i % VARIANTS.length];
      const from = i % 3 === 2 ? `"Carol, New" <${newcomer}>` : `Another Name <${known[i % 3]}>`;
      return {
        box,
        raw: rawMail({ ...v, from, to: box.address, subject: v.subject ?? `Question ${i}`, messageId: ids[i] }),
      };
    });
  }

  it('a burst of plain mail becomes one ticket each, numbered in order, as the one-by-one path makes them', async () => {
    const { org, box, emails } = await setUp();
    const newcomer = `carol-${uniqueId()}@new.example`;
    const ids = Array.from({ length: 12 }, () => `${uniqueId('burst')}@customer.example`);
    const spied = creates();
    await processBurst(ctx, twelve(box, emails, newcomer, ids));

    // Applied by one batch create of all twelve, none one by one.
    expect(spied.batches().map((b) => b.length)).toEqual([12]);
    expect((await spied.batchResults())[0]).toHaveLength(12);
    expect(spied.singles()).toEqual([]);

    const rows = await claimedRows(ctx, [box.id]);
    expect(rows.map((r) => [r.state, Number(r.attempt_count), r.kind])).toEqual(Array(12).fill(['done', 1, 'mail']));
    const listed = await ticketsOf(org);
    const tickets = new Map(listed.map((t) => [t.id, t]));
    expect(tickets.size).toBe(12);
    // Listed newest first: the last received first, as when made one by one.
    expect(listed.map((t) => t.id)).toEqual(rows.map((r) => String(r.ticket_id)).reverse());
    const mine = rows.map((r) => tickets.get(String(r.ticket_id)));
    // Consecutive numbers in the order the mail was received.
    const first = Number(mine[0].ticket_number);
    expect(mine.map((t) => Number(t.ticket_number))).toEqual(Array.from({ length: 12 }, (_, i) => first + i));
    for (const [i, t] of mine.entries()) {
      expect(t.channel).toBe('EMAIL');
      expect(t.customer.email).toBe(i % 3 === 2 ? newcomer : emails[i % 3]);
      expect(rows[i].from_address).toBe(t.customer.email);
      expect(rows[i].subject).toBe(t.subject);
      expect(rows[i].message_id).toBe(ids[i]);
    }
    const recorded = await messageIdRows(ctx, org.id);
    expect(recorded.map((r) => [r.message_id, r.ticket_id, r.direction]).sort()).toEqual(
      ids.map((id, i) => [id, rows[i].ticket_id, 'inbound']).sort(),
    );

    // The same mails, each processed alone in an organization set up the same way.
    const control = await setUp();
    const controlNewcomer = newcomer.replace('@new.example', '@control.example');
    await processAlone(ctx, twelve(control.box, control.emails, controlNewcomer));
    const controlRows = await claimedRows(ctx, [control.box.id]);
    const controlTickets = new Map((await ticketsOf(control.org)).map((t) => [t.id, t]));
    const renamed: [string, string][] = [
      [controlNewcomer, newcomer],
      [control.emails[0], emails[0]],
      [control.emails[1], emails[1]],
    ];
    const alone = controlRows.map((r) => {
      let shape = JSON.stringify(ticketShape(controlTickets.get(String(r.ticket_id))));
      for (const [from, to] of renamed) shape = shape.replaceAll(from, to);
      return JSON.parse(shape);
    });
    expect(mine.map(ticketShape)).toEqual(alone);
    expect(rows.map((r) => [r.state, r.kind, r.subject])).toEqual(controlRows.map((r) => [r.state, r.kind, r.subject]));
  });

  it('keeps every count exact: customers, ticket totals and usage', async () => {
    const { org, box, emails, ids } = await setUp();
    // The first known customer has a ticket already.
    expect(
      (await org.api.post('/api/v1/tickets', { subject: 'Before', message: 'x', customer: { email: emails[0] } }))
        .status,
    ).toBe(201);
    const [c, d] = [`c-${uniqueId()}@new.example`, `d-${uniqueId()}@new.example`];
    const senders = [emails[0], emails[0], emails[0], emails[1], emails[1], c, c, c, c, d];
    await processBurst(
      ctx,
      senders.map((from, i) => ({ box, raw: rawMail({ from, to: box.address, subject: `Count ${i}` }) })),
    );
    const customers = (await org.api.get('/api/v1/customers?limit=100')).body;
    expect(customers.meta.pagination.total).toBe(4);
    const counts = Object.fromEntries(customers.data.map((x: any) => [x.email, x.ticket_count]));
    expect(counts).toEqual({ [emails[0]]: 4, [emails[1]]: 2, [c]: 4, [d]: 1 });
    for (const [i, id] of ids.entries())
      expect((await org.api.get(`/api/v1/customers/${id}`)).body.data.ticket_count).toBe([4, 2][i]);
    expect(await countRows(ctx, 'customers', org.id)).toBe(4);
    for (const query of ['', '?status=OPEN', '?priority=MEDIUM', `?customer_id=${ids[1]}`]) {
      const list = await org.api.get(`/api/v1/tickets${query}`);
      expect([query, list.body.meta.pagination.total]).toEqual([query, query.startsWith('?customer') ? 2 : 11]);
    }
    expect(await countRows(ctx, 'tickets', org.id)).toBe(11);
    expect(await usage(org)).toEqual({ used: 11, limit: null });
  });

  it('raises one ticket.created per ticket and one customer.created per new customer, with their deliveries', async () => {
    const { org, box, emails } = await setUp();
    const hook = await postWebhook(org.api, { events: ['ticket.created'] });
    expect(hook.status).toBe(201);
    const newcomer = `carol-${uniqueId()}@new.example`;
    await processBurst(ctx, twelve(box, emails, newcomer));
    const ticketIds = (await ticketsOf(org)).map((t) => t.id).sort();
    expect(ticketIds).toHaveLength(12);

    const created = await events(org, 'ticket.created');
    expect(created.map((e) => e.data.id).sort()).toEqual(ticketIds);
    expect(created.every((e) => e.data.channel === 'EMAIL' && e.data.status === 'OPEN')).toBe(true);
    const customers = await events(org, 'customer.created');
    // The two known customers' events came from the API; the new one's once, from its first mail.
    expect(customers.map((e) => e.data.email).sort()).toEqual([...emails, newcomer].sort());
    expect(customers.find((e) => e.data.email === newcomer)?.data.name).toBe('Carol, New');
    // In the log, the new customer comes before the first of its tickets.
    const log = (await events(org)).map((e) => [e.type, e.data.email ?? e.data.customer?.email]);
    const firstOfNewcomer = log.findIndex(([, email]) => email === newcomer);
    expect(log[firstOfNewcomer]).toEqual(['customer.created', newcomer]);

    const deliveries = await ctx.database.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('webhook_id', '=', hook.body.data.id)
      .execute();
    expect(deliveries.map((d) => d.event)).toEqual(Array(12).fill('ticket.created'));
    const delivered = [];
    for (const d of deliveries) delivered.push((await storedPayload(ctx, d, org.id)).data.id);
    expect(delivered.sort()).toEqual(ticketIds);
  });

  it('in one burst leaves replies, repeats, files, bounces, own mail, tags and tokens to the one-by-one path', async () => {
    const org = await ctx.createOrg();
    const [box, other] = [await createMailbox(org), await createMailbox(org)];
    const customer = `x-${uniqueId()}@customer.example`;
    const earlierId = `${uniqueId('earlier')}@customer.example`;
    await processAlone(ctx, [
      { box, raw: rawMail({ from: customer, to: box.address, subject: 'Earlier', messageId: earlierId }) },
    ]);
    const [earlier] = await ticketsOf(org);
    const [local, domain] = box.address.split('@');
    const token = encodeReplyToken(await ctx.container.replyKey(), org.id, earlier.id);
    const [p1, dup] = [`${uniqueId('p1')}@customer.example`, `${uniqueId('dup')}@customer.example`];
    const mail = (subject: string, spec: Parameters<typeof rawMail>[0] = {}) =>
      rawMail({ from: `p-${uniqueId()}@customer.example`, to: box.address, subject, ...spec });
    const items: (BurstItem & { name: string })[] = [
      { name: 'plain 1', box, raw: mail('plain 1', { messageId: p1, from: customer }) },
      { name: 'plain 2', box, raw: mail('plain 2') },
      { name: 'reply', box, raw: mail('Re: plain 1', { from: customer, inReplyTo: `<${p1}>`, body: 'Reply\r\n' }) },
      { name: 'repeat', box, raw: mail('repeated', { messageId: dup }) },
      { name: 'repeat 2', box: other, raw: mail('repeated', { messageId: dup }) },
      {
        name: 'files',
        box,
        raw: multipartMail({ from: customer, to: box.address, subject: 'files' }, [
          { headers: ['Content-Type: text/plain; charset=utf-8'], body: 'See the file' },
          { headers: ['Content-Type: text/plain', 'Content-Disposition: attachment; filename="a.txt"'], body: 'A' },
        ]),
      },
      { name: 'bounce', box, raw: mail('Undelivered', { from: `MAILER-DAEMON@mx-${uniqueId()}.example` }) },
      { name: 'auto', box, raw: mail('Out of office', { headers: { 'Auto-Submitted': 'auto-replied' } }) },
      { name: 'tag', box, raw: mail(`Re: Earlier [#${earlier.ticket_number}]`, { from: customer.toUpperCase() }) },
      { name: 'stranger tag', box, raw: mail(`Copied [#${earlier.ticket_number}]`) },
      { name: 'token', box, raw: mail('token', { to: `${local}+${token}@${domain}` }) },
      { name: 'own', box, raw: mail('own', { from: other.address }) },
      { name: 'known id', box: other, raw: mail('Earlier again', { messageId: earlierId, from: customer }) },
      { name: 'no sender', box, raw: mail('no sender', { from: 'nobody' }) },
    ];
    const spied = creates();
    await processBurst(ctx, items);
    // Only the plain new tickets go into the batch (an automatic reply is one), in the order received;
    // copies of one mail (the repeated Message-ID) are applied one by one, in the order received.
    expect(spied.batches()).toEqual([['plain 1', 'plain 2', 'Out of office', `Copied [#${earlier.ticket_number}]`]]);
    expect(spied.singles()).toEqual(['repeated', 'files']);

    const rows = await claimedRows(ctx, [box.id, other.id]);
    const row = Object.fromEntries(items.map((item, i) => [item.name, rows[i + 1]]));
    const tickets = await ticketsOf(org);
    const byId = new Map(tickets.map((t) => [t.id, t]));
    const ticketOf = (name: string) => byId.get(String(row[name].ticket_id));
    expect(tickets.map((t) => t.subject).sort()).toEqual(
      [
        'Earlier',
        'plain 1',
        'plain 2',
        'repeated',
        'files',
        'Out of office',
        `Copied [#${earlier.ticket_number}]`,
      ].sort(),
    );
    // The reply joined the ticket of the mail it answers, made in the same burst.
    expect(ticketOf('reply').subject).toBe('plain 1');
    expect(ticketOf('plain 1').messages.map((m: any) => m.content)).toEqual(['My order has not arrived.', 'Reply']);
    // The repeated Message-ID: one ticket, both stored copies done with it.
    expect(row['repeat 2'].ticket_id).toBe(row.repeat.ticket_id);
    expect(ticketOf('repeat').messages).toHaveLength(1);
    expect(ticketOf('files').messages[0].attachments.map((a: any) => a.filename)).toEqual(['a.txt']);
    expect(ticketOf('auto').subject).toBe('Out of office');
    expect(row.auto.kind).toBe('automatic');
    // The tag from the ticket's customer, the token, and the known Message-ID reach the earlier ticket.
    for (const name of ['tag', 'token', 'known id']) expect([name, row[name].ticket_id]).toEqual([name, earlier.id]);
    expect(byId.get(earlier.id).messages).toHaveLength(3);
    expect(ticketOf('stranger tag').id).not.toBe(earlier.id);
    expect([row.bounce.kind, row.bounce.ticket_id, row.own.kind, row.own.ticket_id]).toEqual([
      'bounce',
      null,
      'own',
      null,
    ]);
    expect([row['no sender'].state, row['no sender'].last_error]).toEqual([
      'failed',
      'the message has no usable sender (From)',
    ]);
    expect(rows.filter((r) => r.state !== 'done').map((r) => r.subject)).toEqual(['no sender']);
  });

  // Copies of one mail left to the one-by-one path and taken into the batch: the batch must not make a
  // ticket of the later copy before the earlier one (here threaded by the reply token of its mailbox)
  // joins its ticket.
  it('a mail that reached two mailboxes, one copy by a reply token, joins the ticket as when applied alone', async () => {
    const org = await ctx.createOrg();
    const [box, other] = [await createMailbox(org), await createMailbox(org)];
    const customer = `t-${uniqueId()}@customer.example`;
    await processAlone(ctx, [{ box, raw: rawMail({ from: customer, to: box.address, subject: 'Earlier' }) }]);
    const [earlier] = await ticketsOf(org);
    const [local, domain] = box.address.split('@');
    const tokenAddress = `${local}+${encodeReplyToken(await ctx.container.replyKey(), org.id, earlier.id)}@${domain}`;
    const copy = rawMail({
      from: customer,
      to: tokenAddress,
      subject: 'More details',
      messageId: `${uniqueId()}@c.example`,
    });
    await processBurst(ctx, [
      { box, raw: copy, recipient: tokenAddress },
      { box: other, raw: copy, recipient: other.address },
      { box, raw: rawMail({ to: box.address, subject: 'Unrelated 1' }) },
      { box, raw: rawMail({ to: box.address, subject: 'Unrelated 2' }) },
    ]);
    const rows = await claimedRows(ctx, [box.id, other.id]);
    // As one by one in the order received: the first copy joins the ticket, the second is known.
    expect([rows[1].ticket_id, rows[2].ticket_id]).toEqual([earlier.id, earlier.id]);
    expect((await ticketsOf(org)).map((t) => t.subject).sort()).toEqual(['Earlier', 'Unrelated 1', 'Unrelated 2']);
  });
});
