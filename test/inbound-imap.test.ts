import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StoreRawInput } from '../src/mail/inbound-service.js';
import { startImapPoller, type ImapPollerHandle, type ImapPollerSettings } from '../src/mail/imap-poller.js';
import { deferred } from './support/deferred.js';
import { skipWithoutDovecot, startDovecot, type Dovecot } from './support/dovecot.js';
import { describeEachDialect, type TestContext, type TestOrg } from './support/harness.js';
import { createMailbox, inboundRows, postRaw, rawMail, ticketsOf, uniqueId } from './support/mail-fixtures.js';
import { eventually } from './support/webhook-receiver.js';

// IMAP polling against a private Dovecot: appended mail becomes a ticket and is flagged \Seen only once
// it is stored; mail already stored by another way in is stored once; a wrong password shows as the
// mailbox's error until the settings are fixed; a cut connection comes back; new settings and deleted
// mailboxes are followed; two pollers on one database never poll a mailbox both at once.

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const FAST: ImapPollerSettings = {
  pollMs: 500,
  heartbeatMs: 150,
  leaseMs: 5_000,
  backoffFirstMs: 100,
  backoffMaxMs: 400,
};

type Inbound = { storeRawMessage(input: StoreRawInput): Promise<{ id: string | null; duplicate: boolean }> };

