import { createHmac, randomBytes } from 'node:crypto';

// The delivery signatures receivers verify: interface.md's X-Webhook-Signature, and the Standard
// Webhooks webhook-signature (platform.md §5).

/** A new secret in the Standard Webhooks form: `whsec_` + base64 of 32 random bytes. */
export const newSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/** `sha256=<lowercase hex HMAC-SHA256 of the raw body bytes>` keyed with the webhook secret string. */
export function signatureHeader(secret: string, body: string | Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * The Standard Webhooks key of a secret: the text after `whsec_`, base64-decoded, as the
 * specification (and every verifier library given the secret exactly as the API returned it) does.
 * Secrets made before the switch are `whsec_` + 64 hex characters: hex digits are base64 characters,
 * so they decode too (to 48 bytes), and receivers need no special case.
 */
export function standardKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
}

/** `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">` for one secret. */
export function standardSignature(secret: string, id: string, timestampSeconds: number, body: string | Buffer): string {
  const mac = createHmac('sha256', standardKey(secret)).update(`${id}.${timestampSeconds}.`).update(body).digest('base64');
  return `v1,${mac}`;
}

/** The webhook-signature header: the current secret's signature, then the previous one's during an overlap. */
export function standardSignatureHeader(secrets: readonly string[], id: string, timestampSeconds: number, body: string | Buffer): string {
  return secrets.map((s) => standardSignature(s, id, timestampSeconds, body)).join(' ');
}
