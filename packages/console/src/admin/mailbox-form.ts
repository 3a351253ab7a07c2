import type { components } from '@helpdesk/sdk/browser';

// The mailbox form's state and the API body made from it: pure, so its rules are tested without a browser
// (test/console-logic.test.ts). Passwords and the Mailgun key are write-only: the form never holds a stored
// one, a field left empty keeps what the server has, and only a typed value is sent.

export type Mailbox = components['schemas']['Mailbox'];
export type Tls = 'implicit' | 'starttls' | 'none';

export interface ServerForm {
  enabled: boolean;
  host: string;
  port: string;
  tls: Tls;
  username: string;
  password: string;
}

export interface MailboxForm {
  name: string;
  address: string;
  fromName: string;
  imap: ServerForm & { folder: string };
  smtp: ServerForm;
  mailgunKey: string;
}

export const TLS_LABELS: Record<Tls, string> = {
  implicit: 'TLS from the start (ports 993, 465)',
  starttls: 'STARTTLS (ports 143, 587)',
  none: 'None (unencrypted)',
};

export function emptyMailboxForm(): MailboxForm {
  return {
    name: '',
    address: '',
    fromName: '',
    imap: { enabled: false, host: '', port: '993', tls: 'implicit', username: '', password: '', folder: 'INBOX' },
    smtp: { enabled: false, host: '', port: '587', tls: 'starttls', username: '', password: '' },
    mailgunKey: '',
  };
}

/** The form for editing a stored mailbox: its settings, every secret field empty. */
export function mailboxForm(mailbox: Mailbox): MailboxForm {
  const empty = emptyMailboxForm();
  return {
    name: mailbox.name,
    address: mailbox.address,
    fromName: mailbox.from_name ?? '',
    imap: mailbox.imap ? { ...mailbox.imap, enabled: true, port: String(mailbox.imap.port), password: '' } : empty.imap,
    smtp: mailbox.smtp
      ? {
          ...mailbox.smtp,
          enabled: true,
          port: String(mailbox.smtp.port),
          username: mailbox.smtp.username ?? '',
          password: '',
        }
      : empty.smtp,
    mailgunKey: '',
  };
}

type Body = components['schemas']['CreateMailboxInput'];

/**
 * The create or update body. Settings switched off are sent as null (on an update that removes them); an
 * empty password or key is left out, which on an update keeps the stored one.
 */
export function mailboxBody(form: MailboxForm): Body {
  const { imap, smtp } = form;
  const body: Body = {
    name: form.name.trim(),
    address: form.address.trim(),
    from_name: form.fromName.trim() || null,
    imap: imap.enabled
      ? {
          host: imap.host.trim(),
          port: Number(imap.port),
          tls: imap.tls,
          username: imap.username.trim(),
          folder: imap.folder.trim() || 'INBOX',
          ...(imap.password ? { password: imap.password } : {}),
        }
      : null,
    smtp: smtp.enabled
      ? {
          host: smtp.host.trim(),
          port: Number(smtp.port),
          tls: smtp.tls,
          username: smtp.username.trim() || null,
          ...(smtp.password ? { password: smtp.password } : {}),
        }
      : null,
  };
  if (form.mailgunKey) body.mailgun_signing_key = form.mailgunKey;
  return body;
}

/** What the console says after "Send test mail": the answer's recipient when it names one. */
export function testMailSentText(answer: unknown): string {
  const data = (answer as { data?: { to?: unknown; status?: unknown } } | undefined)?.data;
  const to = typeof data?.to === 'string' ? data.to : Array.isArray(data?.to) ? data.to.join(', ') : null;
  const verb = data?.status === 'queued' ? 'queued' : 'sent';
  return to ? `Test mail ${verb} to ${to}.` : `Test mail ${verb}.`;
}

/** The mailbox's receiving state, in words. */
export function mailboxStatusText(mailbox: Pick<Mailbox, 'status' | 'last_error' | 'imap' | 'last_polled_at'>) {
  if (mailbox.status === 'error') return `Error: ${mailbox.last_error ?? 'the last IMAP poll failed'}`;
  if (!mailbox.imap) return 'Active (receives through the inbound URL or the SMTP listener)';
  return 'Active';
}
