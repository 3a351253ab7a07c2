import { describe, expect, it } from 'vitest';
import { csrfTokenFor, generateStaffToken, hashStaffToken, parseStaffToken, sameSecret } from './staff-token.js';

const ORG = '0f9e8d7c-6b5a-4321-8fed-cba987654321';

describe('staff tokens', () => {
  it('name their organization and hash to what is stored', () => {
    const token = generateStaffToken(ORG);
    expect(parseStaffToken(token)).toEqual({ organizationId: ORG, hash: hashStaffToken(token) });
    expect(generateStaffToken(ORG)).not.toBe(token);
  });

  it('refuse anything malformed without a hash to look up', () => {
    const token = generateStaffToken(ORG);
    for (const bad of ['', 'x', `${ORG}.short`, `not-a-uuid.${token.split('.')[1]}`, `${token}x`, `${token}.x`]) {
      expect(parseStaffToken(bad)).toBeNull();
    }
  });

  it('derive a stable CSRF token per session that differs between sessions', () => {
    const a = generateStaffToken(ORG);
    const b = generateStaffToken(ORG);
    expect(csrfTokenFor(a)).toBe(csrfTokenFor(a));
    expect(csrfTokenFor(a)).not.toBe(csrfTokenFor(b));
    expect(csrfTokenFor(a)).not.toContain(a.split('.')[1]);
  });

  it('compare secrets exactly', () => {
    expect(sameSecret('abc', 'abc')).toBe(true);
    expect(sameSecret('abc', 'abd')).toBe(false);
    expect(sameSecret('abc', 'abcd')).toBe(false);
  });
});
