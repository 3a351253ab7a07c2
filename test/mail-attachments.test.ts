import { createHash, randomFillSync, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { expect, it } from 'vitest';
import { describeEachDialect, type TestContext, type TestOrg } from './support/harness.js';
import {
  createMailbox,
  inboundRows,
  multipartBody,
  multipartMail,
  postRaw,
  rawMail,
  ticketsOf,
} from './support/mail-fixtures.js';

// Files received with mail: stored with the message they came with (inline images and attached
// messages included), typed by their bytes rather than by what the mail claims, listed on every
// message (an empty list on others), downloaded only by the organization with headers that make a
// browser save rather than show them; over-limit files skipped and noted, a mail applied again or
// retried never storing them twice, and odd or broken mail read or kept as a failure.

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const HTML = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>\n');
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>';
const FORWARDED =
  'From: someone@else.example\r\nSubject: forwarded\r\nMessage-ID: <inner@else.example>\r\n\r\ninner body\r\n';

const text = (body: string) => ({ headers: ['Content-Type: text/plain; charset=utf-8'], body });

async function download(ctx: TestContext, token: string, id: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/attachments/${id}`,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, body: res.body };
}

/** The files under the blob store's directory for an organization's attachments. */
const blobFiles = (ctx: TestContext, orgId: string) => {
  const dir = join(ctx.config.dataDir, 'blobs', 'attachments', orgId);
  return existsSync(dir) ? readdirSync(dir).filter((f) => !f.endsWith('.tmp')) : [];
};

const attachmentRows = (ctx: TestContext, orgId: string) =>
  ctx.database.db
    .selectFrom('attachments')
    .selectAll()
    .where('organization_id', '=', orgId)
    .orderBy('message_id')
    .orderBy('position')
    .execute();

async function mailOne(ctx: TestContext, org: TestOrg, raw: Buffer | string) {
  const box = await createMailbox(org);
  const res = await postRaw(ctx, box.token, raw);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await ctx.container.inbound.processQueued();
  return box;
}

describeEachDialect(
  'mail attachments',
  (ctx) => {
    it('keeps every file of a mail with its first message, typed by its bytes, and serves each as a download', async () => {
      const org = await ctx.createOrg();
      const raw = multipartMail({ subject: 'Files attached' }, [
        text('Please see the files.'),
        {
          headers: [
            'Content-Type: application/pdf; name="report.pdf"',
            'Content-Disposition: attachment; filename="report.pdf"',
          ],
          body: PDF,
          base64: true,
        },
        {
          headers: ['Content-Type: image/png', 'Content-Disposition: attachment; filename="dot.png"'],
          body: PNG,
          base64: true,
        },
        {
          headers: [
            'Content-Type: image/png',
            'Content-Disposition: inline; filename="logo.png"',
            'Content-ID: <logo@x>',
          ],
          body: PNG,
          base64: true,
        },
        {
          headers: ['Content-Type: message/rfc822', 'Content-Disposition: attachment; filename="fwd.eml"'],
          body: FORWARDED,
        },
        {
          headers: [
            'Content-Type: text/html; name="<script>.html"',
            'Content-Disposition: attachment; filename="<script>.html"',
          ],
          body: HTML,
          base64: true,
        },
        // Lies about its type: a PNG called a PDF, and HTML called a JPEG.
        {
          headers: ['Content-Type: application/pdf', 'Content-Disposition: attachment; filename="invoice.pdf"'],
          body: PNG,
          base64: true,
        },
        {
          headers: ['Content-Type: image/jpeg', 'Content-Disposition: attachment; filename="photo.jpg"'],
          body: SVG,
          base64: true,
        },
        {
          headers: [
            'Content-Type: text/plain',
            "Content-Disposition: attachment; filename*=UTF-8''R%C3%A9sum%C3%A9%20final.txt",
          ],
          body: 'plain words\r\n',
        },
      ]);
      await mailOne(ctx, org, raw);
      const [ticket] = await ticketsOf(org);
      expect(ticket.channel).toBe('EMAIL');
      const [message] = ticket.messages;
      expect(message.content).toBe('Please see the files.');
      expect(message.attachments.map((a: any) => [a.filename, a.content_type, a.size])).toEqual([
        ['report.pdf', 'application/pdf', PDF.length],
        ['dot.png', 'image/png', PNG.length],
        ['logo.png', 'image/png', PNG.length],
        ['fwd.eml', 'message/rfc822', expect.any(Number)],
        ['<script>.html', 'text/html', HTML.length],
        ['invoice.pdf', 'image/png', PNG.length],
        ['photo.jpg', 'text/plain', SVG.length],
        ['Résumé final.txt', 'text/plain', 13],
      ]);
      for (const a of message.attachments)
        expect(Object.keys(a).sort()).toEqual(['content_type', 'filename', 'id', 'size']);

      // Stored state: one row per file with its message, the message's count, the bytes on disk.
      const rows = await attachmentRows(ctx, org.id);
      expect(rows.map((r) => [r.message_id, r.ticket_id, Number(r.position)])).toEqual(
        message.attachments.map((_: unknown, i: number) => [message.id, ticket.id, i + 1]),
      );
      const [stored] = await ctx.database.db
        .selectFrom('messages')
        .select('attachment_count')
        .where('id', '=', message.id)
        .execute();
      expect(Number(stored.attachment_count)).toBe(8);
      expect(blobFiles(ctx, org.id)).toHaveLength(8);

      // Downloads: the exact bytes, as an attachment, never sniffed, active types as octet-stream.
      const forwarded = await download(ctx, org.token, message.attachments[3].id);
      expect(forwarded.bytes.length).toBe(message.attachments[3].size);
      expect(forwarded.bytes.toString()).toMatch(
        /^From: someone@else\.example\r?\nSubject: forwarded\r?\n[\s\S]*inner body/,
      );
      const expected = [PDF, PNG, PNG, null, HTML, PNG];
      for (const [i, bytes] of expected.entries()) {
        if (!bytes) continue;
        const res = await download(ctx, org.token, message.attachments[i].id);
        expect(res.status).toBe(200);
        expect(Buffer.compare(res.bytes, bytes)).toBe(0);
        expect(res.headers['content-length']).toBe(String(bytes.length));
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['content-security-policy']).toContain('sandbox');
        expect(String(res.headers['content-disposition'])).toMatch(/^attachment; /);
      }
      const html = await download(ctx, org.token, message.attachments[4].id);
      expect(html.headers['content-type']).toBe('application/octet-stream');
      expect(html.headers['content-disposition']).toBe(
        `attachment; filename="<script>.html"; filename*=UTF-8''%3Cscript%3E.html`,
      );
      expect((await download(ctx, org.token, message.attachments[0].id)).headers['content-type']).toBe(
        'application/pdf',
      );
      expect((await download(ctx, org.token, message.attachments[5].id)).headers['content-type']).toBe('image/png');
      const resume = await download(ctx, org.token, message.attachments[7].id);
      expect(resume.headers['content-disposition']).toBe(
        `attachment; filename="R_sum_ final.txt"; filename*=UTF-8''R%C3%A9sum%C3%A9%20final.txt`,
      );
      expect(resume.bytes.toString()).toMatch(/^plain words\r?\n/);
    });

    it("answers 404 for other organizations' files and ids that are not ids, 403 without tickets:read", async () => {
      const org = await ctx.createOrg();
      const other = await ctx.createOrg();
      await mailOne(
        ctx,
        org,
        multipartMail({}, [
          text('one file'),
          {
            headers: ['Content-Type: image/png', 'Content-Disposition: attachment; filename="a.png"'],
            body: PNG,
            base64: true,
          },
        ]),
      );
      const [ticket] = await ticketsOf(org);
      const id = ticket.messages[0].attachments[0].id as string;
      const theirs = await download(ctx, other.token, id);
      expect(theirs.status).toBe(404);
      expect(JSON.parse(theirs.body).error.code).toBe('not_found');
      for (const bad of ['nope', randomUUID(), '..%2F..%2Fetc%2Fpasswd', `${id}x`, `${id}%20`]) {
        expect((await download(ctx, org.token, bad)).status, bad).toBe(404);
      }
      // Not even a path (a NUL byte): refused before routing, never a 500.
      expect((await download(ctx, org.token, '%00')).status).toBe(400);
      expect((await download(ctx, await org.keyWith(['tickets:read']), id)).status).toBe(200);
      const noScope = await download(ctx, await org.keyWith(['customers:read']), id);
      expect(noScope.status).toBe(403);
      expect(JSON.parse(noScope.body).error.code).toBe('insufficient_scope');
      // Upper-case ids name the same file.
      expect((await download(ctx, org.token, id.toUpperCase())).status).toBe(200);
    });

    it('lists an empty attachments array on every message of other tickets, in every answer', async () => {
      const org = await ctx.createOrg();
      const created = await org.api.post('/api/v1/tickets', {
        subject: 'API ticket',
        message: 'hello',
        customer: { email: 'api@example.com' },
      });
      expect(created.body.data.messages[0].attachments).toEqual([]);
      const added = await org.api.post(`/api/v1/tickets/${created.body.data.id}/messages`, { content: 'more' });
      expect(added.body.data.attachments).toEqual([]);
      const patched = await org.api.patch(`/api/v1/tickets/${created.body.data.id}`, { priority: 'HIGH' });
      expect(patched.body.data.messages.map((m: any) => m.attachments)).toEqual([[], []]);
      const read = await org.api.get(`/api/v1/tickets/${created.body.data.id}`);
      expect(read.body.data.messages.map((m: any) => [m.attachments, m.delivery])).toEqual([
        [[], null],
        [[], null],
      ]);
      // An EMAIL ticket: the reply by mail has no files, and a PATCH answers the first message's.
      const mailed = await mailOne(
        ctx,
        org,
        multipartMail({ subject: 'Mailed' }, [
          text('with a file'),
          {
            headers: ['Content-Type: image/png', 'Content-Disposition: attachment; filename="b.png"'],
            body: PNG,
            base64: true,
          },
        ]),
      );
      const email = (await ticketsOf(org)).find((t) => t.subject === 'Mailed');
      await postRaw(
        ctx,
        mailed.token,
        rawMail({ subject: `Re: Mailed [#${email.ticket_number}]`, body: 'no files\r\n' }),
      );
      await ctx.container.inbound.processQueued();
      const patchedEmail = await org.api.patch(`/api/v1/tickets/${email.id}`, { priority: 'LOW' });
      expect(patchedEmail.body.data.messages.map((m: any) => m.attachments.map((a: any) => a.filename))).toEqual([
        ['b.png'],
        [],
      ]);
      expect((await org.api.get(`/api/v1/tickets/${email.id}`)).body.data.messages).toEqual(
        patchedEmail.body.data.messages,
      );
    });

    it('skips files over the per-file or per-message limit, notes them in the message, and keeps the rest', async () => {
      const org = await ctx.createOrg();
      const file = (name: string, size: number) => ({
        headers: ['Content-Type: application/octet-stream', `Content-Disposition: attachment; filename="${name}"`],
        body: Buffer.alloc(size, 1),
        base64: true,
      });
      await mailOne(
        ctx,
        org,
        multipartMail({ subject: 'Big files' }, [
          text('Here they are.'),
          file('big.bin', 120_000),
          file('a.bin', 60_000),
          file('b.bin', 60_000),
          file('c.bin', 60_000),
          file('d.bin', 10),
        ]),
      );
      const [ticket] = await ticketsOf(org);
      const [message] = ticket.messages;
      expect(message.attachments.map((a: any) => [a.filename, a.content_type, a.size])).toEqual([
        ['a.bin', 'application/octet-stream', 60_000],
        ['b.bin', 'application/octet-stream', 60_000],
        ['d.bin', 'application/octet-stream', 10],
      ]);
      expect(message.content).toBe(
        [
          'Here they are.',
          '',
          '[Attachment not kept: big.bin (120000 bytes), larger than the limit of 100000 bytes per file]',
          '[Attachment not kept: c.bin (60000 bytes), over the limit of 150000 bytes of files per message]',
        ].join('\n'),
      );
      expect(blobFiles(ctx, org.id)).toHaveLength(3);
      expect((await attachmentRows(ctx, org.id)).map((r) => Number(r.position))).toEqual([2, 3, 5]);
    });

    it('stores the files once however often the mail is applied, and none for a mail that failed', async () => {
      const org = await ctx.createOrg();
      const box = await createMailbox(org);
      const files = [
        text('twice?'),
        {
          headers: ['Content-Type: image/png', 'Content-Disposition: attachment; filename="c.png"'],
          body: PNG,
          base64: true,
        },
        {
          headers: ['Content-Type: application/pdf', 'Content-Disposition: attachment; filename="d.pdf"'],
          body: PDF,
          base64: true,
        },
      ];
      // Refused by the plan (no tickets allowed): kept as a failure, and its files' bytes removed.
      const raw = multipartMail({ subject: 'Retried' }, files);
      await ctx.container.plans.setPlan(org.id, { tickets_limit: 0 });
      expect((await postRaw(ctx, box.token, raw)).status).toBe(200);
      await ctx.container.inbound.processQueued();
      const [failed] = await inboundRows(ctx, box.id);
      expect(failed.state).toBe('failed');
      expect(await attachmentRows(ctx, org.id)).toHaveLength(0);
      expect(blobFiles(ctx, org.id)).toEqual([]);

      await ctx.container.plans.setPlan(org.id, { tickets_limit: null });
      expect((await org.api.post(`/api/v1/mailboxes/${box.id}/failures/${failed.id}/retry`)).status).toBe(202);
      await ctx.container.inbound.processQueued();
      expect((await inboundRows(ctx, box.id))[0].state).toBe('done');
      expect(await attachmentRows(ctx, org.id)).toHaveLength(2);

      // The same stored mail processed again (as after a crash that lost the row's state): nothing new.
      await ctx.database.db
        .updateTable('inbound_emails')
        .set({ state: 'queued', lease_expires_at: null })
        .where('id', '=', failed.id)
        .execute();
      await ctx.container.inbound.processQueued();
      // The same mail received again by another mailbox of the organization: one message still.
      const second = await createMailbox(org);
      expect((await postRaw(ctx, second.token, raw)).status).toBe(200);
      await ctx.container.inbound.processQueued();
      const tickets = await ticketsOf(org);
      expect(tickets).toHaveLength(1);
      expect(tickets[0].messages).toHaveLength(1);
      expect(tickets[0].messages[0].attachments.map((a: any) => a.filename)).toEqual(['c.png', 'd.pdf']);
      expect(await attachmentRows(ctx, org.id)).toHaveLength(2);
      expect(blobFiles(ctx, org.id)).toHaveLength(2);
    });

    it('reads odd and broken mail with files, or keeps it as a failure, never crashing', async () => {
      const org = await ctx.createOrg();
      const box = await createMailbox(org);
      const png = { headers: ['Content-Type: image/png'], body: PNG, base64: true };
      const truncated = Buffer.concat([
        Buffer.from(rawMail({ subject: 'truncated', contentType: 'multipart/mixed; boundary="t"', body: '' })),
        Buffer.from(
          '--t\r\nContent-Type: text/plain\r\n\r\ncut short\r\n--t\r\nContent-Type: application/pdf; name="x.pdf"\r\n',
        ),
        Buffer.from(`Content-Transfer-Encoding: base64\r\n\r\n${PDF.toString('base64').slice(0, 30)}`),
      ]);
      const nested = (depth: number): Buffer => {
        let body = multipartBody('leaf', [text('deep')]);
        let type = 'multipart/mixed; boundary="leaf"';
        for (let i = 0; i < depth; i++) {
          body = multipartBody(`n${i}`, [{ headers: [`Content-Type: ${type}`], body }]);
          type = `multipart/mixed; boundary="n${i}"`;
        }
        return Buffer.concat([Buffer.from(rawMail({ subject: `nested ${depth}`, contentType: type, body: '' })), body]);
      };
      const mails: (string | Buffer)[] = [
        truncated,
        multipartMail({ subject: 'no name' }, [text('unnamed file'), png]),
        multipartMail({ subject: 'paths' }, [
          text('paths'),
          {
            ...png,
            headers: ['Content-Type: image/png', 'Content-Disposition: attachment; filename="../../etc/passwd"'],
          },
          { ...png, headers: ['Content-Type: image/png', 'Content-Disposition: attachment; filename=".."'] },
          {
            ...png,
            headers: [
              'Content-Type: image/png',
              "Content-Disposition: attachment; filename*=UTF-8''C%3A%5Cdir%5Cc.png",
            ],
          },
        ]),
        multipartMail({ subject: 'encoded name' }, [
          text('encoded'),
          {
            headers: [
              'Content-Type: text/plain; charset=iso-8859-1',
              `Content-Disposition: attachment; filename="=?UTF-8?B?${Buffer.from('Grüße.txt').toString('base64')}?="`,
            ],
            body: Buffer.from('Gr\xfc\xdfe\r\n', 'latin1'),
          },
        ]),
        multipartMail({ subject: 'only a file' }, [png]),
        multipartMail({ subject: 'empty file' }, [
          text('empty'),
          {
            headers: ['Content-Type: application/pdf', 'Content-Disposition: attachment; filename="empty.pdf"'],
            body: '',
          },
        ]),
        multipartMail({ subject: 'bad base64' }, [
          text('bad'),
          {
            headers: ['Content-Type: image/png', 'Content-Transfer-Encoding: base64'],
            body: '!!!not base64 at all***\r\n',
          },
        ]),
        nested(5),
        nested(80),
        Buffer.concat([
          Buffer.from('From: a@b.example\r\nSubject: binary\r\n\r\n'),
          Buffer.from([0, 1, 2, 255, 0, 13, 10]),
        ]),
        Buffer.from([0xff, 0xfe, 0, 0, 1, 2, 3, 4, 5]),
      ];
      for (const m of mails) expect((await postRaw(ctx, box.token, m)).status).toBe(200);
      await ctx.container.inbound.processQueued();
      await ctx.container.inbound.processQueued();
      const rows = await inboundRows(ctx, box.id);
      expect(rows).toHaveLength(mails.length);
      expect(rows.every((r) => r.state === 'done' || r.state === 'failed')).toBe(true);
      const bySubject = new Map((await ticketsOf(org)).map((t) => [t.subject, t.messages[0]]));
      expect(bySubject.get('truncated').content).toContain('cut short');
      expect(bySubject.get('no name').attachments.map((a: any) => [a.filename, a.content_type])).toEqual([
        ['attachment-1.png', 'image/png'],
      ]);
      expect(bySubject.get('paths').attachments.map((a: any) => a.filename)).toEqual([
        'passwd',
        'attachment-2.png',
        'c.png',
      ]);
      expect(bySubject.get('encoded name').attachments.map((a: any) => [a.filename, a.content_type])).toEqual([
        ['Grüße.txt', 'text/plain'],
      ]);
      expect(bySubject.get('only a file').content).toBe('(this mail has no text)');
      expect(bySubject.get('only a file').attachments).toHaveLength(1);
      expect(bySubject.get('empty file').attachments.map((a: any) => a.filename)).toEqual(['empty.pdf']);
      expect(bySubject.has('bad base64')).toBe(true);
      expect(bySubject.get('nested 5').content).toContain('deep');
      // Every file listed can be downloaded.
      for (const message of bySubject.values()) {
        for (const a of message.attachments) {
          const res = await download(ctx, org.token, a.id);
          expect(res.status).toBe(200);
          expect(res.bytes.length).toBe(a.size);
        }
      }
    });
  },
  {
    env: {
      DATA_DIR: mkdtempSync(join(tmpdir(), 'helpdesk-attach-')),
      MAIL_ATTACHMENT_MAX_BYTES: '100000',
      MAIL_ATTACHMENTS_MAX_BYTES: '150000',
    },
  },
);

