import { randomBytes } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import { AppError, notFound, validationError } from '../shared/errors.js';
import { pathUuid } from '../shared/ids.js';
import { isMailAddress } from './mail-address.js';
import { smtpOptions } from './mail-transports.js';
import type { MailboxService, SmtpSettings } from './mailbox-service.js';
import { displayName, htmlOf } from './outbound-message.js';

// "Send a test mail" of a mailbox (admin): one mail from the mailbox, through the SMTP server its
// replies would use (its own settings, else SMTP_URL), sent directly rather than queued, so the answer
// says at once whether that server accepted it and, if not, what it said. Short timeouts keep the
// request within a client's patience; the connection is not pooled (one mail, then closed).

export interface TestMailDeps {
  mailboxes: Pick<MailboxService, 'byId' | 'openSecret'>;
  /** SMTP_URL: how mailboxes without SMTP settings send. */
  smtpUrl: string | null;
}

export interface TestMailResult {
  status: 'sent' | 'failed';
  from: string;
  to: string;
  message_id: string;
  /** The receiving server's answer (sent), or why it failed. */
  response: string | null;
  error: string | null;
}

const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

const noWayToSend = () =>
  new AppError(409, 'conflict', 'the mailbox has no SMTP settings and SMTP_URL is not set: there is no way to send');

export function createTestMailer({ mailboxes, smtpUrl }: TestMailDeps) {
  return {
    /** Sends the test mail to `to` and answers whether the server accepted it. */
    async send(organizationId: string, rawMailboxId: string, to: string): Promise<TestMailResult> {
      const mailbox = await mailboxes.byId(organizationId, pathUuid(rawMailboxId, 'mailbox'));
      if (!mailbox) throw notFound('mailbox');
      const recipient = to.trim();
      if (!isMailAddress(recipient.toLowerCase()))
        throw validationError('to must be a mail address', 'to', 'invalid_format');
      let transport: Transporter;
      if (mailbox.smtp !== null) {
        const smtp = JSON.parse(mailbox.smtp) as SmtpSettings;
        const password = mailbox.smtp_password === null ? null : await mailboxes.openSecret(mailbox.smtp_password);
        transport = nodemailer.createTransport({ ...smtpOptions(smtp, password), pool: false, ...TIMEOUTS });
      } else if (smtpUrl) {
        transport = nodemailer.createTransport({ url: smtpUrl, ...TIMEOUTS } as never);
      } else {
        throw noWayToSend();
      }
      const domain = mailbox.address.slice(mailbox.address.lastIndexOf('@') + 1);
      const messageId = `<test.${randomBytes(12).toString('hex')}@${domain}>`;
      const text =
        `This is a test mail from the mailbox "${mailbox.name}" (${mailbox.address}).\n` +
        'It was sent through the SMTP server that replies from this mailbox use: if you can read it, sending works.';
      const base = { from: mailbox.address, to: recipient, message_id: messageId };
      try {
        const info = await transport.sendMail({
          from: { name: displayName(null, mailbox.from_name), address: mailbox.address },
          to: recipient,
          subject: `Test mail from ${mailbox.name}`,
          messageId,
          // Marked automatic: auto-responders do not answer it, and it opens no ticket if it comes back.
          headers: { 'Auto-Submitted': 'auto-generated' },
          text,
          html: htmlOf(text),
          envelope: { from: mailbox.address, to: recipient },
        });
        return { ...base, status: 'sent', response: String(info.response ?? ''), error: null };
      } catch (err) {
        return {
          ...base,
          status: 'failed',
          response: null,
          error: (err instanceof Error ? err.message : String(err)).slice(0, 1000),
        };
      } finally {
        transport.close();
      }
    },
  };
}

export type TestMailer = ReturnType<typeof createTestMailer>;
