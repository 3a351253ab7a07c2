import { createHash, randomBytes } from 'node:crypto';

// Tokens are "hdk_" + 32 random bytes (base64url). Only the SHA-256 of the whole token is stored;
// a fast hash is right here because the token itself carries 256 bits of entropy.
export const TOKEN_PREFIX = 'hdk_';

export function generateToken(): string {
  return TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The part of a token that may be shown again later to recognise it (never enough to use it). */
export function displayPrefix(token: string): string {
  return token.slice(0, TOKEN_PREFIX.length + 6);
}
