import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { CLAIM_BATCH, CLAIM_BYTES } from '../src/mail/inbound-service.js';
import { countRows } from './support/fixtures.js';
import { describeEachDialect, type TestContext } from './support/harness.js';
import { burstSuite, claimedRows, processAlone, processBurst } from './support/mail-burst.js';
import { createMailbox, rawMail, ticketsOf, uniqueId } from './support/mail-fixtures.js';
import { eventually } from './support/webhook-receiver.js';

// Batches of received mail beside the plan's ticket limit (under a limit the batch create makes
// nothing and every mail is tried alone, as before), a batch whose transaction fails (rolled back
// whole, then each mail tried alone), the processor's gathering of mail that arrives together, and
// the batch create itself: all or nothing, validated before it takes numbers.

/** Makes recording this Message-ID for a ticket fail (a trigger); returns the undoing. */
async function refuseMessageId(ctx: TestContext, messageId: string): Promise<() => Promise<void>> {
  const db = ctx.database.db;
  const name = `refuse_${uniqueId('t').replace(/[^a-z0-9]/gi, '_')}`;
  if (ctx.dialect === 'sqlite') {
    await sql
      .raw(
        `CREATE TRIGGER ${name} BEFORE INSERT ON mail_message_ids WHEN NEW.message_id = '${messageId}' BEGIN SELECT RAISE(ABORT, 'refused'); END`,
      )
      .execute(db);
    return async () => void (await sql.raw(`DROP TRIGGER ${name}`).execute(db));
  }
  await sql
    .raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$`)
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER ${name} BEFORE INSERT ON mail_message_ids FOR EACH ROW WHEN (NEW.message_id = '${messageId}') EXECUTE FUNCTION ${name}()`,
    )
    .execute(db);
  return async () => {
    await sql.raw(`DROP TRIGGER ${name} ON mail_message_ids`).execute(db);
    await sql.raw(`DROP FUNCTION ${name}()`).execute(db);
  };
}

