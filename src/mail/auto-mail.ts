// Which received mail was written by a machine rather than a person. Such mail never makes the
// service send anything and never reopens a ticket; a delivery report (a bounce) marks the reply it
// reports on as failed. The rules follow RFC 3834 (Auto-Submitted), the de facto Precedence and
// X-Autoreply headers, RFC 3464 delivery status reports, and the usual bounce senders.

export type MailKind = 'mail' | 'automatic' | 'bounce' | 'own';

export interface AutoMailInput {
  /** Header values by lowercase name. */
  header(name: string): string | undefined;
  /** The sender's address (From), lowercased; null when the mail has none. */
  from: string | null;
  /** The service's own addresses (every mailbox of the organization), lowercased. */
  ownAddresses: ReadonlySet<string>;
}

const AUTO_PRECEDENCE = new Set(['bulk', 'junk', 'list', 'auto_reply']);
const BOUNCE_SENDER = /^(mailer-daemon|postmaster)(\+.*)?@/i;

/** What kind of mail this is: ordinary, automatic, a bounce (delivery report) or the service's own. */
export function classifyMail({ header, from, ownAddresses }: AutoMailInput): MailKind {
  if (from !== null && ownAddresses.has(from)) return 'own';
  const contentType = header('content-type')?.toLowerCase() ?? '';
  if (/^multipart\/report\b/.test(contentType) && /report-type="?delivery-status/.test(contentType)) return 'bounce';
  if (from !== null && BOUNCE_SENDER.test(from)) return 'bounce';
  const returnPath = header('return-path')?.trim();
  if (returnPath === '<>') return 'bounce';
  const autoSubmitted = header('auto-submitted')?.trim().toLowerCase();
  if (autoSubmitted !== undefined && autoSubmitted !== '' && !autoSubmitted.startsWith('no')) return 'automatic';
  const precedence = header('precedence')?.trim().toLowerCase();
  if (precedence !== undefined && AUTO_PRECEDENCE.has(precedence)) return 'automatic';
  if (header('x-autoreply') !== undefined || header('x-autorespond') !== undefined) return 'automatic';
  return 'mail';
}
