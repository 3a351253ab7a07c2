import { createHash } from 'node:crypto';
import type { Address, Email } from 'postal-mime';

// A received message as the email channel uses it: decoded (character sets and transfer encodings by
// postal-mime), the new text of a reply separated from quoted history and signatures
// (email-reply-parser), HTML-only mail turned into text (html-to-text), and the identifiers that
// thread it. Everything here is text: nothing from the mail is ever interpreted as HTML later.
// The three libraries are loaded on the first message parsed: a process that never receives mail
// (the delivery worker thread, most servers' start) does not pay for them.

const libraries = () =>
  Promise.all([import('postal-mime'), import('html-to-text'), import('email-reply-parser')]).then(
    ([postal, html, reply]) => ({ PostalMime: postal.default, convert: html.convert, EmailReplyParser: reply.default }),
  );
let loaded: ReturnType<typeof libraries> | null = null;

/** Longest message content kept (characters); the complete message stays in the stored raw mail. */
export const MAX_CONTENT_CHARS = 100_000;
export const MAX_SUBJECT_CHARS = 500;

export interface ParsedAttachment {
  filename: string | null;
  contentType: string;
  disposition: string | null;
  contentId: string | null;
  content: Uint8Array;
}

/** A parsed message as plain data (what a parsing thread can post back): headers as a record. */
export type ParsedMailData = Omit<ParsedMail, 'header'> & {
  /** Each header's first value, by lower-case name. */
  headers: Record<string, string>;
};

export interface ParsedMail {
  /** Message-ID without angle brackets, or null. */
  messageId: string | null;
  /** In-Reply-To and References, without angle brackets, most recent first. */
  referencedIds: string[];
  from: { address: string; name: string } | null;
  /** Every recipient address (To, Cc, Delivered-To), as written. */
  recipients: string[];
  subject: string;
  /** The whole text of the mail (HTML-only mail converted). */
  fullText: string;
  /** The new text: quoted history and signature removed when the parser finds them, else the whole text. */
  content: string;
  header(name: string): string | undefined;
  attachments: ParsedAttachment[];
  /** Message-IDs of the messages a delivery report is about (from its attached original or headers). */
  reportedIds: string[];
}

/** The ids inside angle brackets of a header value (Message-ID, In-Reply-To, References). */
export function messageIds(value: string | undefined): string[] {
  if (!value) return [];
  const ids = [...value.matchAll(/<([^<>\s]+)>/g)].map((m) => m[1]);
  // A bare id (no brackets), as some clients write In-Reply-To.
  if (ids.length === 0 && /^[^\s<>]+@[^\s<>]+$/.test(value.trim())) return [value.trim()];
  return ids;
}

/** The key a message is stored under: its Message-ID, or a hash of its bytes when it has none. */
export function storageKey(messageId: string | null, raw: Uint8Array): string {
  return messageId ?? `sha256:${createHash('sha256').update(raw).digest('hex')}`;
}

/** Only the header block of a raw message (for reading its Message-ID before a full parse). */
export function headerMessageId(raw: Uint8Array): string | null {
  const head = Buffer.from(raw.subarray(0, Math.min(raw.length, 256 * 1024))).toString('latin1');
  const end = head.search(/\r?\n\r?\n/);
  const block = (end >= 0 ? head.slice(0, end) : head).replace(/\r?\n[ \t]+/g, ' ');
  const line = /^message-id:[ \t]*(.*)$/im.exec(block);
  return line ? (messageIds(line[1])[0] ?? null) : null;
}

/**
 * Text a sender's client labelled with a single-byte character set but wrote in UTF-8 ("Ã©" for "é"):
 * read back as UTF-8 when that gives valid text.
 */
export function repairMislabelledUtf8(text: string): string {
  // Only text that is all Latin-1 can have come from a Latin-1 reading of UTF-8 bytes.
  if (!/[ÃÂ][\u0080-\u00bf]/.test(text) || [...text].some((c) => c.charCodeAt(0) > 0xff)) return text;
  const repaired = Buffer.from(text, 'latin1').toString('utf8');
  return repaired.includes('\ufffd') ? text : repaired;
}

// Windows-1252's characters at 0x80–0x9F (curly quotes, dashes, €, …). Mail labelled ISO-8859-1 is
// very often Windows-1252, and the decoder leaves those bytes as C1 control characters, which text
// never means: they are read as Windows-1252 instead (the WHATWG Encoding Standard does the same).
const CP1252_C1 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

export function repairC1Controls(text: string): string {
  // NUL bytes too: never text, and PostgreSQL's text type refuses them.
  return text.replace(/[\u0080-\u009f]/g, (c) => CP1252_C1[c.charCodeAt(0) - 0x80] ?? c).replaceAll('\u0000', '');
}

