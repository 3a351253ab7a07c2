import type { Redis } from 'ioredis';

// Fixed-window counters for the rate limiter (rate-limit-plugin.ts): in-process, or in Redis so that
// every instance shares them.

export interface WindowCount {
  /** Requests counted in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends. */
  resetMs: number;
}

export interface CounterStore {
  /** Counts one request under key; null when the store cannot answer (the request passes). */
  increment(key: string, windowMs: number): Promise<WindowCount | null>;
  /** The current count without adding to it (0 when none). */
  peek(key: string, windowMs: number): Promise<WindowCount | null>;
  close(): Promise<void>;
}

/**
 * In-process counters, at most maxEntries of them. Entries sit in the Map in the order their window
 * began, so the first one is always the oldest: expired ones are dropped from the front, and only a
 * store still full of live windows drops a live one. What fills the store is decided by its callers:
 * per-key entries exist only for keys that authenticated, so nobody without many valid keys can push
 * another key's window out (an attacker filling the table with unauthenticated keys to evict real ones).
 */
export function memoryCounterStore(maxEntries: number, now: () => number = Date.now): CounterStore {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const live = (key: string) => {
    const entry = windows.get(key);
    if (entry && entry.endsAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return entry;
  };
  const evict = () => {
    for (const [key, entry] of windows) {
      if (windows.size < maxEntries && entry.endsAt > now()) return;
      windows.delete(key);
    }
  };
  return {
    async increment(key, windowMs) {
      let entry = live(key);
      if (!entry) {
        evict();
        entry = { count: 0, endsAt: now() + windowMs };
        windows.set(key, entry);
      }
      entry.count++;
      return { count: entry.count, resetMs: entry.endsAt - now() };
    },
    async peek(key, windowMs) {
      const entry = live(key);
      return entry ? { count: entry.count, resetMs: entry.endsAt - now() } : { count: 0, resetMs: windowMs };
    },
    async close() {
      windows.clear();
    },
  };
}

// One round trip: count, and start the window's expiry with its first request.
const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

/** Counters shared through Redis; a Redis error lets the request pass (null) rather than fail it. */
export function redisCounterStore(redis: Redis, prefix: string, onError: (err: unknown) => void): CounterStore {
  return {
    async increment(key, windowMs) {
      try {
        const [count, ttl] = (await redis.eval(INCREMENT, 1, prefix + key, String(windowMs))) as [number, number];
        return { count: Number(count), resetMs: Number(ttl) };
      } catch (err) {
        onError(err);
        return null;
      }
    },
    async peek(key, windowMs) {
      try {
        const [count, ttl] = await Promise.all([redis.get(prefix + key), redis.pttl(prefix + key)]);
        return { count: Number(count ?? 0), resetMs: ttl > 0 ? ttl : windowMs };
      } catch (err) {
        onError(err);
        return null;
      }
    },
    async close() {
      redis.disconnect();
    },
  };
}
