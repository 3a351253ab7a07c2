import pg from 'pg';
import { afterAll, expect, it, vi } from 'vitest';
import { describeEachDialect } from './support/harness.js';
import { claimedRows, messageIdRows, processBurst } from './support/mail-burst.js';
import { createMailbox, rawMail, ticketsOf, uniqueId } from './support/mail-fixtures.js';

// A batch of received mail that opens new tickets is applied with statements whose text does not
// depend on the batch's size: on PostgreSQL each new text is parsed and planned again (and is one
// more prepared statement per connection), and Kysely builds a multi-row statement value by value.
// The rows are one JSON parameter or one array each. Checked by processing two bursts of different
// sizes from the same two customers and comparing the statements each sent (a batch still has a
// statement per customer: its count, and its creation when new); on both engines, what they stored.

// Spied on before the pools make their clients (they bind the method when made).
const spy = vi.spyOn(pg.Client.prototype, 'query');
afterAll(() => spy.mockRestore());

const textOf = (q: unknown) => (typeof q === 'string' ? q : (q as { text: string }).text).replace(/\s+/g, ' ').trim();
const TABLES = /\b(tickets|messages|events|inbound_emails|mail_message_ids)\b/;

describeEachDialect('mail applied in batches: statements whatever the batch size', (ctx) => {
  it('two bursts of different sizes send the same statements, and each mail is stored as its ticket', async () => {
    const org = await ctx.createOrg();
    const box = await createMailbox(org);
    const senders = [`a-${uniqueId()}@customer.example`, `b-${uniqueId()}@customer.example`];
    const burst = async (n: number) => {
      const ids = Array.from({ length: n }, () => `${uniqueId('size')}@customer.example`);
      const items = ids.map((messageId, i) => ({
        box,
        raw: rawMail({
          from: `Sender ${i} <${senders[i % 2]}>`,
          to: box.address,
          subject: `<b>Size ${n}</b> mail ${i}`,
          body: `Body ${i} <script>alert(1)</script>\r\n`,
          messageId,
        }),
      }));
      spy.mockClear();
      await processBurst(ctx, items);
      const texts = spy.mock.calls.map(([q]) => textOf(q)).filter((s) => TABLES.test(s));
      return { ids, texts };
    };
    // The first makes the two customers.
    const first = await burst(2);
    const small = await burst(3);
    const large = await burst(7);

    if (ctx.dialect === 'postgres') {
      // The statements of the applied batch (the claim, the tickets' rows, the finish and the ids).
      const distinct = (texts: string[]) => [...new Set(texts)].sort();
      expect(distinct(large.texts)).toEqual(distinct(small.texts));
      expect(large.texts.some((s) => s.includes('json_populate_recordset(cast(null as "tickets")'))).toBe(true);
      expect(
        large.texts.some((s) => /^update inbound_emails set .* from \(select \* from json_to_recordset/.test(s)),
      ).toBe(true);
    }

    const rows = await claimedRows(ctx, [box.id]);
    expect(rows.map((r) => r.state)).toEqual(Array(12).fill('done'));
    const tickets = new Map((await ticketsOf(org)).map((t) => [t.id, t]));
    for (const row of rows) {
      const ticket = tickets.get(String(row.ticket_id));
      expect(ticket?.subject).toBe(row.subject);
      expect(ticket?.customer.email).toBe(row.from_address);
      expect(row.lease_expires_at).toBeNull();
      expect(Number(row.processed_at)).toBeGreaterThan(0);
    }
    expect(rows.map((r) => r.subject)).toEqual([
      ...[0, 1].map((i) => `<b>Size 2</b> mail ${i}`),
      ...[0, 1, 2].map((i) => `<b>Size 3</b> mail ${i}`),
      ...[0, 1, 2, 3, 4, 5, 6].map((i) => `<b>Size 7</b> mail ${i}`),
    ]);
    const recorded = await messageIdRows(ctx, org.id);
    expect(recorded.map((r) => [r.message_id, String(r.ticket_id)]).sort()).toEqual(
      [...first.ids, ...small.ids, ...large.ids].map((id, i) => [id, String(rows[i].ticket_id)]).sort(),
    );
    // Each ticket's one message, first in its ticket, with no files.
    const messages = await ctx.database.db
      .selectFrom('messages')
      .select(['ticket_id', 'seq', 'attachment_count', 'content'])
      .where('organization_id', '=', org.id)
      .execute();
    expect(messages).toHaveLength(12);
    for (const m of messages) {
      expect([Number(m.seq), Number(m.attachment_count)]).toEqual([1, 0]);
      expect(tickets.has(String(m.ticket_id))).toBe(true);
    }
  });

  it('a burst from as many new senders reads and creates them together, each once, with its event', async () => {
    const org = await ctx.createOrg();
    const box = await createMailbox(org);
    const burst = async (n: number) => {
      const senders = Array.from({ length: n }, (_, i) => `new${i}-${uniqueId()}@senders.example`);
      spy.mockClear();
      await processBurst(
        ctx,
        senders.map((from, i) => ({
          box,
          raw: rawMail({ from: `"New <i>${i}</i>" <${from}>`, to: box.address, subject: `From ${from}` }),
        })),
      );
      const customerStatements = spy.mock.calls.map(([q]) => textOf(q)).filter((s) => /\bcustomers\b/.test(s));
      return { senders, customerStatements };
    };
    const three = await burst(3);
    const seven = await burst(7);
    if (ctx.dialect === 'postgres') {
      // One read and one insert of the senders whatever their number (the counts ride in the batch's writes).
      const ownStatements = (list: string[]) => list.filter((s) => !s.startsWith('/* sent with commit */'));
      expect(ownStatements(seven.customerStatements)).toEqual(ownStatements(three.customerStatements));
      expect(ownStatements(seven.customerStatements)).toHaveLength(2);
    }
    const customers = await ctx.database.db
      .selectFrom('customers')
      .select(['email', 'name', 'ticket_count'])
      .where('organization_id', '=', org.id)
      .execute();
    const all = [...three.senders, ...seven.senders];
    expect(customers.map((c) => [c.email, Number(c.ticket_count)]).sort()).toEqual(all.map((e) => [e, 1]).sort());
    expect(customers.find((c) => c.email === all[1])?.name).toBe('New <i>1</i>');
    const created = await ctx.database.db
      .selectFrom('events')
      .select(['data'])
      .where('organization_id', '=', org.id)
      .where('type', '=', 'customer.created')
      .orderBy('seq')
      .execute();
    // One each, in the order their mail was received within a burst.
    expect(created.map((e) => JSON.parse(e.data).email)).toEqual(all);
    expect(created.every((e) => JSON.parse(e.data).ticket_count === 1)).toBe(true);
  });
});
