import { LRUCache } from 'lru-cache';

/**
 * Searches found capped lately (more than TOTAL_CAP matches), per organization, filter and term. A hint
 * for speed only, never an answer: on PostgreSQL a search whose last run was capped starts its page
 * walk beside the count instead of after it (pgIndexedSearch), and the count still decides what is
 * answered, so a stale hint costs one wasted walk and nothing else.
 */
export interface CappedTermHints {
  /** True when the last search under `key`, within the time-to-live, was capped. */
  wasCapped(key: string): boolean;
  /** Records what a search under `key` found. */
  note(key: string, capped: boolean): void;
}

/** At most `max` keys, each forgotten `ttlMs` after it was last noted capped (`now`: milliseconds, for tests). */
export function createCappedTermHints({
  max = 1_000,
  ttlMs = 60_000,
  now,
}: {
  max?: number;
  ttlMs?: number;
  now?: () => number;
} = {}): CappedTermHints {
  // ttlResolution 0: every read asks the clock (the default keeps a reading for a millisecond, past a test clock).
  const capped = new LRUCache<string, true>({ max, ttl: ttlMs, ttlResolution: 0, ...(now ? { perf: { now } } : {}) });
  return {
    wasCapped: (key) => capped.get(key) === true,
    note: (key, isCapped) => {
      if (isCapped) capped.set(key, true);
      else capped.delete(key);
    },
  };
}

/** No hints: every search counts first (tests, and callers without a service). */
export const noCappedTermHints: CappedTermHints = { wasCapped: () => false, note: () => undefined };
