import { randomBytes, randomUUID } from 'node:crypto';
import { notFound } from './errors.js';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const newId = (): string => randomUUID();

let lastMs = 0;
let counter = 0;

/**
 * A UUID version 7 (RFC 9562): the millisecond time, then a 12-bit counter, so that ids made by this
 * process sort in the order they were made, within one millisecond too. Customers are listed by
 * (created_at, id) descending: rows created in the same millisecond (or under a frozen clock) keep
 * their creation order. Ids remain opaque UUIDs to clients.
 */
export function newTimeOrderedId(now: number = Date.now()): string {
  if (now > lastMs) {
    lastMs = now;
    counter = 0;
  } else if (++counter > 0xfff) {
    lastMs += 1; // counter exhausted: borrow the next millisecond
    counter = 0;
  }
  const b = randomBytes(16);
  const ms = BigInt(lastMs);
  for (let i = 0; i < 6; i++) b[i] = Number((ms >> BigInt(8 * (5 - i))) & 0xffn);
  b[6] = 0x70 | (counter >> 8);
  b[7] = counter & 0xff;
  b[8] = 0x80 | (b[8]! & 0x3f);
  const hex = b.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const isUuid = (value: string): boolean => UUID_RE.test(value);

/** The canonical (lower-case) form of a UUID, or null when raw is not one. */
export const normalizeUuid = (raw: string): string | null => (UUID_RE.test(raw) ? raw.toLowerCase() : null);

/**
 * A path id that must be a UUID: its canonical form, or a 404 naming `what`. Anything that is not a
 * UUID cannot name such a resource, so it is "not found" rather than a validation error.
 */
export function pathUuid(raw: string, what: string): string {
  const id = normalizeUuid(raw);
  if (!id) throw notFound(what);
  return id;
}

/** How emails are compared (unique per organization regardless of case): trimmed, lower-cased. */
export const emailKey = (email: string): string => email.trim().toLowerCase();
