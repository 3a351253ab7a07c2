import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Session cookies and link tokens (setup, invitation, reset) are "<organization id>.<32 random bytes,
// base64url>". The organization part lets the service read the one row the token names within its
// organization (a primary-key read); the random part is the secret. Only the SHA-256 of the whole
// token is stored: a fast hash is right for 256 bits of entropy.

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const TOKEN_RE = new RegExp(`^(${UUID})\\.([A-Za-z0-9_-]{43})$`, 'i');

export function generateStaffToken(organizationId: string): string {
  return `${organizationId}.${randomBytes(32).toString('base64url')}`;
}

/** The organization a well-formed token names, or null: a malformed token is refused without a read. */
export function parseStaffToken(token: string): { organizationId: string; hash: string } | null {
  const match = TOKEN_RE.exec(token);
  if (!match) return null;
  return { organizationId: match[1].toLowerCase(), hash: hashStaffToken(token) };
}

export function hashStaffToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The session's CSRF token, derived from its cookie token (nothing more to store): the browser's
 * script learns it from the sign-in answer and sends it back as X-CSRF-Token, which a page of another
 * site cannot do. It reveals nothing about the cookie.
 */
export function csrfTokenFor(sessionToken: string): string {
  return createHmac('sha256', sessionToken).update('csrf').digest('base64url');
}

/** Constant-time comparison of two strings (different lengths are simply unequal). */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