describeEachDialect('mail applied in batches: limits, failures, gathering and the batch create', (ctx) => {
  const { creates, usage, events } = burstSuite(ctx);

  it('under a plan with a ticket limit, makes tickets one by one up to it and keeps the rest as the one-by-one path does', async () => {
    const org = await ctx.createOrg();
    const box = await createMailbox(org);
    await ctx.container.plans.setPlan(org.id, { tickets_limit: 3 });
    const spied = creates();
    const mails = Array.from({ length: 5 }, (_, i) => ({
      box,
      raw: rawMail({ from: `l${i}-${uniqueId()}@customer.example`, to: box.address, subject: `Limited ${i}` }),
    }));
    await processBurst(ctx, mails);
    // The batch create refused the whole batch: each was tried alone.
    expect(spied.batches().map((b) => b.length)).toEqual([5]);
    expect(await spied.batchResults()).toEqual([null]);
    const rows = await claimedRows(ctx, [box.id]);
    expect(rows.map((r) => r.state)).toEqual(['done', 'done', 'done', 'failed', 'failed']);
    const tickets = await ticketsOf(org);
    expect(tickets.map((t) => [t.subject, Number(t.ticket_number)]).sort()).toEqual([
      ['Limited 0', 1],
      ['Limited 1', 2],
      ['Limited 2', 3],
    ]);
    expect(await countRows(ctx, 'customers', org.id)).toBe(3);
    expect(await usage(org)).toEqual({ used: 3, limit: 3 });
    expect(await events(org, 'ticket.created')).toHaveLength(3);

    // A mail processed alone at the limit is kept the same way.
    await processAlone(ctx, [{ box, raw: rawMail({ to: box.address, subject: 'Alone at the limit' }) }]);
    const alone = (await claimedRows(ctx, [box.id]))[5];
    const kept = (r: (typeof rows)[number]) => [
      r.state,
      r.last_error,
      r.from_address,
      r.subject,
      r.kind,
      r.ticket_id,
      Number(r.attempt_count),
    ];
    expect(rows.slice(3).map(kept)).toEqual([kept(alone), kept(alone)]);

    // Lifted, the failures retried become tickets together.
    await ctx.container.plans.setPlan(org.id, { tickets_limit: null });
    for (const r of [...rows.slice(3), alone])
      expect((await org.api.post(`/api/v1/mailboxes/${box.id}/failures/${r.id}/retry`)).status).toBe(202);
    await ctx.container.inbound.processQueued();
    expect(spied.batches().map((b) => b.length)).toEqual([5, 3]);
    expect((await claimedRows(ctx, [box.id])).map((r) => r.state)).toEqual(Array(6).fill('done'));
    expect(await usage(org)).toEqual({ used: 6, limit: null });
  });

  it('a batch whose transaction fails leaves nothing behind, and each of its mails is then applied alone', async () => {
    const org = await ctx.createOrg();
    const box = await createMailbox(org);
    const bad = `${uniqueId('refused')}@customer.example`;
    // Recording the bad mail's Message-ID fails: the last write of the batch's transaction.
    const allow = await refuseMessageId(ctx, bad);
    try {
      const spied = creates();
      const customer = `f-${uniqueId()}@customer.example`;
      const subjects = Array.from({ length: 4 }, (_, i) => `Failing batch ${i}`);
      await processBurst(
        ctx,
        subjects.map((subject, i) => ({
          box,
          raw: rawMail({ from: customer, to: box.address, subject, messageId: i === 2 ? bad : undefined }),
        })),
      );
      expect(spied.batches()).toEqual([subjects]);
      // Each tried alone (the refused one twice: in the shared transaction, then on its own).
      expect([...new Set(spied.singles())].sort()).toEqual(subjects);
      const rows = await claimedRows(ctx, [box.id]);
      expect(rows.map((r) => r.state)).toEqual(['done', 'done', 'queued', 'done']);
      expect(rows[2].last_error).toMatch(/refused/);
      const tickets = await ticketsOf(org);
      expect(tickets.map((t) => t.subject).sort()).toEqual([subjects[0], subjects[1], subjects[3]]);
      // No count holds anything of the rolled-back batch.
      const customers = (await org.api.get('/api/v1/customers')).body;
      expect([customers.meta.pagination.total, customers.data[0].ticket_count]).toEqual([1, 3]);
      expect((await org.api.get('/api/v1/tickets?status=OPEN')).body.meta.pagination.total).toBe(3);
      expect(await usage(org)).toEqual({ used: 3, limit: null });
      expect(await events(org, 'ticket.created')).toHaveLength(3);
      expect(await events(org, 'customer.created')).toHaveLength(1);
    } finally {
      await allow();
    }
  });

  it('a burst larger than one claim is applied in batches of the claim, every mail once', async () => {
    const org = await ctx.createOrg();
    const box = await createMailbox(org);
    const spied = creates();
    const mails = Array.from({ length: CLAIM_BATCH + 10 }, (_, i) => ({
      box,
      raw: rawMail({ from: `s${i % 7}-${org.id}@customer.example`, to: box.address, subject: `Large ${i}` }),
    }));
    await processBurst(ctx, mails);
    expect(spied.batches().map((b) => b.length)).toEqual([CLAIM_BATCH, 10]);
    const rows = await claimedRows(ctx, [box.id]);
    expect(rows.filter((r) => r.state === 'done' && r.ticket_id !== null)).toHaveLength(CLAIM_BATCH + 10);
    const numbers = await ctx.database.db
      .selectFrom('tickets')
      .select('number')
      .where('organization_id', '=', org.id)
      .execute();
    expect(new Set(numbers.map((n) => Number(n.number))).size).toBe(CLAIM_BATCH + 10);
    expect(await usage(org)).toEqual({ used: CLAIM_BATCH + 10, limit: null });
    expect((await org.api.get('/api/v1/customers')).body.meta.pagination.total).toBe(7);
  });

  it('a claim takes at most CLAIM_BYTES of messages kept in their rows; the rest are claimed next', async () => {
    const org = await ctx.createOrg();
    const box = await createMailbox(org);
    const spied = creates();
    // Messages of exactly 400 KiB each (kept in their rows: under 512 KiB), more of them than one claim takes.
    const size = 400 * 1024;
    const perClaim = Math.floor(CLAIM_BYTES / size);
    const mails = Array.from({ length: perClaim + 3 }, (_, i) => {
      const head = rawMail({ from: `big-${org.id}@customer.example`, to: box.address, subject: `Big ${i}`, body: '' });
      return { box, raw: Buffer.from(head + 'x'.repeat(size - Buffer.byteLength(head))) };
    });
    expect(mails.every((m) => m.raw.length === size)).toBe(true);
    await processBurst(ctx, mails);
    expect(spied.batches().map((b) => b.length)).toEqual([perClaim, 3]);
    const rows = await claimedRows(ctx, [box.id]);
    expect(rows.filter((r) => r.state === 'done' && r.ticket_id !== null)).toHaveLength(perClaim + 3);
    expect(rows.every((r) => Number(r.attempt_count) === 1)).toBe(true);
  });

  it('mail stored together while the processor runs is gathered into one batch', async () => {
    const org = await ctx.createOrg();
    const box = await createMailbox(org);
    const spied = creates();
    const processor = ctx.container.inbound.startProcessor({ intervalMs: 60_000 });
    try {
      const subjects = Array.from({ length: 5 }, (_, i) => `Gathered ${i}`);
      // Stored in one turn of the event loop: one commit, then one wake-up GATHER_MS later.
      await Promise.all(
        subjects.map((subject) =>
          ctx.container.inbound.storeRawMessage({
            organizationId: org.id,
            mailboxId: box.id,
            raw: Buffer.from(rawMail({ to: box.address, subject })),
            source: 'smtp',
          }),
        ),
      );
      await eventually(async () => (await claimedRows(ctx, [box.id])).every((r) => r.state === 'done'));
      expect(spied.batches()).toEqual([subjects]);
      expect(spied.singles()).toEqual([]);
    } finally {
      await processor.stop();
    }
  });

  it('createMany: a blank subject or message refuses the whole batch and stores nothing; none is nothing', async () => {
    const org = await ctx.createOrg();
    const many = ctx.container.tickets.createMany;
    const input = (subject: string, message = 'Body') => ({
      subject,
      message,
      customer: { email: `${uniqueId()}@u.example` },
    });
    await expect(many(org.id, [input('Fine'), input('  ')], 'EMAIL')).rejects.toMatchObject({
      statusCode: 400,
      code: 'validation_error',
      details: [{ field: 'subject', issue: 'blank' }],
    });
    await expect(many(org.id, [input('Fine'), input('Fine', ' \n')], 'EMAIL')).rejects.toMatchObject({
      details: [{ field: 'message', issue: 'blank' }],
    });
    expect(await many(org.id, [], 'EMAIL')).toEqual([]);
    for (const table of ['tickets', 'messages', 'customers', 'events'] as const)
      expect([table, await countRows(ctx, table, org.id)]).toEqual([table, 0]);
    expect(await usage(org)).toEqual({ used: 0, limit: null });

    // Two tickets of one customer (letter case aside): one customer, both counted, in the order given.
    const email = `${uniqueId()}@u.example`;
    const made = await many(
      org.id,
      [
        { subject: 'One', message: 'First', customer: { email, name: 'Una' } },
        { subject: 'Two', message: 'Second', priority: 'HIGH', customer: { email: email.toUpperCase() } },
      ],
      'API',
    );
    expect(made?.map((t) => [t.subject, t.ticket_number, t.priority, t.channel, t.customer.name])).toEqual([
      ['One', '1', 'MEDIUM', 'API', 'Una'],
      ['Two', '2', 'HIGH', 'API', 'Una'],
    ]);
    expect((await org.api.get(`/api/v1/customers/${made![0].customer.id}`)).body.data.ticket_count).toBe(2);
    expect((await org.api.get('/api/v1/tickets?priority=HIGH')).body.meta.pagination.total).toBe(1);
    expect(await events(org, 'customer.created')).toHaveLength(1);
    // Under a limit: nothing, not even a number.
    await ctx.container.plans.setPlan(org.id, { tickets_limit: 10 });
    expect(await many(org.id, [input('Limited')], 'EMAIL')).toBeNull();
    await ctx.container.plans.setPlan(org.id, { tickets_limit: null });
    expect((await many(org.id, [input('Next')], 'EMAIL'))?.[0].ticket_number).toBe('3');
  });
});
