import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createContainer } from '../src/container.js';
import { encodeReplyToken, makeMessageId } from '../src/mail/reply-token.js';
import { describeEachDialect } from './support/harness.js';
import { createMailbox, inboundRows, postRaw, rawMail, ticketsOf, uniqueId } from './support/mail-fixtures.js';

// Replies thread into their ticket only by what cannot be forged (a reply token under the server
// key, a Message-ID the service made or recorded) or by [#N] from the ticket's own customer; a
// reply reopens a resolved ticket unless it is automatic; automatic mail, bounces and the service's
// own mail never open or reopen anything; odd encodings and broken mail are read or kept as
// failures, never crash the processor.

describeEachDialect(
  'inbound email: threading, automatic mail and odd messages',
  (ctx) => {
    const process = () => ctx.container.inbound.processQueued();

    async function firstTicket() {
      const org = await ctx.createOrg();
      const box = await createMailbox(org);
      const messageId = `${uniqueId()}@customer.example`;
      await postRaw(ctx, box.token, rawMail({ messageId, subject: 'Printer on fire' }));
      await process();
      const [ticket] = await ticketsOf(org);
      return { org, box, messageId, ticket };
    }

    it('threads a reply by In-Reply-To or References naming a recorded Message-ID', async () => {
      const { org, box, messageId, ticket } = await firstTicket();
      await postRaw(ctx, box.token, rawMail({ subject: 'Re: Printer on fire', inReplyTo: `<${messageId}>` }));
      await postRaw(
        ctx,
        box.token,
        rawMail({ subject: 'something else', references: `<unknown@x> <${messageId}>`, body: 'Third\r\n' }),
      );
      await process();
      const tickets = await ticketsOf(org);
      expect(tickets).toHaveLength(1);
      expect(tickets[0].messages.map((m: any) => m.type)).toEqual(['INBOUND', 'INBOUND', 'INBOUND']);
      expect(tickets[0].id).toBe(ticket.id);
    });

    it('threads by a reply token (plus address or service Message-ID) and ignores forged ones', async () => {
      const { org, box, ticket } = await firstTicket();
      const key = await ctx.container.replyKey();
      const token = encodeReplyToken(key, org.id, ticket.id);
      const [local, domain] = box.address.split('@');
      // A stranger writing to the token address still threads (the token is the proof), by envelope or To.
      await postRaw(ctx, box.token, rawMail({ from: 'colleague@customer.example', to: `${local}+${token}@${domain}` }));
      await postRaw(ctx, box.token, rawMail({ inReplyTo: makeMessageId(key, org.id, ticket.id, 'mail.example.com') }));
      // Forged: a changed tag, a token made under another key, a token of another organization's ticket.
      const forged = `${token.slice(0, 40)}${token.slice(40) === '00000000' ? '11111111' : '00000000'}`;
      await postRaw(ctx, box.token, rawMail({ to: `${local}+${forged}@${domain}`, subject: 'forged 1' }));
      const foreign = encodeReplyToken(Buffer.alloc(32, 7), org.id, ticket.id);
      await postRaw(ctx, box.token, rawMail({ inReplyTo: `<${foreign}.abc@mail.example.com>`, subject: 'forged 2' }));
      await process();
      const tickets = await ticketsOf(org);
      const original = tickets.find((t) => t.id === ticket.id);
      expect(original.messages).toHaveLength(3);
      expect(tickets.map((t) => t.subject).sort()).toEqual(['Printer on fire', 'forged 1', 'forged 2']);
      // Another organization cannot reach this ticket with a token made for it.
      const other = await ctx.createOrg();
      const otherBox = await createMailbox(other);
      const [ol, od] = otherBox.address.split('@');
      await postRaw(ctx, otherBox.token, rawMail({ to: `${ol}+${token}@${od}`, subject: 'cross-org' }));
      await process();
      expect((await ticketsOf(other)).map((t) => t.subject)).toEqual(['cross-org']);
      expect((await ticketsOf(org)).find((t) => t.id === ticket.id).messages).toHaveLength(3);
    });

    it('threads [#N] only from the ticket customer; a stranger copying the subject gets a new ticket', async () => {
      const { org, box, ticket } = await firstTicket();
      const subject = `Re: Printer on fire [#${ticket.ticket_number}]`;
      await postRaw(ctx, box.token, rawMail({ from: 'JANE@customer.example', subject }));
      await postRaw(ctx, box.token, rawMail({ from: 'mallory@evil.example', subject }));
      await process();
      const tickets = await ticketsOf(org);
      expect(tickets).toHaveLength(2);
      expect(tickets.find((t) => t.id === ticket.id).messages).toHaveLength(2);
      const stranger = tickets.find((t) => t.id !== ticket.id);
      expect(stranger).toMatchObject({ subject, customer: { email: 'mallory@evil.example' } });
    });

    it('a reply reopens a RESOLVED or CLOSED ticket (ticket.updated); an auto-reply never does', async () => {
      const { org, box, messageId, ticket } = await firstTicket();
      for (const status of ['RESOLVED', 'CLOSED']) {
        expect((await org.api.patch(`/api/v1/tickets/${ticket.id}`, { status })).status).toBe(200);
        await postRaw(ctx, box.token, rawMail({ inReplyTo: `<${messageId}>`, body: `back from ${status}\r\n` }));
        await process();
        expect((await org.api.get(`/api/v1/tickets/${ticket.id}`)).body.data.status).toBe('OPEN');
      }
      expect((await org.api.patch(`/api/v1/tickets/${ticket.id}`, { status: 'RESOLVED' })).status).toBe(200);
      const auto: Record<string, string>[] = [
        { 'Auto-Submitted': 'auto-replied' },
        { Precedence: 'bulk' },
        { 'X-Autoreply': 'yes' },
      ];
      for (const headers of auto) await postRaw(ctx, box.token, rawMail({ inReplyTo: `<${messageId}>`, headers }));
      await process();
      const after = (await org.api.get(`/api/v1/tickets/${ticket.id}`)).body.data;
      expect(after.status).toBe('RESOLVED');
      expect(after.messages).toHaveLength(6);
      const kinds = (await inboundRows(ctx, box.id)).map((r) => r.kind);
      expect(kinds.filter((k) => k === 'automatic')).toHaveLength(3);
    });

    it('bounces and the service own mail make no ticket; a bounce is stored with the reply ticket', async () => {
      const { org, box, messageId, ticket } = await firstTicket();
      const bounce = rawMail({
        from: 'MAILER-DAEMON@mx.customer.example',
        subject: 'Undelivered Mail Returned to Sender',
        contentType: 'multipart/report; report-type=delivery-status; boundary="b1"',
        body: [
          '--b1',
          'Content-Type: text/plain',
          '',
          'Delivery to jane@customer.example failed: mailbox full',
          '--b1',
          'Content-Type: message/delivery-status',
          '',
          'Status: 5.2.2',
          '--b1',
          'Content-Type: text/rfc822-headers',
          '',
          `Message-ID: <${messageId}>`,
          'Subject: Printer on fire',
          '--b1--',
          '',
        ].join('\r\n'),
      });
      await postRaw(ctx, box.token, bounce);
      await postRaw(ctx, box.token, rawMail({ from: `Support <${box.address.toUpperCase()}>`, subject: 'loop' }));
      await postRaw(ctx, box.token, rawMail({ from: 'postmaster@customer.example', subject: 'postmaster note' }));
      await process();
      expect((await ticketsOf(org)).map((t) => t.id)).toEqual([ticket.id]);
      expect((await org.api.get(`/api/v1/tickets/${ticket.id}`)).body.data.messages).toHaveLength(1);
      const rows = await inboundRows(ctx, box.id);
      expect(rows.slice(1).map((r) => [r.kind, r.state])).toEqual([
        ['bounce', 'done'],
        ['own', 'done'],
        ['bounce', 'done'],
      ]);
      expect(rows[1].ticket_id).toBe(ticket.id);
    });

    it('a bounce passes the Message-IDs it reports on to the delivery-failure port', async () => {
      const failed: [string, string, string][] = [];
      const container = createContainer({
        config: ctx.config,
        database: ctx.database,
        clock: ctx.clock,
        deliveryFailures: {
          markFailedByMessageId: async (organizationId, messageId, reason) => {
            failed.push([organizationId, messageId, reason]);
          },
        },
      });
      const org = await ctx.createOrg();
      const box = await createMailbox(org);
      const bounce = rawMail({
        from: 'MAILER-DAEMON@mx.customer.example',
        contentType: 'multipart/report; report-type=delivery-status; boundary="b2"',
        body: [
          '--b2',
          'Content-Type: text/plain',
          '',
          'mailbox unavailable',
          '--b2',
          'Content-Type: message/rfc822',
          '',
          'Message-ID: <reply-1@mail.example.com>',
          'Subject: Re: Printer on fire',
          '',
          'our reply',
          '--b2--',
          '',
        ].join('\r\n'),
      });
      await container.inbound.storeRawMessage({
        organizationId: org.id,
        mailboxId: box.id,
        raw: Buffer.from(bounce),
        source: 'imap',
      });
      await container.inbound.processQueued();
      expect(failed).toEqual([[org.id, 'reply-1@mail.example.com', expect.stringContaining('mailbox unavailable')]]);
      expect(await ticketsOf(org)).toHaveLength(0);
    });

    it('reads odd encodings, HTML-only mail and attachments, and keeps broken mail without crashing', async () => {
      const org = await ctx.createOrg();
      const box = await createMailbox(org);
      const latin1 = Buffer.concat([
        Buffer.from(rawMail({ subject: 'latin1', contentType: 'text/plain; charset=iso-8859-1', body: '' })),
        Buffer.from('Caf\xe9 cr\xe8me\r\n', 'latin1'),
      ]);
      const cp1252 = Buffer.concat([
        Buffer.from(rawMail({ subject: 'cp1252', contentType: 'text/plain; charset=windows-1252', body: '' })),
        Buffer.from([0x93, 0x71, 0x75, 0x6f, 0x74, 0x65, 0x64, 0x94, 0x20, 0x80, 0x35, 0x0d, 0x0a]),
      ]);
      const mislabelled = Buffer.concat([
        Buffer.from(rawMail({ subject: 'mislabelled', contentType: 'text/plain; charset=iso-8859-1', body: '' })),
        Buffer.from('Grüße aus Köln\r\n', 'utf8'),
      ]);
      const mails: (string | Buffer)[] = [
        latin1,
        cp1252,
        mislabelled,
        rawMail({
          subject: '=?UTF-8?B?w4ljaGFudGlsbG9u?=',
          transferEncoding: 'quoted-printable',
          body: 'Qu=C3=A9bec =E2=82=AC=\r\n10\r\n',
        }),
        rawMail({
          subject: 'base64',
          transferEncoding: 'base64',
          body: `${Buffer.from('Hallo Welt').toString('base64')}\r\n`,
        }),
        rawMail({
          subject: 'html only',
          contentType: 'text/html; charset=utf-8',
          body: '<html><body><p>Hello <b>there</b></p><script>alert(1)</script><img src="cid:x"></body></html>\r\n',
        }),
        rawMail({
          subject: 'with attachments',
          contentType: 'multipart/mixed; boundary="mix"',
          body: [
            '--mix',
            'Content-Type: text/plain; charset=utf-8',
            '',
            'See attached.',
            '--mix',
            'Content-Type: image/png; name="dot.png"',
            'Content-Disposition: inline; filename="dot.png"',
            'Content-ID: <dot@x>',
            'Content-Transfer-Encoding: base64',
            '',
            'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
            '--mix',
            'Content-Type: message/rfc822',
            'Content-Disposition: attachment; filename="fwd.eml"',
            '',
            'From: someone@else.example',
            'Subject: forwarded',
            '',
            'inner body',
            '--mix--',
            '',
          ].join('\r\n'),
        }),
        rawMail({ subject: 'no id', messageId: null }),
        rawMail({
          subject: 'broken multipart',
          contentType: 'multipart/mixed; boundary="never"',
          body: 'no parts here\r\n',
        }),
        rawMail({ subject: '', body: '' }),
      ];
      for (const m of mails) expect((await postRaw(ctx, box.token, m)).status).toBe(200);
      // A message without Message-ID is still stored once (by its bytes).
      expect((await postRaw(ctx, box.token, rawMail({ subject: 'no id', messageId: null }))).status).toBe(200);
      await process();
      const bySubject = new Map((await ticketsOf(org)).map((t) => [t.subject, t.messages[0].content as string]));
      expect(bySubject.get('latin1')).toContain('Café crème');
      expect(bySubject.get('cp1252')).toContain('“quoted” €5');
      expect(bySubject.get('mislabelled')).toContain('Grüße aus Köln');
      expect(bySubject.get('Échantillon')).toContain('Québec €10');
      expect(bySubject.get('base64')).toContain('Hallo Welt');
      expect(bySubject.get('html only')).toContain('Hello there');
      expect(bySubject.get('html only')).not.toContain('<');
      expect(bySubject.get('with attachments')).toContain('See attached.');
      expect(bySubject.has('no id')).toBe(true);
      expect(bySubject.has('(no subject)')).toBe(true);
      const rows = await inboundRows(ctx, box.id);
      expect(rows.filter((r) => r.subject === 'no id')).toHaveLength(1);
      // Every stored message was processed: made into a ticket or kept as a failure.
      expect(rows.every((r) => r.state === 'done' || r.state === 'failed')).toBe(true);
      expect(rows).toHaveLength(mails.length);
    });

    it('stores a large message as a file and processes it from there', async () => {
      const org = await ctx.createOrg();
      const box = await createMailbox(org);
      const body = `${'Large body line of text.\r\n'.repeat(30_000)}`;
      expect((await postRaw(ctx, box.token, rawMail({ subject: 'large', body }))).status).toBe(200);
      const [row] = await inboundRows(ctx, box.id);
      expect(row.raw).toBeNull();
      expect(row.raw_key).toMatch(/^mail\//);
      await process();
      const [ticket] = await ticketsOf(org);
      expect(ticket.subject).toBe('large');
      expect(ticket.messages[0].content.length).toBeGreaterThan(100_000 - 10);
    });
  },
  { env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'helpdesk-mail-')) } },
);
