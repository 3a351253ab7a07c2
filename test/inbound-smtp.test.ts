import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSmtpListener } from '../src/mail/smtp-listener.js';
import { describeEachDialect } from './support/harness.js';
import { createMailbox, inboundRows, postRaw, rawMail, ticketsOf, uniqueId } from './support/mail-fixtures.js';

// The built-in SMTP listener fed by nodemailer: recipients of a mailbox accepted (any letter case,
// plus tags), others refused with 550, oversized mail refused with 552, 250 only once stored; the
// same mail arriving by SMTP and by the webhook is stored once. Routes are kept in memory for a few
// seconds: a mailbox deleted in this process is refused at once, one deleted by another process is
// answered "try again" (nothing can be stored for it) until the kept route expires, then refused.

const MAX = 64 * 1024;

describeEachDialect(
  'inbound email: SMTP listener',
  (ctx) => {
    let listener: Awaited<ReturnType<typeof startSmtpListener>>;
    beforeAll(async () => {
      listener = await startSmtpListener({ inbound: ctx.container.inbound, host: '127.0.0.1', port: 0, maxBytes: MAX });
    });
    afterAll(() => listener?.close());

    const transport = () =>
      nodemailer.createTransport({ host: '127.0.0.1', port: listener.port, secure: false, ignoreTLS: true });

    it('accepts mail for a mailbox (case and plus tags ignored) and makes a ticket of it', async () => {
      const org = await ctx.createOrg();
      const box = await createMailbox(org);
      const [local, domain] = box.address.split('@');
      const info = await transport().sendMail({
        from: '"Sam Sender" <sam@customer.example>',
        to: `${local.toUpperCase()}+anything@${domain.toUpperCase()}`,
        subject: 'By SMTP',
        text: 'Sent through the listener.',
        attachments: [{ filename: 'note.txt', content: 'attached text' }],
      });
      expect(info.accepted).toHaveLength(1);
      expect(info.response).toMatch(/^250/);
      // Stored by the time 250 was answered.
      const [row] = await inboundRows(ctx, box.id);
      expect(row).toMatchObject({ source: 'smtp', state: 'queued' });
      await ctx.container.inbound.processQueued();
      const [ticket] = await ticketsOf(org);
      expect(ticket).toMatchObject({
        subject: 'By SMTP',
        channel: 'EMAIL',
        customer: { email: 'sam@customer.example' },
      });
      expect(ticket.messages[0].content).toContain('Sent through the listener.');
    });

    it('refuses unknown recipients with 550 and oversized mail with 552, storing nothing', async () => {
      const org = await ctx.createOrg();
      const box = await createMailbox(org);
      const unknown = await transport()
        .sendMail({ from: 'a@customer.example', to: `nobody-${uniqueId()}@example.com`, text: 'x' })
        .catch((err) => err);
      expect(unknown).toBeInstanceOf(Error);
      expect(unknown.responseCode).toBe(550);
      const big = await transport()
        .sendMail({ from: 'a@customer.example', to: box.address, text: 'y'.repeat(MAX + 1000) })
        .catch((err) => err);
      expect(big).toBeInstanceOf(Error);
      expect(big.responseCode).toBe(552);
      expect(await inboundRows(ctx, box.id)).toHaveLength(0);
    });

    it('refuses mail for a deleted mailbox, at once or once its kept route expires', async () => {
      const org = await ctx.createOrg();
      const send = (to: string) =>
        transport()
          .sendMail({ from: 'a@customer.example', to, text: 'x' })
          .then((info) => Number(info.response.slice(0, 3)))
          .catch((err) => err.responseCode as number);
      const here = await createMailbox(org);
      expect(await send(here.address)).toBe(250);
      expect((await org.api.delete(`/api/v1/mailboxes/${here.id}`)).status).toBe(200);
      expect(await send(here.address)).toBe(550);

      ctx.clock.set(Date.now());
      const elsewhere = await createMailbox(org);
      expect(await send(elsewhere.address)).toBe(250);
      // Deleted as another process does it: this one's kept route does not hear of it.
      await ctx.database.system.transaction(async (s) => {
        await s.db.deleteFrom('mailbox_routes').where('address', '=', elsewhere.address).execute();
        await s.forOrganization(org.id).deleteFrom('mailboxes').where('id', '=', elsewhere.id).execute();
      });
      expect(await send(elsewhere.address)).toBe(451);
      ctx.clock.advance(ctx.config.mail.mailboxCacheTtlMs);
      expect(await send(elsewhere.address)).toBe(550);
    });

    it('stores a mail that came by SMTP and by the webhook once', async () => {
      const org = await ctx.createOrg();
      const box = await createMailbox(org);
      const raw = rawMail({ messageId: `${uniqueId()}@customer.example`, to: box.address, subject: 'Twice' });
      const info = await transport().sendMail({ envelope: { from: 'jane@customer.example', to: [box.address] }, raw });
      expect(info.accepted).toHaveLength(1);
      expect((await postRaw(ctx, box.token, raw)).body.data).toEqual({ stored: false, duplicate: true });
      await ctx.container.inbound.processQueued();
      expect(await inboundRows(ctx, box.id)).toHaveLength(1);
      expect((await ticketsOf(org)).map((t) => t.subject)).toEqual(['Twice']);
    });
  },
  { env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'helpdesk-mail-')) } },
);
