import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { logSettled } from './support/event-log.js';
import { describeEachDialect } from './support/harness.js';
import { createMailbox, inboundRows, rawMail, ticketsOf, uniqueId } from './support/mail-fixtures.js';

// Mail in bursts: messages stored at the same moment share one commit (each still stored once per
// Message-ID, each caller answered after the commit), and the processor applies several queued
// messages in one transaction, each in a savepoint, so that one that fails is rolled back alone and
// kept as a failure while the others become tickets with their events. Below, the shared transaction
// itself: a piece that fails leaves the others' work, single statements run in it, and work after the
// commit runs only for what was kept.

describeEachDialect('mail in bursts', (ctx) => {
  it('messages stored together are each stored once and made tickets; one that fails is kept as a failure alone', async () => {
    const org = await ctx.createOrg();
    const box = await createMailbox(org);
    const store = (raw: string) =>
      ctx.container.inbound.storeRawMessage({
        organizationId: org.id,
        mailboxId: box.id,
        raw: Buffer.from(raw),
        source: 'smtp',
      });
    const twice = `${uniqueId('twice')}@customer.example`;
    const subjects = Array.from({ length: 6 }, (_, i) => `Burst ${i} ${uniqueId('s')}`);
    const results = await Promise.all([
      ...subjects.map((subject) => store(rawMail({ subject, to: box.address }))),
      store(rawMail({ subject: 'Twice', messageId: twice, to: box.address })),
      store(rawMail({ subject: 'Twice', messageId: twice, to: box.address })),
      // No usable sender: applying it fails, permanently.
      store(rawMail({ from: 'nobody', subject: 'No sender', to: box.address })),
    ]);
    expect(results.filter((r) => r.duplicate)).toHaveLength(1);
    expect(results.filter((r) => !r.duplicate && r.id)).toHaveLength(8);

    await ctx.container.inbound.processQueued();
    const rows = await inboundRows(ctx, box.id);
    expect(rows).toHaveLength(8);
    const failed = rows.filter((r) => r.state === 'failed');
    expect(failed.map((r) => [r.subject, Number(r.attempt_count)])).toEqual([['No sender', 1]]);
    expect(failed[0].last_error).toMatch(/sender/);
    const done = rows.filter((r) => r.state === 'done');
    expect(done).toHaveLength(7);
    expect(done.every((r) => r.ticket_id !== null && Number(r.attempt_count) === 1)).toBe(true);

    const tickets = await ticketsOf(org);
    expect(tickets.map((t) => t.subject).sort()).toEqual([...subjects, 'Twice'].sort());
    expect(new Set(tickets.map((t) => t.id))).toEqual(new Set(done.map((r) => String(r.ticket_id))));
    // Each ticket's events were committed with it (and none of the failed message's).
    await logSettled(ctx);
    const events = await org.api.get('/api/v1/events?limit=1000&type=ticket.created');
    expect(events.body.data).toHaveLength(7);
  });

  it('a shared transaction keeps the pieces that succeeded, and their after-commit work only', async () => {
    const name = (suffix: string) => `${uniqueId('shared')}-${suffix}`;
    const [kept, dropped, single] = [name('kept'), name('dropped'), name('single')];
    const ran: string[] = [];
    const system = ctx.database.system;
    const insert = (secretName: string) =>
      system.transaction(async (s) => {
        await s.db
          .insertInto('installation_secrets')
          .values({ name: secretName, secret: 'x', created_at: 1 })
          .execute();
        await s.afterCommit(secretName, async () => void ran.push(secretName));
      });
    const inside = await system.shareTransaction(async () => {
      await insert(kept);
      await expect(
        system.transaction(async (s) => {
          await s.db.insertInto('installation_secrets').values({ name: dropped, secret: 'x', created_at: 1 }).execute();
          await s.afterCommit(dropped, async () => void ran.push(dropped));
          throw new Error('this piece fails');
        }),
      ).rejects.toThrow('this piece fails');
      // A single statement of a root handle runs in the shared transaction: it sees the kept piece.
      await system.db.insertInto('installation_secrets').values({ name: single, secret: 'x', created_at: 1 }).execute();
      const seen = await system.db
        .selectFrom('installation_secrets')
        .select('name')
        .where('name', 'in', [kept, dropped, single])
        .execute();
      // Nothing ran before the commit.
      expect(ran).toEqual([]);
      return seen.map((r) => r.name).sort();
    });
    expect(inside).toEqual([kept, single].sort());
    expect(ran).toEqual([kept]);
    const after = await sql<{
      name: string;
    }>`SELECT name FROM installation_secrets WHERE name IN (${kept}, ${dropped}, ${single})`.execute(ctx.database.db);
    expect(after.rows.map((r) => r.name).sort()).toEqual([kept, single].sort());
  });
});
