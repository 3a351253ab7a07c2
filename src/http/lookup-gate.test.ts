import { describe, expect, it } from 'vitest';
import { createLookupGate } from './lookup-gate.js';

describe('lookup gate', () => {
  it('lets a burst through, then one lookup per pace, per address', () => {
    const gate = createLookupGate({ maxEntries: 10, paceMs: 100, burst: 3 });
    expect([0, 0, 0].map(() => gate.admit('a', 1_000))).toEqual([null, null, null]);
    expect(gate.admit('a', 1_000)).toBe(100);
    expect(gate.admit('b', 1_000)).toBeNull();
    expect(gate.admit('a', 1_050)).toBe(50);
    expect(gate.admit('a', 1_100)).toBeNull();
    expect(gate.admit('a', 1_100)).toBe(100);
    // A quiet address gets its burst back.
    expect([0, 0, 0].map(() => gate.admit('a', 5_000))).toEqual([null, null, null]);
  });

  it('forgets the oldest addresses past its bound', () => {
    const gate = createLookupGate({ maxEntries: 2, paceMs: 100, burst: 1 });
    gate.admit('a', 0);
    gate.admit('b', 0);
    gate.admit('c', 0);
    expect(gate.admit('a', 0)).toBeNull();
  });
});