type Libraries = Awaited<ReturnType<typeof libraries>>;

const htmlToText = ({ convert }: Libraries, html: string) =>
  convert(html, {
    wordwrap: false,
    selectors: [
      { selector: 'img', format: 'skip' },
      { selector: 'a', options: { ignoreHref: true } },
    ],
  });

const mailboxes = (list: Address[] | undefined): string[] =>
  (list ?? []).flatMap((a) => (a.group ? a.group.map((m) => m.address) : [a.address])).filter(Boolean);

function newText({ EmailReplyParser }: Libraries, full: string): string {
  let reply = '';
  try {
    reply = new EmailReplyParser().parseReply(full);
  } catch {
    reply = '';
  }
  return reply.trim() === '' ? full : reply;
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function reportedIds(email: Email): string[] {
  const ids: string[] = [];
  for (const a of email.attachments) {
    if (!/^(message\/rfc822|text\/rfc822-headers|message\/rfc822-headers)$/.test(a.mimeType)) continue;
    const text = typeof a.content === 'string' ? a.content : Buffer.from(a.content as ArrayBuffer).toString('utf8');
    const line = /^message-id:[ \t]*(.*)$/im.exec(text.replace(/\r?\n[ \t]+/g, ' '));
    if (line) ids.push(...messageIds(line[1]));
  }
  return ids;
}

/**
 * Message-ID header lines inside the body of a message (a delivery report's copy of the original,
 * however the report nests it). Only used for reports: a person's mail may quote such lines too.
 */
function bodyMessageIds(raw: Uint8Array): string[] {
  const text = Buffer.from(raw.subarray(0, Math.min(raw.length, 1024 * 1024))).toString('latin1');
  const start = text.search(/\r?\n\r?\n/);
  if (start < 0) return [];
  const body = text.slice(start).replace(/\r?\n[ \t]+/g, ' ');
  return [...body.matchAll(/^message-id:[ \t]*(.*)$/gim)].flatMap((m) => messageIds(m[1]));
}

/** Parses a raw message; throws on a message that cannot be read at all (kept as a failure). */
export async function parseMail(raw: Uint8Array): Promise<ParsedMail> {
  return withHeaderLookup(await parseMailData(raw));
}

/** ParsedMail from its plain data. */
export function withHeaderLookup(data: ParsedMailData): ParsedMail {
  const { headers, ...rest } = data;
  return {
    ...rest,
    header: (name) => (Object.hasOwn(headers, name.toLowerCase()) ? headers[name.toLowerCase()] : undefined),
  };
}

/** parseMail as plain data. */
export async function parseMailData(raw: Uint8Array): Promise<ParsedMailData> {
  loaded ??= libraries();
  const libs = await loaded;
  // Attached messages (forwarded as attachments, a delivery report's original) stay files of their own.
  const email = await libs.PostalMime.parse(raw, { attachmentEncoding: 'arraybuffer', forceRfc822Attachments: true });
  const headers: Record<string, string> = Object.create(null);
  for (const h of email.headers) if (!(h.key in headers)) headers[h.key] = h.value;
  const from = email.from && !email.from.group && email.from.address ? email.from : null;
  const plain = email.text?.trim() ? email.text : email.html ? htmlToText(libs, email.html) : '';
  const fullText = repairC1Controls(repairMislabelledUtf8(plain.replace(/\r\n/g, '\n'))).trim();
  const subject = repairC1Controls(repairMislabelledUtf8((email.subject ?? '').replace(/\s+/g, ' ').trim()));
  const referenced = [...messageIds(email.inReplyTo), ...messageIds(email.references).reverse()];
  return {
    messageId: messageIds(email.messageId)[0] ?? null,
    referencedIds: [...new Set(referenced)],
    from: from
      ? { address: from.address.trim(), name: repairMislabelledUtf8(from.name.trim()).replaceAll('\u0000', '') }
      : null,
    recipients: [...mailboxes(email.to), ...mailboxes(email.cc), ...(email.deliveredTo ? [email.deliveredTo] : [])],
    subject: cut(subject, MAX_SUBJECT_CHARS) || '(no subject)',
    fullText,
    content: cut(newText(libs, fullText).trim(), MAX_CONTENT_CHARS),
    headers,
    attachments: email.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.mimeType,
      disposition: a.disposition,
      contentId: a.contentId ?? null,
      content:
        typeof a.content === 'string' ? Buffer.from(a.content, 'utf8') : new Uint8Array(a.content as ArrayBuffer),
    })),
    reportedIds: [...new Set([...reportedIds(email), ...bodyMessageIds(raw)])].filter(
      (id) => id !== messageIds(email.messageId)[0],
    ),
  };
}
