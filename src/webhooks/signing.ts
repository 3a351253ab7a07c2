import { createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { LRUCache } from 'lru-cache';

// The delivery signatures receivers verify: X-Webhook-Signature (sha256=<hex HMAC of the body>), and the
// Standard Webhooks webhook-signature (v1,<base64 HMAC of id.timestamp.body>). Both are required on every
// delivery, so each delivery costs two HMACs; what is per webhook (the keys) is prepared once per secret, not
// per delivery.

/** A new secret in the Standard Webhooks form: `whsec_` + base64 of 32 random bytes. */
export const newSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/**
 * The Standard Webhooks key of a secret: the text after `whsec_`, base64-decoded, as the
 * specification (and every verifier library given the secret exactly as the API returned it) does.
 * Secrets made before the switch are `whsec_` + 64 hex characters: hex digits are base64 characters,
 * so they decode too (to 48 bytes), and receivers need no special case.
 */
export function standardKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
}

interface SecretKeys {
  /** X-Webhook-Signature: keyed with the secret string's UTF-8 bytes. */
  legacy: KeyObject;
  /** webhook-signature: keyed with standardKey(secret). */
  standard: KeyObject;
}

/** Most secrets whose keys are kept (a webhook's secret is used for every one of its deliveries). */
const KEY_CACHE_SIZE = 1_000;
const keyCache = new LRUCache<string, SecretKeys>({ max: KEY_CACHE_SIZE });

/**
 * A secret's two HMAC keys as KeyObjects, made once per secret: a key given as a string is encoded
 * (and the Standard Webhooks one base64-decoded) by every createHmac otherwise. A rotated secret is
 * a new entry; the least recently used entries make room.
 */
export function secretKeys(secret: string): SecretKeys {
  let keys = keyCache.get(secret);
  if (!keys) {
    keys = { legacy: createSecretKey(Buffer.from(secret, 'utf8')), standard: createSecretKey(standardKey(secret)) };
    keyCache.set(secret, keys);
  }
  return keys;
}

/** `sha256=<lowercase hex HMAC-SHA256 of the raw body bytes>` keyed with the webhook secret string. */
export function signatureHeader(secret: string, body: string | Buffer): string {
  return `sha256=${createHmac('sha256', secretKeys(secret).legacy).update(body).digest('hex')}`;
}

/** `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">` for one secret. */
export function standardSignature(secret: string, id: string, timestampSeconds: number, body: string | Buffer): string {
  const mac = createHmac('sha256', secretKeys(secret).standard)
    .update(`${id}.${timestampSeconds}.`)
    .update(body)
    .digest('base64');
  return `v1,${mac}`;
}

/** The webhook-signature header: the current secret's signature, then the previous one's during an overlap. */
export function standardSignatureHeader(
  secrets: readonly string[],
  id: string,
  timestampSeconds: number,
  body: string | Buffer,
): string {
  // One secret but for a rotation's overlap: no array to map and join.
  if (secrets.length === 1) return standardSignature(secrets[0], id, timestampSeconds, body);
  return secrets.map((s) => standardSignature(s, id, timestampSeconds, body)).join(' ');
}
