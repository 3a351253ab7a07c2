import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Config } from '../src/config.js';
import type { startSmtpListenerThread as StartSmtpListenerThread } from '../src/mail/smtp-thread.js';
import { cliCommand } from './support/cli-runner.js';
import { describeEachDialect } from './support/harness.js';
import { createMailbox, inboundRows, rawMail, ticketsOf, uniqueId } from './support/mail-fixtures.js';

// The SMTP listener as `serve` runs it on PostgreSQL: in a thread of its own, on its own connection.
// Mail is stored by the thread before its 250 and the server's thread is told, whose processor makes
// the tickets; a mailbox changed through the server's thread is routed as changed by the thread at
// once, even with routes kept for a minute; a thread that cannot listen fails the start, once.

const errorsOf = () => {
  const errors: { obj: any; msg?: string }[] = [];
  const logger = {
    level: 'info',
    debug: () => undefined,
    info: () => undefined,
    warn: () => undefined,
    error: (obj: object, msg?: string) => void errors.push({ obj, msg }),
  };
  return { errors, logger };
};

/** The compiled module, as `serve` runs it (from the sources, the thread would compile them all through tsx). */
async function compiledStart(): Promise<typeof StartSmtpListenerThread> {
  cliCommand([]); // fails clearly when the build did not succeed
  const compiled = pathToFileURL(join(dirname(inject('cliEntry')!), '../mail/smtp-thread.js')).href;
  return ((await import(compiled)) as { startSmtpListenerThread: typeof StartSmtpListenerThread })
    .startSmtpListenerThread;
}

const withPort = (config: Config, port: number): Config => ({
  ...config,
  mail: { ...config.mail, smtpInbound: { host: '127.0.0.1', port } },
});

describeEachDialect(
  'inbound email: the SMTP listener thread',
  (ctx) => {
    let listener: Awaited<ReturnType<typeof StartSmtpListenerThread>>;
    let stored = 0;
    const { errors, logger } = errorsOf();
    let unsubscribe: () => void;
    beforeAll(async () => {
      const start = await compiledStart();
      listener = await start({ config: withPort(ctx.config, 0), logger, onStored: () => stored++ });
      unsubscribe = ctx.container.mailboxes.onChange(listener.mailboxesChanged);
    }, 60_000);
    afterAll(async () => {
      unsubscribe?.();
      await listener?.close();
    });

    const send = (to: string, raw?: string) =>
      nodemailer
        .createTransport({ host: '127.0.0.1', port: listener.port, secure: false, ignoreTLS: true })
        .sendMail(
          raw
            ? { envelope: { from: 'jane@customer.example', to: [to] }, raw }
            : { from: 'a@customer.example', to, text: 'x' },
        )
        .then((info) => Number(info.response.slice(0, 3)))
        .catch((err) => err.responseCode as number);

    it('stores mail before its 250, tells the server thread, whose processor makes the ticket', async () => {
      expect(listener.port).toBeGreaterThan(0);
      const org = await ctx.createOrg();
      const box = await createMailbox(org);
      const before = stored;
      const subject = '<script>alert(1)</script> Order <b>late</b>';
      const raw = rawMail({ messageId: `${uniqueId()}@customer.example`, to: box.address, subject });
      expect(await send(box.address, raw)).toBe(250);
      // Committed by the time 250 was answered, and not processed by the thread.
      const [row] = await inboundRows(ctx, box.id);
      expect(row).toMatchObject({ source: 'smtp', state: 'queued' });
      await expect.poll(() => stored).toBeGreaterThan(before);
      await ctx.container.inbound.processQueued();
      const [ticket] = await ticketsOf(org);
      expect(ticket).toMatchObject({ subject, channel: 'EMAIL', customer: { email: 'jane@customer.example' } });
      // The same message again: stored once.
      expect(await send(box.address, raw)).toBe(250);
      expect(await inboundRows(ctx, box.id)).toHaveLength(1);
      expect(errors).toEqual([]);
    });

    it('refuses mail for a mailbox deleted through the server thread at once, though routes are kept a minute', async () => {
      const org = await ctx.createOrg();
      const box = await createMailbox(org);
      expect(await send(box.address)).toBe(250);
      expect((await org.api.delete(`/api/v1/mailboxes/${box.id}`)).status).toBe(200);
      // Without the word from the server's thread the kept route would answer 451 for a minute.
      await expect.poll(() => send(box.address)).toBe(550);
      const other = await createMailbox(org);
      expect(await send(other.address)).toBe(250);
    });
  },
  {
    env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'helpdesk-smtp-thread-')), MAILBOX_CACHE_TTL_MS: '60000' },
    // `serve` runs the listener in a thread on PostgreSQL only (on SQLite on its own thread).
    dialects: ['postgres'],
  },
);

describeEachDialect('inbound email: an SMTP listener thread that cannot listen', (ctx) => {
  let taken: Server;
  beforeAll(async () => {
    taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => taken.close(() => resolve())));

  it('fails the start with the error, and is not started again', async () => {
    const start = await compiledStart();
    const { errors, logger } = errorsOf();
    const port = (taken.address() as { port: number }).port;
    await expect(
      start({
        config: withPort(ctx.config, port),
        logger,
        onStored: () => undefined,
        restart: { firstMs: 10, maxMs: 10 },
      }),
    ).rejects.toMatchObject({ code: 'EADDRINUSE' });
    await new Promise((r) => setTimeout(r, 300));
    expect(errors).toEqual([]);
  }, 60_000);
});
