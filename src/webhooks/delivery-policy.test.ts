import { describe, expect, it } from 'vitest';
import { BREAKER_THRESHOLD, MAX_ATTEMPTS, nextAttemptAt } from './delivery-policy.js';

describe('delivery policy', () => {
  it('retries after 1, 2, 4, 8 minutes and stops after the fifth attempt', () => {
    const delays = [60_000, 120_000, 240_000, 480_000];
    expect(nextAttemptAt(1, 1000, delays)).toBe(61_000);
    expect(nextAttemptAt(2, 1000, delays)).toBe(121_000);
    expect(nextAttemptAt(3, 1000, delays)).toBe(241_000);
    expect(nextAttemptAt(4, 1000, delays)).toBe(481_000);
    expect(nextAttemptAt(5, 1000, delays)).toBeNull();
  });

  it('keeps using the last delay when there are more attempts than delays', () => {
    expect(nextAttemptAt(4, 0, [50])).toBe(50);
    expect(nextAttemptAt(3, 500, [10, 20], 10)).toBe(520);
    expect(nextAttemptAt(9, 500, [10, 20], 10)).toBe(520);
    expect(nextAttemptAt(10, 500, [10, 20], 10)).toBeNull();
  });

  it('retries at once when no delays are configured', () => {
    expect(nextAttemptAt(1, 1234, [])).toBe(1234);
  });

  it('stops after MAX_ATTEMPTS attempts by default, or after the given maximum', () => {
    expect(MAX_ATTEMPTS).toBe(5);
    expect(nextAttemptAt(MAX_ATTEMPTS - 1, 0, [7])).toBe(7);
    expect(nextAttemptAt(MAX_ATTEMPTS, 0, [7])).toBeNull();
    expect(nextAttemptAt(MAX_ATTEMPTS + 1, 0, [7])).toBeNull();
    expect(nextAttemptAt(1, 0, [7], 1)).toBeNull();
    expect(nextAttemptAt(1, 0, [7], 2)).toBe(7);
  });

  it('closes a webhook after 10 failed attempts in a row', () => {
    expect(BREAKER_THRESHOLD).toBe(10);
  });
});
