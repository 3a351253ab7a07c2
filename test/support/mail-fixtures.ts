import type { TestContext, TestOrg } from './harness.js';

// Raw mail for the email channel's tests, written by hand so every header and byte is the test's
// choice, and the set-up of a mailbox with its inbound token.

export interface MailSpec {
  from?: string;
  to?: string;
  subject?: string;
  messageId?: string | null;
  inReplyTo?: string;
  references?: string;
  headers?: Record<string, string>;
  /** The body as written (after the blank line); plain text by default. */
  body?: string;
  contentType?: string;
  transferEncoding?: string;
}

let seq = 0;
export const uniqueId = (label = 'm') => `${label}-${Date.now()}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

export function rawMail(spec: MailSpec = {}): string {
  const lines = [
    `From: ${spec.from ?? 'Jane Doe <jane@customer.example>'}`,
    `To: ${spec.to ?? 'support@example.com'}`,
    `Subject: ${spec.subject ?? 'Help with my order'}`,
    'Date: Sat, 28 Nov 2026 03:00:00 +0000',
    'MIME-Version: 1.0',
  ];
  if (spec.messageId !== null) lines.push(`Message-ID: <${spec.messageId ?? `${uniqueId()}@customer.example`}>`);
  if (spec.inReplyTo) lines.push(`In-Reply-To: ${spec.inReplyTo}`);
  if (spec.references) lines.push(`References: ${spec.references}`);
  for (const [k, v] of Object.entries(spec.headers ?? {})) lines.push(`${k}: ${v}`);
  lines.push(`Content-Type: ${spec.contentType ?? 'text/plain; charset=utf-8'}`);
  if (spec.transferEncoding) lines.push(`Content-Transfer-Encoding: ${spec.transferEncoding}`);
  return `${lines.join('\r\n')}\r\n\r\n${spec.body ?? 'My order has not arrived.\r\n'}`;
}

export interface TestMailbox {
  id: string;
  address: string;
  token: string;
  org: TestOrg;
}

export async function createMailbox(org: TestOrg, body: Record<string, unknown> = {}): Promise<TestMailbox> {
  const address = `support-${uniqueId('box')}@example.com`.toLowerCase();
  const res = await org.api.post('/api/v1/mailboxes', { name: 'Support', address, ...body });
  if (res.status !== 201) throw new Error(`mailbox: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.data.id, address, token: res.body.data.inbound_url.split('/').pop(), org };
}

/** Posts a raw message to the inbound webhook. */
export async function postRaw(ctx: TestContext, token: string, raw: string | Buffer) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/inbound/email/${token}`,
    headers: { 'content-type': 'message/rfc822' },
    payload: typeof raw === 'string' ? Buffer.from(raw, 'utf8') : raw,
  });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined };
}

/** The organization's tickets (newest first) with their messages. */
export async function ticketsOf(org: TestOrg): Promise<any[]> {
  const list = await org.api.get('/api/v1/tickets?include_closed=true&limit=100');
  const out = [];
  for (const t of list.body.data) out.push((await org.api.get(`/api/v1/tickets/${t.id}`)).body.data);
  return out;
}

export const inboundRows = (ctx: TestContext, mailboxId: string) =>
  ctx.database.db
    .selectFrom('inbound_emails')
    .selectAll()
    .where('mailbox_id', '=', mailboxId)
    .orderBy('received_at')
    .execute();

/** One part of a multipart mail: headers as written, body as bytes (base64-encoded when `base64`). */
export interface MailPart {
  headers: string[];
  body: string | Buffer;
  base64?: boolean;
}

/** Base64 in 76-character lines, as mail clients write it. */
export const base64Lines = (bytes: Buffer): string => (bytes.toString('base64').match(/.{1,76}/g) ?? []).join('\r\n');

/** A multipart body (the part after the headers) with the given boundary. */
export function multipartBody(boundary: string, parts: MailPart[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const headers = [...part.headers, ...(part.base64 ? ['Content-Transfer-Encoding: base64'] : [])];
    chunks.push(Buffer.from(`--${boundary}\r\n${headers.join('\r\n')}\r\n\r\n`));
    const bytes = typeof part.body === 'string' ? Buffer.from(part.body, 'utf8') : part.body;
    chunks.push(part.base64 ? Buffer.from(base64Lines(bytes)) : bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** A whole multipart/mixed message: rawMail's headers, then the parts. */
export function multipartMail(spec: Omit<MailSpec, 'body' | 'contentType'>, parts: MailPart[]): Buffer {
  const boundary = `b-${uniqueId('part')}`;
  const head = rawMail({ ...spec, contentType: `multipart/mixed; boundary="${boundary}"`, body: '' });
  return Buffer.concat([Buffer.from(head), multipartBody(boundary, parts)]);
}
