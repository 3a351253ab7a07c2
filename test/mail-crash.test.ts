import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { afterEach, expect, it } from 'vitest';
import { freePort } from './support/ports.js';
import { startCli } from './support/cli-runner.js';
import { describeEachDialect, type TestContext, type TestOrg } from './support/harness.js';
import { createMailbox, inboundRows, rawMail, uniqueId } from './support/mail-fixtures.js';
import { createTicket, seedUser } from './support/ticket-fixtures.js';
import { eventually } from './support/webhook-receiver.js';

// The email channel under `kill -9`, with real server processes (the compiled CLI) on the test's
// database. Receiving: every mail the SMTP listener answered 250 to becomes exactly one ticket, also when
// the process dies with mail stored but not yet turned into tickets, and mail the dead process never
// acknowledged is stored once when the sender tries again elsewhere. Sending: a reply whose SMTP
// transaction was cut by the crash (never accepted) is sent again by the next process, once; replies the
// receiving server accepted and that were recorded as sent are never sent again.

const LEASE_MS = 1500;
/** Sending's lease: an attempt's SMTP timeouts are scaled to half of it (1 s of socket idle here). */
const SEND_LEASE_MS = 4000;

interface Proc {
  child: ChildProcess;
  base: string;
}

const running: ChildProcess[] = [];
const dirs: string[] = [];

afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function serve(
  ctx: TestContext,
  env: Record<string, string>,
  ready = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/,
) {
  const started = await startCli(
    ['serve', '--no-worker'],
    {
      DATABASE_URL: ctx.dbUrl,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_MINUTE: '0',
      MAIL_INBOUND_LEASE_MS: String(LEASE_MS),
      MAIL_INBOUND_POLL_MS: '200',
      MAIL_OUTBOUND_LEASE_MS: String(LEASE_MS),
      MAIL_OUTBOUND_POLL_MS: '100',
      ...env,
    },
    ready,
  );
  running.push(started.child);
  const base = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(started.output())?.[1];
  return { child: started.child, base: base ?? '' } satisfies Proc;
}

async function kill9(proc: Proc): Promise<void> {
  const exited = new Promise((resolve) => proc.child.once('exit', resolve));
  proc.child.kill('SIGKILL');
  await exited;
}

const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'helpdesk-crash-'));
  dirs.push(dir);
  return dir;
};