function suite(ctx: TestContext, dovecot: () => Dovecot) {
  const pollers: ImapPollerHandle[] = [];
  const logged: string[] = [];
  const logger = {
    info: (obj: object, msg: string) => void logged.push(`${msg} ${JSON.stringify(obj)}`),
    warn: (obj: object, msg: string) => void logged.push(`${msg} ${JSON.stringify(obj)}`),
  };
  let processor: { stop(): Promise<void> };

  const start = (options: { inbound?: Inbound; settings?: Partial<ImapPollerSettings>; maxBytes?: number } = {}) => {
    const poller = startImapPoller({
      database: ctx.database,
      clock: ctx.clock,
      settings: { ...FAST, ...options.settings },
      inbound: options.inbound ?? ctx.container.inbound,
      openSecret: ctx.container.mailboxes.openSecret,
      maxMessageBytes: options.maxBytes ?? ctx.config.mail.maxMessageBytes,
      logger,
    });
    pollers.push(poller);
    return poller;
  };
  const counting = () => {
    const stored: string[] = [];
    const inbound: Inbound = {
      storeRawMessage: async (input) => {
        stored.push(input.mailboxId);
        return ctx.container.inbound.storeRawMessage(input);
      },
    };
    return { stored, inbound };
  };

  beforeAll(() => {
    processor = ctx.container.inbound.startProcessor({ intervalMs: 100 });
  });
  afterAll(async () => processor?.stop());
  afterEach(async () => {
    for (const poller of pollers.splice(0)) await poller.stop();
    // Mailboxes of earlier tests are polled no more.
    await ctx.database.db
      .updateTable('mailboxes')
      .set({ imap: null, imap_password: null, imap_lease_until: null, imap_lease_token: null })
      .execute();
    logged.length = 0;
  });

  const mailboxOf = async (org: TestOrg, id: string) => (await org.api.get(`/api/v1/mailboxes/${id}`)).body.data;
  const seen = async (user: Parameters<Dovecot['messages']>[0], folder?: string) =>
    (await dovecot().messages(user, folder)).map((m) => m.seen);

  it('makes polled mail a ticket, flagging it \\Seen only once it is stored', async () => {
    const org = await ctx.createOrg();
    const user = dovecot().addUser();
    const box = await createMailbox(org, { imap: dovecot().settings(user) });
    const messageId = `${uniqueId()}@customer.example`;
    await dovecot().append(user, rawMail({ to: box.address, subject: 'Polled <b>hello</b>', messageId }));
    // Mail already read in the mailbox is not taken.
    await dovecot().append(user, rawMail({ to: box.address, subject: 'Read already' }), { flags: ['\\Seen'] });

    const handedOver = deferred();
    const gate = deferred();
    start({
      inbound: {
        storeRawMessage: async (input) => {
          handedOver.resolve();
          await gate.promise;
          return ctx.container.inbound.storeRawMessage(input);
        },
      },
    });
    await handedOver.promise;
    await pause(400);
    // Fetched, not stored yet: still unread on the server.
    expect(await seen(user)).toEqual([false, true]);
    gate.resolve();
    await eventually(async () => (await seen(user))[0]);

    const rows = await inboundRows(ctx, box.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: 'imap', message_id: messageId });
    const [ticket] = await eventually(async () => {
      const list = await ticketsOf(org);
      return list.length > 0 ? list : null;
    });
    expect(ticket).toMatchObject({
      subject: 'Polled <b>hello</b>',
      channel: 'EMAIL',
      customer: { email: 'jane@customer.example' },
    });
    const shown = await eventually(async () => {
      const data = await mailboxOf(org, box.id);
      return data.last_polled_at ? data : null;
    });
    expect(shown).toMatchObject({ status: 'active', last_error: null });
    expect(shown.imap).not.toHaveProperty('password');
  });

  it('takes new mail at once while idling, long before the next poll is due', async () => {
    const org = await ctx.createOrg();
    const user = dovecot().addUser();
    const box = await createMailbox(org, { imap: dovecot().settings(user) });
    start({ settings: { pollMs: 120_000 } });
    await eventually(async () => (await mailboxOf(org, box.id)).last_polled_at);
    await pause(1_500);
    await dovecot().append(user, rawMail({ to: box.address, subject: 'Pushed by IDLE' }));
    await eventually(async () => (await inboundRows(ctx, box.id)).length === 1, 10_000);
    await eventually(async () => (await seen(user))[0]);
  });

  it('leaves mail unread and shows the error when it cannot be stored; the next poll takes it', async () => {
    const org = await ctx.createOrg();
    const user = dovecot().addUser();
    const box = await createMailbox(org, { imap: dovecot().settings(user) });
    await dovecot().append(user, rawMail({ to: box.address }));
    const failing = start({
      inbound: {
        storeRawMessage: async () => {
          throw new Error('the database is unavailable');
        },
      },
    });
    const failed = await eventually(async () => {
      const data = await mailboxOf(org, box.id);
      return data.status === 'error' ? data : null;
    });
    expect(failed.last_error).toContain('the database is unavailable');
    expect(await seen(user)).toEqual([false]);
    expect(await inboundRows(ctx, box.id)).toHaveLength(0);

    await failing.stop();
    start();
    await eventually(async () => (await seen(user))[0]);
    expect(await inboundRows(ctx, box.id)).toHaveLength(1);
    await eventually(async () => (await mailboxOf(org, box.id)).status === 'active');
  });

  it('stores once a message that came by the webhook too, and still flags it \\Seen', async () => {
    const org = await ctx.createOrg();
    const user = dovecot().addUser();
    const box = await createMailbox(org, { imap: dovecot().settings(user) });
    const raw = rawMail({ to: box.address, subject: 'Both ways' });
    expect((await postRaw(ctx, box.token, raw)).status).toBe(200);
    await dovecot().append(user, raw);
    start();
    await eventually(async () => (await seen(user))[0]);
    const rows = await inboundRows(ctx, box.id);
    expect(rows.map((r) => r.source)).toEqual(['webhook']);
    await ctx.container.inbound.processQueued();
    expect((await ticketsOf(org)).map((t) => t.subject)).toEqual(['Both ways']);
  });

  it('shows a wrong password as the mailbox error (never the password) until the settings are fixed', async () => {
    const org = await ctx.createOrg();
    const user = dovecot().addUser();
    const wrong = `wrong-${uniqueId('pw')}`;
    const box = await createMailbox(org, { imap: { ...dovecot().settings(user), password: wrong } });
    await dovecot().append(user, rawMail({ to: box.address, subject: 'Waiting for the right password' }));
    start();
    const failed = await eventually(async () => {
      const data = await mailboxOf(org, box.id);
      return data.status === 'error' ? data : null;
    });
    expect(failed.last_error).toMatch(/auth/i);
    expect(failed.last_error).not.toContain(wrong);
    expect(failed.last_polled_at).toBeNull();
    expect(await inboundRows(ctx, box.id)).toHaveLength(0);
    expect(await seen(user)).toEqual([false]);

    const patched = await org.api.patch(`/api/v1/mailboxes/${box.id}`, { imap: dovecot().settings(user) });
    expect(patched.status).toBe(200);
    const fixed = await eventually(async () => {
      const data = await mailboxOf(org, box.id);
      return data.last_polled_at ? data : null;
    });
    expect(fixed).toMatchObject({ status: 'active', last_error: null });
    await eventually(async () => (await seen(user))[0]);
    expect(await inboundRows(ctx, box.id)).toHaveLength(1);
    const log = logged.join('\n');
    expect(log).toMatch(/IMAP polling failed/);
    expect(log).not.toContain(wrong);
    expect(log).not.toContain(user.password);
  });

  it('connects again after the server went away, and takes the mail that came meanwhile', async () => {
    const org = await ctx.createOrg();
    const user = dovecot().addUser();
    const box = await createMailbox(org, { imap: dovecot().settings(user) });
    start();
    await dovecot().append(user, rawMail({ to: box.address, subject: 'Before the cut' }));
    await eventually(async () => (await inboundRows(ctx, box.id)).length === 1);

    await dovecot().stop();
    const down = await eventually(async () => {
      const data = await mailboxOf(org, box.id);
      return data.status === 'error' ? data : null;
    });
    expect(down.last_error).toBeTruthy();
    await dovecot().start();
    await dovecot().append(user, rawMail({ to: box.address, subject: 'After the cut' }));
    await eventually(async () => (await inboundRows(ctx, box.id)).length === 2, 20_000);
    await eventually(async () => (await mailboxOf(org, box.id)).status === 'active');
    await eventually(async () => (await seen(user)).every(Boolean));
  });

  it('follows new settings (another folder) and stops polling a deleted mailbox', async () => {
    const org = await ctx.createOrg();
    const user = dovecot().addUser();
    const box = await createMailbox(org, { imap: dovecot().settings(user) });
    start();
    await eventually(async () => (await mailboxOf(org, box.id)).last_polled_at);
    await dovecot().append(user, rawMail({ to: box.address, subject: 'In Support' }), { folder: 'Support' });
    // The password is kept when the new settings leave it out.
    const { password: _, ...withoutPassword } = dovecot().settings(user, 'Support') as { password: string };
    const patched = await org.api.patch(`/api/v1/mailboxes/${box.id}`, { imap: withoutPassword });
    expect(patched.status).toBe(200);
    await eventually(async () => (await seen(user, 'Support'))[0]);
    expect(await inboundRows(ctx, box.id)).toHaveLength(1);

    expect((await org.api.delete(`/api/v1/mailboxes/${box.id}`)).status).toBe(200);
    await pause(600);
    await dovecot().append(user, rawMail({ to: box.address, subject: 'After deletion' }), { folder: 'Support' });
    await pause(1_500);
    expect(await seen(user, 'Support')).toEqual([true, false]);
  });

  it('leaves a message over the size limit unread and takes the ones after it', async () => {
    const org = await ctx.createOrg();
    const user = dovecot().addUser();
    const box = await createMailbox(org, { imap: dovecot().settings(user) });
    await dovecot().append(user, rawMail({ to: box.address, subject: 'Huge', body: `${'x'.repeat(6_000)}\r\n` }));
    await dovecot().append(user, rawMail({ to: box.address, subject: 'Small' }));
    start({ maxBytes: 4_096 });
    await eventually(async () => (await seen(user))[1]);
    expect(await seen(user)).toEqual([false, true]);
    expect(logged.join('\n')).toMatch(/larger than the limit/);
    expect(await inboundRows(ctx, box.id)).toHaveLength(1);
  });

  it('polls a mailbox from one poller at a time; another takes over when it stops', async () => {
    const org = await ctx.createOrg();
    const user = dovecot().addUser();
    const a = counting();
    const b = counting();
    const pollerA = start({ inbound: a.inbound });
    const pollerB = start({ inbound: b.inbound });
    const box = await createMailbox(org, { imap: dovecot().settings(user) });
    for (let i = 0; i < 3; i++) await dovecot().append(user, rawMail({ to: box.address, subject: `Message ${i}` }));
    await eventually(async () => (await seen(user)).every(Boolean) && (await seen(user)).length === 3);
    const counts = [a.stored.length, b.stored.length].sort();
    expect(counts).toEqual([0, 3]);
    const [row] = await ctx.database.db
      .selectFrom('mailboxes')
      .select(['imap_lease_token', 'imap_lease_until'])
      .where('id', '=', box.id)
      .execute();
    expect(row.imap_lease_token).toBeTruthy();

    const [holder, other] = a.stored.length > 0 ? [pollerA, b] : [pollerB, a];
    await holder.stop();
    await dovecot().append(user, rawMail({ to: box.address, subject: 'After the hand-over' }));
    await eventually(async () => (await seen(user)).length === 4 && (await seen(user)).every(Boolean));
    expect(other.stored).toHaveLength(1);
    const rows = await inboundRows(ctx, box.id);
    expect(rows).toHaveLength(4);
    expect(new Set(rows.map((r) => r.message_id)).size).toBe(4);
  });
}

describe.skipIf(skipWithoutDovecot())('IMAP polling', () => {
  let dovecot: Dovecot | undefined;
  beforeAll(async () => {
    dovecot = await startDovecot();
  });
  afterAll(async () => dovecot?.close());
  describeEachDialect('inbound email: IMAP polling', (ctx) =>
    suite(ctx, () => {
      if (!dovecot) throw new Error('Dovecot did not start');
      return dovecot;
    }),
  );
});
