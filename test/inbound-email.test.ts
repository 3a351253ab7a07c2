import { createHmac } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { logSettled } from './support/event-log.js';
import { describeEachDialect, type TestOrg } from './support/harness.js';
import { createMailbox, inboundRows, postRaw, rawMail, ticketsOf, uniqueId } from './support/mail-fixtures.js';

// Mail received through the inbound webhook: stored before the answer, once per Message-ID, then
// made into EMAIL tickets through the ticket service (events included); Postmark JSON and Mailgun
// forms with their signature; bad tokens, bad bodies and unreadable mail kept as failures, listed
// and retried; mail fields that carry HTML stay text.

const MAILGUN_ENV_KEY = 'mailgun-env-key';

describeEachDialect(
  'inbound email: webhook ways in and tickets',
  (ctx) => {
    const process = () => ctx.container.inbound.processQueued();

    async function events(org: TestOrg, type: string) {
      await logSettled(ctx);
      const res = await org.api.get(`/api/v1/events?limit=1000&type=${type}`);
      return res.body.data as { type: string; data: any }[];
    }

    it('a raw message becomes an EMAIL ticket of a new customer, with its events', async () => {
      const org = await ctx.createOrg();
      const box = await createMailbox(org);
      const raw = rawMail({
        from: '"Jane <b>Doe</b>" <Jane.Doe@Customer.example>',
        subject: 'Order <script>alert(1)</script> missing',
        body: 'Hello,\r\n\r\nMy order <img src=x onerror=alert(1)> has not arrived.\r\n\r\nJane\r\n',
      });
      const res = await postRaw(ctx, box.token, raw);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual({ data: { stored: true, duplicate: false } });
      // Stored before processing: the row holds the exact bytes.
      const [row] = await inboundRows(ctx, box.id);
      expect(row).toMatchObject({ state: 'queued', source: 'webhook', size: Buffer.byteLength(raw) });
      expect(Buffer.from(row.raw as Uint8Array).toString('utf8')).toBe(raw);

      await process();
      const [ticket] = await ticketsOf(org);
      expect(ticket).toMatchObject({
        channel: 'EMAIL',
        status: 'OPEN',
        subject: 'Order <script>alert(1)</script> missing',
        customer: { email: 'Jane.Doe@Customer.example', name: 'Jane <b>Doe</b>' },
      });
      expect(ticket.messages).toHaveLength(1);
      expect(ticket.messages[0]).toMatchObject({ type: 'INBOUND', author: { type: 'customer' } });
      expect(ticket.messages[0].content).toContain('My order <img src=x onerror=alert(1)> has not arrived.');
      expect((await inboundRows(ctx, box.id))[0]).toMatchObject({ state: 'done', kind: 'mail', ticket_id: ticket.id });

      expect((await events(org, 'ticket.created')).map((e) => e.data.id)).toEqual([ticket.id]);
      expect((await events(org, 'customer.created')).length).toBe(1);
      expect((await events(org, 'message.created')).map((e) => e.data.ticket_id)).toEqual([]);
      // Processing again changes nothing.
      await process();
      expect((await ticketsOf(org)).length).toBe(1);
    });

    it('stores one message per Message-ID per mailbox, whichever way it came (raw, Postmark)', async () => {
      const org = await ctx.createOrg();
      const box = await createMailbox(org);
      const raw = rawMail({ messageId: `${uniqueId()}@customer.example` });
      expect((await postRaw(ctx, box.token, raw)).body.data.duplicate).toBe(false);
      const postmark = await ctx.app.inject({
        method: 'POST',
        url: `/inbound/email/${box.token}`,
        payload: { MessageID: 'pm-1', RawEmail: raw, OriginalRecipient: box.address },
      });
      expect(postmark.statusCode).toBe(200);
      expect(JSON.parse(postmark.body).data).toEqual({ stored: false, duplicate: true });
      expect((await postRaw(ctx, box.token, raw)).body.data.duplicate).toBe(true);
      await process();
      expect(await inboundRows(ctx, box.id)).toHaveLength(1);
      expect(await ticketsOf(org)).toHaveLength(1);

      // The same mail to a second mailbox of the organization is stored there too, but is one message.
      const second = await createMailbox(org);
      expect((await postRaw(ctx, second.token, raw)).body.data.duplicate).toBe(false);
      await process();
      const tickets = await ticketsOf(org);
      expect(tickets).toHaveLength(1);
      expect(tickets[0].messages).toHaveLength(1);
      expect((await inboundRows(ctx, second.id))[0]).toMatchObject({ state: 'done', ticket_id: tickets[0].id });
    });

    it('takes Postmark JSON with RawEmail, and refuses it without (400, nothing stored)', async () => {
      const org = await ctx.createOrg();
      const box = await createMailbox(org);
      const ok = await ctx.app.inject({
        method: 'POST',
        url: `/inbound/email/${box.token}`,
        payload: { RawEmail: rawMail({ subject: 'Via Postmark' }), OriginalRecipient: box.address },
      });
      expect(ok.statusCode).toBe(200);
      const missing = await ctx.app.inject({
        method: 'POST',
        url: `/inbound/email/${box.token}`,
        payload: { TextBody: 'hello', From: 'a@b.example' },
      });
      expect(missing.statusCode).toBe(400);
      expect(JSON.parse(missing.body).error).toMatchObject({
        code: 'validation_error',
        details: [{ field: 'RawEmail' }],
      });
      await process();
      expect((await ticketsOf(org)).map((t) => [t.subject, t.channel])).toEqual([['Via Postmark', 'EMAIL']]);
      expect((await inboundRows(ctx, box.id))[0]).toMatchObject({ source: 'postmark', recipient: box.address });
    });

    it('checks the Mailgun signature (mailbox key, else MAILGUN_SIGNING_KEY) and its age', async () => {
      const org = await ctx.createOrg();
      const own = await createMailbox(org, { mailgun_signing_key: 'mailbox-key' });
      const shared = await createMailbox(org);
      const form = (key: string, raw: string, at = Math.floor(Date.now() / 1000)) => {
        const token = uniqueId('tok');
        const timestamp = String(at);
        const signature = createHmac('sha256', key)
          .update(timestamp + token)
          .digest('hex');
        return new URLSearchParams({ 'body-mime': raw, timestamp, token, signature, recipient: 'x@example.com' });
      };
      const post = (token: string, body: URLSearchParams) =>
        ctx.app.inject({
          method: 'POST',
          url: `/inbound/email/${token}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: body.toString(),
        });
      expect((await post(own.token, form('mailbox-key', rawMail({ subject: 'MG own' })))).statusCode).toBe(200);
      expect((await post(shared.token, form(MAILGUN_ENV_KEY, rawMail({ subject: 'MG env' })))).statusCode).toBe(200);
      // Wrong key, another mailbox's key, a stale timestamp, a missing signature: 401, nothing stored.
      const refused = [
        await post(own.token, form(MAILGUN_ENV_KEY, rawMail())),
        await post(shared.token, form('mailbox-key', rawMail())),
        await post(own.token, form('mailbox-key', rawMail(), Math.floor(Date.now() / 1000) - 3600)),
        await post(own.token, new URLSearchParams({ 'body-mime': rawMail() })),
      ];
      for (const res of refused) {
        expect(res.statusCode, res.body).toBe(401);
        expect(JSON.parse(res.body).error.code).toBe('unauthorized');
      }
      // A multipart form, as Mailgun's forward() posts it.
      const boundary = 'mgboundary';
      const fields = form('mailbox-key', rawMail({ subject: 'MG multipart' }));
      const multipart = `${[...fields.entries()]
        .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
        .join('')}--${boundary}--\r\n`;
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/inbound/email/${own.token}`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: multipart,
      });
      expect(res.statusCode, res.body).toBe(200);
      await process();
      expect((await ticketsOf(org)).map((t) => t.subject).sort()).toEqual(['MG env', 'MG multipart', 'MG own']);
      expect((await inboundRows(ctx, own.id)).length + (await inboundRows(ctx, shared.id)).length).toBe(3);
    });

    it('answers 404 for an unknown or rotated token, 415 for other bodies, 413 over the size limit', async () => {
      const org = await ctx.createOrg();
      const box = await createMailbox(org);
      for (const token of ['nope', 'x'.repeat(32), `${box.token.slice(0, -2)}zz`]) {
        const res = await postRaw(ctx, token, rawMail());
        expect(res.status).toBe(404);
        expect(res.body.error.code).toBe('not_found');
      }
      const rotated = await org.api.post(`/api/v1/mailboxes/${box.id}/rotate-inbound-token`);
      expect((await postRaw(ctx, box.token, rawMail())).status).toBe(404);
      expect((await postRaw(ctx, rotated.body.data.inbound_url.split('/').pop(), rawMail())).status).toBe(200);
      const text = await ctx.app.inject({
        method: 'POST',
        url: `/inbound/email/${box.token}`,
        headers: { 'content-type': 'text/plain' },
        payload: 'hi',
      });
      expect(text.statusCode).toBe(415);
      const big = await postRaw(
        ctx,
        rotated.body.data.inbound_url.split('/').pop(),
        rawMail({ body: 'x'.repeat(70_000) }),
      );
      expect(big.status).toBe(413);
      expect(big.body.error.code).toBe('payload_too_large');
      expect(await inboundRows(ctx, box.id)).toHaveLength(1);
    });

    it('keeps mail it cannot use as a failure, lists it for the admin only, and retries it', async () => {
      const org = await ctx.createOrg();
      const other = await ctx.createOrg();
      const box = await createMailbox(org);
      const raw = 'Subject: nobody sent this\r\nMessage-ID: <no-from@x>\r\n\r\nbody\r\n';
      expect((await postRaw(ctx, box.token, raw)).status).toBe(200);
      await process();
      const list = await org.api.get(`/api/v1/mailboxes/${box.id}/failures`);
      expect(list.status).toBe(200);
      expect(list.body.meta.pagination.total).toBe(1);
      expect(list.body.data[0]).toMatchObject({
        message_id: 'no-from@x',
        source: 'webhook',
        from: null,
        subject: 'nobody sent this',
        error: expect.stringContaining('sender'),
        attempt_count: 1,
      });
      const failureId = list.body.data[0].id;
      expect((await other.api.get(`/api/v1/mailboxes/${box.id}/failures`)).status).toBe(404);
      expect((await other.api.post(`/api/v1/mailboxes/${box.id}/failures/${failureId}/retry`)).status).toBe(404);
      const retry = await org.api.post(`/api/v1/mailboxes/${box.id}/failures/${failureId}/retry`);
      expect(retry.status).toBe(202);
      expect(retry.body.data).toEqual({ id: failureId, state: 'queued' });
      expect((await inboundRows(ctx, box.id))[0].state).toBe('queued');
      // A second retry of a message no longer failed is 404.
      expect((await org.api.post(`/api/v1/mailboxes/${box.id}/failures/${failureId}/retry`)).status).toBe(404);
      await process();
      expect((await inboundRows(ctx, box.id))[0].state).toBe('failed');
      expect(await ticketsOf(org)).toHaveLength(0);
    });
  },
  {
    env: {
      DATA_DIR: mkdtempSync(join(tmpdir(), 'helpdesk-mail-')),
      MAILGUN_SIGNING_KEY: MAILGUN_ENV_KEY,
      SMTP_INBOUND_MAX_BYTES: '65536',
    },
  },
);
