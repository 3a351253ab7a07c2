import { createHash, randomBytes } from 'node:crypto';
import { authenticator } from 'otplib';

// TOTP (RFC 6238: 30-second steps, 6 digits, SHA-1, as every authenticator app expects) and recovery
// codes. A code is accepted once: the step it matched is remembered and only later steps pass.

const STEP_MS = 30_000;
export const RECOVERY_CODE_COUNT = 10;

export function newTotpSecret(): string {
  return authenticator.generateSecret(20);
}

export function otpauthUrl(secret: string, account: string, issuer: string): string {
  return authenticator.keyuri(account, issuer, secret);
}

/** The step a code matches at `now` (one step of clock drift either way), or null. */
export function matchingStep(secret: string, code: string, now: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = authenticator.clone({ epoch: now, window: 1 }).checkDelta(code, secret);
  return delta === null ? null : Math.floor(now / STEP_MS) + delta;
}

/** The code of a secret at a time (tests and enrolment checks). */
export function codeAt(secret: string, at: number): string {
  return authenticator.clone({ epoch: at }).generate(secret);
}

/** Recovery codes as shown once ("xxxxx-xxxxx", lowercase base32-ish), and their hashes to store. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  return { codes, hashes: codes.map(hashRecoveryCode) };
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.trim().toLowerCase()).digest('hex');
}

/** Whether what the user typed looks like a recovery code rather than a TOTP code. */
export const isRecoveryCode = (code: string): boolean => /^[a-z0-9]{5}-[a-z0-9]{5}$/i.test(code.trim());
