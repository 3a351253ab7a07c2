import { describe, expect, it } from 'vitest';
import {
  codeAt,
  hashRecoveryCode,
  isRecoveryCode,
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
} from './staff-totp.js';

describe('TOTP', () => {
  const now = Date.parse('2026-11-28T00:00:10Z');
  it('matches the current code and one step of drift, to the step it was made for', () => {
    const secret = newTotpSecret();
    const step = Math.floor(now / 30_000);
    expect(matchingStep(secret, codeAt(secret, now), now)).toBe(step);
    expect(matchingStep(secret, codeAt(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchingStep(secret, codeAt(secret, now + 30_000), now)).toBe(step + 1);
    expect(matchingStep(secret, codeAt(secret, now - 120_000), now)).toBeNull();
    expect(matchingStep(secret, 'abcdef', now)).toBeNull();
  });

  it('makes ten distinct recovery codes whose hashes ignore case and spaces', () => {
    const { codes, hashes } = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    expect(codes.every(isRecoveryCode)).toBe(true);
    expect(hashRecoveryCode(` ${codes[0].toUpperCase()} `)).toBe(hashes[0]);
    expect(isRecoveryCode('123456')).toBe(false);
  });
});
