import { describe, expect, it } from 'vitest';
import { addressKey, isMailAddress, routeKeys, splitPlusAddress } from './mail-address.js';

describe('mail addresses', () => {
  it('accepts plain addresses and refuses anything else', () => {
    expect(isMailAddress('support@example.com')).toBe(true);
    expect(isMailAddress('a.b+c@mail.example.co.uk')).toBe(true);
    for (const bad of [
      '',
      'support',
      'a@b',
      'a b@example.com',
      '<a@example.com>',
      'a@@example.com',
      `${'x'.repeat(250)}@a.com`,
    ])
      expect(isMailAddress(bad), bad).toBe(false);
  });

  it('compares case-insensitively and folds plus tags (keeping the tag as written)', () => {
    expect(addressKey(' Support@Example.COM ')).toBe('support@example.com');
    expect(splitPlusAddress('Support+AbC.1@Example.com')).toEqual({ base: 'support@example.com', tag: 'AbC.1' });
    expect(splitPlusAddress('support@example.com')).toEqual({ base: 'support@example.com', tag: null });
    expect(splitPlusAddress('+x@example.com')).toEqual({ base: '+x@example.com', tag: null });
    expect(routeKeys('Support+t@Example.com')).toEqual(['support+t@example.com', 'support@example.com']);
    expect(routeKeys('support@example.com')).toEqual(['support@example.com']);
  });
});
