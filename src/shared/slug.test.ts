import { describe, expect, it } from 'vitest';
import { isSlug, slugCandidates, slugify } from './slug.js';

describe('slugs', () => {
  it('folds accents, lowercases and joins words with single hyphens', () => {
    expect(slugify('Café Société — Support!')).toBe('cafe-societe-support');
    expect(slugify('  ACME   Inc. ')).toBe('acme-inc');
  });

  it('is at least 3 and at most 63 characters', () => {
    expect(slugify('日本')).toBe('org');
    expect(slugify('A', 'article')).toBe('a-article');
    const long = slugify('word '.repeat(40));
    expect(long.length).toBeLessThanOrEqual(63);
    expect(isSlug(long)).toBe(true);
  });

  it('offers numbered alternatives that stay valid', () => {
    const [first, second] = slugCandidates('x'.repeat(80));
    expect(first).toHaveLength(63);
    expect(second).toMatch(/-2$/);
    expect(second!.length).toBeLessThanOrEqual(63);
  });

  it('validates', () => {
    for (const ok of ['abc', 'my-org', 'a1-b2']) expect(isSlug(ok), ok).toBe(true);
    for (const bad of ['ab', '-abc', 'abc-', 'ABC', 'a_b', 'a--b', 'x'.repeat(64)])
      expect(isSlug(bad), bad).toBe(false);
  });
});
