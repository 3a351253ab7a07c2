import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import type Busboy from 'busboy';
import { AppError } from '../shared/errors.js';

// The bodies providers post to the inbound webhook, reduced to the raw message and the address it
// was delivered to:
//   - message/rfc822: the message itself (any relay or script: `curl --data-binary @mail.eml`);
//   - Postmark's inbound JSON, with "Include raw email content" on (RawEmail);
//   - Mailgun's forward() to a URL as `body-mime` (multipart/form-data or urlencoded), whose
//     signature (HMAC-SHA256 of timestamp + token under the signing key) is checked, and whose
//     timestamp must be recent.

export interface InboundBody {
  raw: Buffer;
  recipient: string | null;
  source: 'webhook' | 'postmark' | 'mailgun';
  /** Mailgun's signature fields, checked by the caller with the mailbox's key. */
  mailgun?: { timestamp: string; token: string; signature: string };
}

/** How far Mailgun's timestamp may be from now (replays of old requests are refused). */
export const MAILGUN_MAX_SKEW_MS = 5 * 60_000;

const bad = (message: string, field = 'body', issue = 'invalid') =>
  new AppError(400, 'validation_error', message, [{ field, issue }]);

/** Reads a multipart/form-data body's text fields (files are read as text too: body-mime may come as one). */
export async function readMultipart(
  stream: Readable,
  headers: Record<string, string | string[] | undefined>,
  limit: number,
): Promise<Record<string, string>> {
  // Loaded on the first form posted: most installations never receive one.
  const { default: createBusboy } = await import('busboy');
  return new Promise((resolve, reject) => {
    let busboy: Busboy.Busboy;
    try {
      busboy = createBusboy({
        headers: headers as Record<string, string>,
        limits: { fieldSize: limit, fileSize: limit },
      });
    } catch (err) {
      reject(bad(`the form body cannot be read: ${(err as Error).message}`));
      return;
    }
    const fields: Record<string, string> = {};
    busboy.on('field', (name, value, info) => {
      if (info.valueTruncated) reject(new AppError(413, 'payload_too_large', 'a form field is larger than the limit'));
      fields[name] = value;
    });
    busboy.on('file', (name, file) => {
      const chunks: Buffer[] = [];
      file.on('data', (c: Buffer) => chunks.push(c));
      file.on('limit', () => reject(new AppError(413, 'payload_too_large', 'a form file is larger than the limit')));
      file.on('end', () => {
        fields[name] ??= Buffer.concat(chunks).toString('utf8');
      });
    });
    busboy.on('error', (err) => reject(bad(`the form body cannot be read: ${(err as Error).message}`)));
    busboy.on('close', () => resolve(fields));
    stream.pipe(busboy);
  });
}

/** A Mailgun form (multipart or urlencoded fields) as an inbound body. */
export function mailgunBody(fields: Record<string, string>): InboundBody {
  const mime = fields['body-mime'];
  if (!mime)
    throw bad('a Mailgun post must carry body-mime (forward to a URL that ends in "mime")', 'body-mime', 'required');
  const { timestamp, token, signature } = fields;
  if (!timestamp || !token || !signature) throw new AppError(401, 'unauthorized', 'the Mailgun signature is missing');
  return {
    raw: Buffer.from(mime, 'utf8'),
    recipient: fields.recipient ?? null,
    source: 'mailgun',
    mailgun: { timestamp, token, signature },
  };
}

/** Postmark's inbound JSON as an inbound body (RawEmail is required). */
export function postmarkBody(json: unknown): InboundBody {
  const body = (json ?? {}) as Record<string, unknown>;
  if (typeof body.RawEmail !== 'string' || body.RawEmail === '') {
    throw bad(
      'the JSON body must carry RawEmail (Postmark: turn on "Include raw email content")',
      'RawEmail',
      'required',
    );
  }
  const recipient = typeof body.OriginalRecipient === 'string' ? body.OriginalRecipient : null;
  return { raw: Buffer.from(body.RawEmail, 'utf8'), recipient, source: 'postmark' };
}

/** Mailgun's check: HMAC-SHA256(signing key, timestamp + token) in hex, and a recent timestamp. */
export function checkMailgunSignature(
  key: string,
  fields: { timestamp: string; token: string; signature: string },
  now: number,
): void {
  const expected = createHmac('sha256', key)
    .update(fields.timestamp + fields.token)
    .digest();
  const given = Buffer.from(fields.signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new AppError(401, 'unauthorized', 'the Mailgun signature does not match');
  }
  const sent = Number(fields.timestamp) * 1000;
  if (!Number.isFinite(sent) || Math.abs(now - sent) > MAILGUN_MAX_SKEW_MS) {
    throw new AppError(401, 'unauthorized', 'the Mailgun timestamp is too old or in the future');
  }
}
