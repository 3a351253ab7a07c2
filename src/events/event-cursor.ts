import { createCipheriv, createDecipheriv, createHmac, timingSafeEqual } from 'node:crypto';

// The public form of a position in the event log. A position is shared by every organization (a
// global sequence on SQLite, transaction ids on PostgreSQL), so handing it out in the clear would tell
// a caller how much the others write. A cursor is therefore sealed: AES-256-GCM over the position,
// bound to the organization it was issued to (the associated data), under the installation's cursor
// key. It reveals nothing, cannot be forged or altered, and opens only for that organization.
//
// Sealing is deterministic (the nonce is an HMAC of the organization and the position, as in
// SIV-style schemes): one position gives one cursor, so a poll that finds nothing returns the cursor
// it was given, and a stream's event ids are stable. Equal cursors only ever tell their holder what
// it already knows (the same position of its own log). Pure, unit-tested.
//
// Layout: `evc_` + base64url(nonce 12 bytes | ciphertext 16 bytes | tag 16 bytes); the plaintext is
// xid (u64, big-endian; 0 on SQLite) then seq (u64).

export interface Position {
  /** PostgreSQL xid8 as decimal text ('0' on SQLite and before the first event). */
  xid: string;
  seq: number;
}

export const START: Position = { xid: '0', seq: 0 };

/** The two keys derived from the installation's cursor secret. */
export interface CursorKey {
  encryption: Buffer;
  nonce: Buffer;
}

/** Derives the cursor keys from the installation's secret (at least 32 random bytes). */
export function cursorKey(secret: Buffer): CursorKey {
  if (secret.length < 32) throw new Error('the cursor secret must hold at least 32 bytes');
  const derive = (purpose: string) => createHmac('sha256', secret).update(purpose).digest();
  return { encryption: derive('helpdesk event cursor: encryption'), nonce: derive('helpdesk event cursor: nonce') };
}

const PREFIX = 'evc_';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const PLAIN_BYTES = 16;
const SEALED = /^evc_([A-Za-z0-9_-]{59})$/;
const U64_MAX = 2n ** 64n - 1n;

const associatedData = (organizationId: string) => Buffer.from(`event cursor v1\0${organizationId}`, 'utf8');

function nonceFor(key: CursorKey, aad: Buffer, plain: Buffer): Buffer {
  return createHmac('sha256', key.nonce).update(aad).update(plain).digest().subarray(0, NONCE_BYTES);
}

function plaintext(p: Position): Buffer {
  const xid = BigInt(p.xid);
  if (xid < 0n || xid > U64_MAX || !Number.isSafeInteger(p.seq) || p.seq < 0) throw new Error('not a log position');
  const out = Buffer.alloc(PLAIN_BYTES);
  out.writeBigUInt64BE(xid, 0);
  out.writeBigUInt64BE(BigInt(p.seq), 8);
  return out;
}

/** The cursor naming position `p` of organization `organizationId`'s log. */
export function sealCursor(key: CursorKey, organizationId: string, p: Position): string {
  const aad = associatedData(organizationId);
  const plain = plaintext(p);
  const nonce = nonceFor(key, aad, plain);
  const cipher = createCipheriv('aes-256-gcm', key.encryption, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad);
  const sealed = Buffer.concat([nonce, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  return PREFIX + sealed.toString('base64url');
}

/**
 * The position a cursor names, or null unless this installation sealed it for this organization
 * (another organization's cursor, an altered or made-up one, one of another installation).
 */
export function openCursor(key: CursorKey, organizationId: string, raw: string): Position | null {
  const m = SEALED.exec(raw);
  if (!m) return null;
  const bytes = Buffer.from(m[1], 'base64url');
  // Canonical form only: stray bits in the last character would give a second spelling.
  if (bytes.length !== NONCE_BYTES + PLAIN_BYTES + TAG_BYTES || bytes.toString('base64url') !== m[1]) return null;
  const nonce = bytes.subarray(0, NONCE_BYTES);
  const aad = associatedData(organizationId);
  let plain: Buffer;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.encryption, nonce, { authTagLength: TAG_BYTES });
    decipher.setAAD(aad);
    decipher.setAuthTag(bytes.subarray(NONCE_BYTES + PLAIN_BYTES));
    plain = Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES, NONCE_BYTES + PLAIN_BYTES)), decipher.final()]);
  } catch {
    return null; // the tag does not verify
  }
  // Only the nonce sealCursor would have chosen: one cursor per position.
  if (!timingSafeEqual(nonce, nonceFor(key, aad, plain))) return null;
  const seq = plain.readBigUInt64BE(8);
  if (seq > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return { xid: plain.readBigUInt64BE(0).toString(), seq: Number(seq) };
}