/** An SMTP server that keeps what it accepted; while `holding`, it keeps a message's DATA unanswered. */
async function holdingSink() {
  const accepted: { messageId: string; raw: string }[] = [];
  const held: string[] = [];
  let holding = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const messageId = /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? '';
        // Never answered: the sender's connection ends with its process, so the mail is not accepted.
        if (holding) held.push(messageId);
        else {
          accepted.push({ messageId, raw });
          callback();
        }
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    accepted,
    held,
    hold: (on: boolean) => {
      holding = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An EMAIL ticket: created through the API, its channel then set as mail would have. */
async function emailTicket(ctx: TestContext, org: TestOrg) {
  const ticket = await createTicket(org.api, {
    subject: 'Printer on fire',
    message: 'It is on fire',
    customer: { email: 'carla@customer.example', name: 'Carla' },
  });
  await ctx.database.db
    .updateTable('tickets')
    .set({ channel: 'EMAIL' })
    .where('organization_id', '=', org.id)
    .where('id', '=', ticket.id)
    .execute();
  return ticket as { id: string };
}

describeEachDialect('email under kill -9', (ctx) => {
  it('every mail the listener accepted becomes one ticket after a kill -9; unacknowledged mail sent again is stored once', {
    timeout: 90_000,
  }, async () => {
    const org = await ctx.createOrg();
    const mailbox = await createMailbox(org);
    const port = await freePort();
    const env = { SMTP_INBOUND_PORT: String(port), SMTP_INBOUND_HOST: '127.0.0.1', DATA_DIR: dataDir() };
    const first = await serve(ctx, env, /SMTP listener accepting mail/);
    const mails = Array.from({ length: 24 }, (_, i) => ({
      subject: `Crash mail ${i} ${uniqueId('s')}`,
      messageId: `${uniqueId('crash')}@customer.example`,
    }));
    const send = (transport: Transporter, m: (typeof mails)[number]) =>
      transport.sendMail({
        envelope: { from: 'jane@customer.example', to: [mailbox.address] },
        raw: rawMail({ subject: m.subject, messageId: m.messageId, to: mailbox.address }),
      });
    const smtp = () =>
      nodemailer.createTransport({
        host: '127.0.0.1',
        port,
        secure: false,
        ignoreTLS: true,
        pool: true,
        maxConnections: 4,
      });

    // Four connections at once; the process is killed as soon as the eighth mail is acknowledged.
    const transport = smtp();
    const acknowledged = new Set<string>();
    let killing: Promise<void> | null = null;
    const outcomes = await Promise.allSettled(
      mails.map(async (m) => {
        await send(transport, m);
        acknowledged.add(m.subject);
        if (acknowledged.size === 8) killing ??= kill9(first);
      }),
    );
    await killing;
    transport.close();
    expect(acknowledged.size).toBeGreaterThanOrEqual(8);
    const unacknowledged = mails.filter((_, i) => outcomes[i].status === 'rejected');
    expect(unacknowledged.length).toBeGreaterThan(0);

    // Another process takes over the port; senders try again what was never acknowledged.
    await serve(ctx, env, /SMTP listener accepting mail/);
    const retry = smtp();
    for (const m of unacknowledged) await send(retry, m);
    retry.close();

    const subjects = await eventually(async () => {
      const rows = await ctx.database.db
        .selectFrom('tickets')
        .select(['subject', 'channel'])
        .where('organization_id', '=', org.id)
        .execute();
      return rows.length >= mails.length ? rows : null;
    }, 20_000);
    expect(subjects.map((r) => r.subject).sort()).toEqual(mails.map((m) => m.subject).sort());
    expect(new Set(subjects.map((r) => r.channel))).toEqual(new Set(['EMAIL']));
    const stored = await inboundRows(ctx, mailbox.id);
    expect(stored).toHaveLength(mails.length);
    expect(stored.every((r) => r.state === 'done')).toBe(true);
  });

  it('mail stored and claimed by a process that died is turned into its ticket by the next one once the claim runs out', {
    timeout: 90_000,
  }, async () => {
    const org = await ctx.createOrg();
    const mailbox = await createMailbox(org);
    const subject = `Stored before the crash ${uniqueId('s')}`;
    // The dying process's part: the raw mail stored (the listener's 250 was sent) and claimed for
    // processing, then nothing more, as when it is killed between the claim and the ticket's commit.
    const stored = await ctx.container.inbound.storeRawMessage({
      organizationId: org.id,
      mailboxId: mailbox.id,
      raw: Buffer.from(rawMail({ subject, to: mailbox.address })),
      source: 'smtp',
    });
    const claimedAt = Date.now();
    await ctx.database.db
      .updateTable('inbound_emails')
      .set({ lease_expires_at: claimedAt + LEASE_MS, attempt_count: 1 })
      .where('id', '=', stored.id!)
      .execute();
    const ticketOf = () =>
      ctx.database.db
        .selectFrom('tickets')
        .select(['id', 'channel'])
        .where('organization_id', '=', org.id)
        .where('subject', '=', subject)
        .executeTakeFirst();

    await serve(ctx, { DATA_DIR: dataDir() });
    const ticket = await eventually(ticketOf, 15_000);
    // Not before the dead process's claim ran out: the claim is what keeps two processes off one mail.
    expect(Date.now() - claimedAt).toBeGreaterThanOrEqual(LEASE_MS - 50);
    expect(ticket.channel).toBe('EMAIL');
    const rows = await inboundRows(ctx, mailbox.id);
    expect(rows.map((r) => [r.state, Number(r.attempt_count)])).toEqual([['done', 2]]);
  });

  it('a reply cut off mid-send by kill -9 is sent once by the next process; replies recorded as sent are never sent again', {
    timeout: 90_000,
  }, async () => {
    const sink = await holdingSink();
    try {
      const org = await ctx.createOrg();
      await createMailbox(org);
      const agent = await seedUser(ctx, org.id, { name: 'Ada Agent' });
      const ticket = await emailTicket(ctx, org);
      const env = { SMTP_URL: sink.url, DATA_DIR: dataDir() };
      // `serve` without --no-worker: its mail worker sends the replies.
      const start = async () => {
        const started = await startCli(
          ['serve'],
          {
            DATABASE_URL: ctx.dbUrl,
            HOST: '127.0.0.1',
            PORT: '0',
            LOG_LEVEL: 'info',
            RATE_LIMIT_PER_MINUTE: '0',
            MAIL_OUTBOUND_LEASE_MS: String(SEND_LEASE_MS),
            MAIL_OUTBOUND_POLL_MS: '100',
            ...env,
          },
          /Server listening at (http:\/\/127\.0\.0\.1:\d+)/,
        );
        running.push(started.child);
        return { child: started.child, base: started.match[1] } satisfies Proc;
      };
      const reply = async (p: Proc, content: string) => {
        const res = await fetch(`${p.base}/api/v1/tickets/${ticket.id}/messages`, {
          method: 'POST',
          headers: { authorization: `Bearer ${org.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ content, user_id: agent.id }),
        });
        expect(res.status).toBe(201);
        return ((await res.json()) as { data: { id: string } }).data.id;
      };
      const outbox = (messageId: string) =>
        ctx.database.db
          .selectFrom('email_outbox')
          .selectAll()
          .where('organization_id', '=', org.id)
          .where('message_id', '=', messageId)
          .executeTakeFirstOrThrow();

      // The receiving server holds the first reply's DATA unanswered; the sender is killed meanwhile.
      sink.hold(true);
      const first = await start();
      const cut = await reply(first, 'Sent while the server dies');
      await eventually(async () => sink.held.length === 1 || null, 15_000);
      await kill9(first);
      sink.hold(false);
      expect(sink.accepted).toHaveLength(0);
      expect(await outbox(cut)).toMatchObject({ state: 'queued', attempt_count: 1 });

      // The next process takes it once the dead one's lease has run out, and sends it once.
      const second = await start();
      const sent = await eventually(async () => {
        const row = await outbox(cut);
        return row.state === 'sent' ? row : null;
      });
      expect(sent).toMatchObject({ attempt_count: 2 });
      expect(sink.accepted).toHaveLength(1);
      expect(sink.accepted[0].messageId).toBe(sink.held[0]);

      // Five replies accepted and recorded as sent; a kill -9 and a new process send none of them again.
      const five: string[] = [];
      for (let i = 0; i < 5; i++) five.push(await reply(second, `Reply ${i}`));
      await eventually(async () => {
        const rows = await Promise.all(five.map(outbox));
        return rows.every((r) => r.state === 'sent') || null;
      });
      await kill9(second);
      await start();
      await new Promise((resolve) => setTimeout(resolve, SEND_LEASE_MS + 1000));
      expect(sink.accepted).toHaveLength(6);
      expect(new Set(sink.accepted.map((m) => m.messageId)).size).toBe(6);
    } finally {
      await sink.close();
    }
  });
});
