import { describe, expect, it } from 'vitest';
import { createCappedTermHints, noCappedTermHints } from './capped-term-hints.js';

describe('capped term hints', () => {
  it('hints remember a capped search for their time-to-live and forget it once it is found not capped', () => {
    let now = 5_000;
    const hints = createCappedTermHints({ max: 2, ttlMs: 1_000, now: () => now });
    hints.note('a', true);
    expect([hints.wasCapped('a'), hints.wasCapped('b')]).toEqual([true, false]);
    now = 5_999;
    expect(hints.wasCapped('a')).toBe(true);
    now = 6_001;
    expect(hints.wasCapped('a')).toBe(false);
    hints.note('a', true);
    hints.note('a', false);
    expect(hints.wasCapped('a')).toBe(false);
    hints.note('a', true);
    hints.note('b', true);
    hints.note('c', true);
    expect(['a', 'b', 'c'].map((k) => hints.wasCapped(k))).toEqual([false, true, true]);
  });

  it('no hints: nothing is ever capped', () => {
    noCappedTermHints.note('a', true);
    expect(noCappedTermHints.wasCapped('a')).toBe(false);
  });
});
