import { createHmac } from 'node:crypto';

// The delivery signature receivers verify.

/** `sha256=<lowercase hex HMAC-SHA256 of the raw body bytes>` keyed with the webhook secret. */
export function signatureHeader(secret: string, body: string | Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}