describeEachDialect(
  'mail attachments: a 20 MB file',
  (ctx) => {
    it('is stored and served whole without holding the event loop (its delay is reported)', async () => {
      const org = await ctx.createOrg();
      const box = await createMailbox(org);
      const bytes = Buffer.alloc(20_000_000);
      for (let i = 0; i < bytes.length; i += 65536) randomFillSync(bytes, i, Math.min(65536, bytes.length - i));
      // No format's signature at the start (random bytes could happen to begin with one).
      bytes.fill(1, 0, 64);
      const raw = multipartMail({ subject: 'Twenty megabytes' }, [
        text('A big file.'),
        {
          headers: ['Content-Type: application/zip', 'Content-Disposition: attachment; filename="big.bin"'],
          body: bytes,
          base64: true,
        },
      ]);
      const digest = createHash('sha256').update(bytes).digest('hex');

      const delay = monitorEventLoopDelay({ resolution: 10 });
      delay.enable();
      const started = performance.now();
      expect((await postRaw(ctx, box.token, raw)).status).toBe(200);
      await ctx.container.inbound.processQueued();
      const elapsed = performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 30));
      delay.disable();
      const ms = (ns: number) => (ns / 1e6).toFixed(1);
      console.log(
        `[${ctx.dialect}] ${raw.length} bytes of mail with a 20,000,000-byte file, received and applied in ` +
          `${elapsed.toFixed(0)} ms; event-loop delay max ${ms(delay.max)} ms, p99 ${ms(delay.percentile(99))} ms, ` +
          `p50 ${ms(delay.percentile(50))} ms`,
      );
      // Loose on purpose: on a shared machine a starved process shows delays it did not cause; what is
      // pinned is that no long stretch of the work holds the loop (parsed on it, one stretch took seconds).
      expect(delay.percentile(99) / 1e6).toBeLessThan(500);

      const [ticket] = await ticketsOf(org);
      const [file] = ticket.messages[0].attachments;
      expect(file).toMatchObject({ filename: 'big.bin', size: 20_000_000, content_type: 'application/octet-stream' });
      const res = await download(ctx, org.token, file.id);
      expect(res.status).toBe(200);
      expect(res.headers['content-length']).toBe('20000000');
      expect(createHash('sha256').update(res.bytes).digest('hex')).toBe(digest);
    }, 120_000);
  },
  {
    env: {
      DATA_DIR: mkdtempSync(join(tmpdir(), 'helpdesk-attach-big-')),
      SMTP_INBOUND_MAX_BYTES: String(40 * 1024 * 1024),
      MAIL_ATTACHMENT_MAX_BYTES: String(25 * 1024 * 1024),
      MAIL_ATTACHMENTS_MAX_BYTES: String(25 * 1024 * 1024),
    },
  },
);
