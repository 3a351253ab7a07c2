import { describe, expect, it } from 'vitest';
import {
  BOOKKEEPING_INTERVAL_MS,
  BREAKER_THRESHOLD,
  MAX_ATTEMPTS,
  bookkeepingChanges,
  nextAttemptAt,
  summarizeAttempts,
  type WebhookBookkeeping,
} from './delivery-policy.js';

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

describe('webhook bookkeeping of a batch of attempts', () => {
  const ok = (webhookId: string, finishedAt: number) => ({ webhookId, success: true, finishedAt });
  const ko = (webhookId: string, finishedAt: number) => ({ webhookId, success: false, finishedAt });

  it('one entry per webhook, in webhook id order; none for an empty batch', () => {
    expect(summarizeAttempts([])).toEqual([]);
    expect(summarizeAttempts([ok('b', 1), ok('a', 2), ok('b', 3)]).map((s) => s.webhookId)).toEqual(['a', 'b']);
  });

  it('failures only: the count grows by all of them; the latest outcome and time are kept', () => {
    expect(summarizeAttempts([ko('w', 5), ko('w', 9), ko('w', 7)])).toEqual([
      { webhookId: 'w', reset: false, failures: 3, lastAt: 9, lastStatus: 'failed' },
    ]);
  });

  it('a success resets the count to the failures that finished after it, in finish order (not report order)', () => {
    expect(summarizeAttempts([ko('w', 1), ok('w', 2), ko('w', 3), ko('w', 4)])).toEqual([
      { webhookId: 'w', reset: true, failures: 2, lastAt: 4, lastStatus: 'failed' },
    ]);
    expect(summarizeAttempts([ko('w', 4), ok('w', 3), ko('w', 1)])).toEqual([
      { webhookId: 'w', reset: true, failures: 1, lastAt: 4, lastStatus: 'failed' },
    ]);
    expect(summarizeAttempts([ko('w', 1), ko('w', 2), ok('w', 3)])).toEqual([
      { webhookId: 'w', reset: true, failures: 0, lastAt: 3, lastStatus: 'success' },
    ]);
  });

  it('attempts finished in the same millisecond keep the order they were reported in', () => {
    expect(summarizeAttempts([ko('w', 5), ok('w', 5)])[0]).toMatchObject({
      reset: true,
      failures: 0,
      lastStatus: 'success',
    });
    expect(summarizeAttempts([ok('w', 5), ko('w', 5)])[0]).toMatchObject({
      reset: true,
      failures: 1,
      lastStatus: 'failed',
    });
  });

  it("does not reorder the caller's array", () => {
    const batch = [ko('w', 2), ok('w', 1)];
    summarizeAttempts(batch);
    expect(batch).toEqual([ko('w', 2), ok('w', 1)]);
  });

  it('keeps webhooks apart', () => {
    expect(summarizeAttempts([ko('a', 1), ok('b', 2), ko('a', 3)])).toEqual([
      { webhookId: 'a', reset: false, failures: 2, lastAt: 3, lastStatus: 'failed' },
      { webhookId: 'b', reset: true, failures: 0, lastAt: 2, lastStatus: 'success' },
    ]);
  });

  describe('whether the webhook row must be written', () => {
    const healthy = { failure_count: 0, last_delivery_status: 'success', last_delivery_at: 10_000 };
    const success = (lastAt: number): WebhookBookkeeping => ({
      webhookId: 'w',
      reset: true,
      failures: 0,
      lastAt,
      lastStatus: 'success',
    });

    it('a healthy webhook with a recent last delivery is left alone for BOOKKEEPING_INTERVAL_MS (1 s)', () => {
      expect(BOOKKEEPING_INTERVAL_MS).toBe(1_000);
      expect(bookkeepingChanges(healthy, success(10_000))).toBe(false);
      expect(bookkeepingChanges(healthy, success(11_000))).toBe(false);
      expect(bookkeepingChanges(healthy, success(11_001))).toBe(true);
      expect(bookkeepingChanges(healthy, success(10_500), 499)).toBe(true);
      expect(bookkeepingChanges(healthy, success(10_500), 500)).toBe(false);
    });

    it('every failure is written, however recent', () => {
      expect(
        bookkeepingChanges(healthy, {
          webhookId: 'w',
          reset: false,
          failures: 1,
          lastAt: 10_000,
          lastStatus: 'failed',
        }),
      ).toBe(true);
      expect(
        bookkeepingChanges(healthy, { webhookId: 'w', reset: true, failures: 1, lastAt: 10_000, lastStatus: 'failed' }),
      ).toBe(true);
    });

    it('a success after failures, a first delivery and a change of status are written', () => {
      expect(bookkeepingChanges({ ...healthy, failure_count: 3 }, success(10_000))).toBe(true);
      expect(bookkeepingChanges({ ...healthy, last_delivery_at: null, last_delivery_status: null }, success(1))).toBe(
        true,
      );
      expect(bookkeepingChanges({ ...healthy, last_delivery_at: null }, success(1))).toBe(true);
      expect(bookkeepingChanges({ ...healthy, last_delivery_status: 'failed' }, success(10_000))).toBe(true);
    });

    it('a reset that leaves the same count and status is not written while recent', () => {
      const state = { failure_count: 2, last_delivery_status: 'failed', last_delivery_at: 10_000 };
      expect(
        bookkeepingChanges(state, { webhookId: 'w', reset: true, failures: 2, lastAt: 10_100, lastStatus: 'failed' }),
      ).toBe(false);
      expect(
        bookkeepingChanges(state, { webhookId: 'w', reset: true, failures: 1, lastAt: 10_100, lastStatus: 'failed' }),
      ).toBe(true);
    });
  });
});
