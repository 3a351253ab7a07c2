import { LRUCache } from 'lru-cache';

// Recently authenticated keys, in process memory, so most requests authenticate without a database
// read. An entry lives at most `ttlMs`; any revocation clears the whole cache (in this process at
// once, in other processes when the revocation's notification arrives, else when entries expire).
// Only keys that authenticated are kept: unknown tokens always reach the database (and its rate
// limit), so they cannot fill the cache. Bounded: at `maxEntries` the oldest entry goes first.

export interface ApiKeyCache<K> {
  get(tokenHash: string, now: number): K | undefined;
  /**
   * Keeps the key, unless the cache was cleared since `generation` was read: a key read from the
   * database before a revocation committed must not be cached after that revocation cleared the cache.
   */
  set(tokenHash: string, key: K, now: number, generation: number): void;
  clear(): void;
  /** Changes with every clear(): read it before reading a key from the database. */
  readonly generation: number;
  readonly size: number;
}

export function createApiKeyCache<K>(options: { ttlMs: number; maxEntries: number }): ApiKeyCache<K> {
  const { ttlMs, maxEntries } = options;
  // Oldest first: entries are read with peek (a hit does not make an entry newer), set again when
  // renewed. Expiry is the entry's own, against the caller's clock (not LRUCache's ttl, which reads
  // performance.now()). A time to live or size of zero keeps nothing.
  const entries =
    ttlMs > 0 && maxEntries > 0 ? new LRUCache<string, { key: K; expiresAt: number }>({ max: maxEntries }) : null;
  let generation = 0;
  return {
    get(tokenHash, now) {
      const entry = entries?.peek(tokenHash);
      if (!entry) return undefined;
      if (entry.expiresAt <= now) {
        entries!.delete(tokenHash);
        return undefined;
      }
      return entry.key;
    },
    set(tokenHash, key, now, readAt) {
      if (!entries || readAt !== generation) return;
      entries.set(tokenHash, { key, expiresAt: now + ttlMs });
    },
    clear() {
      entries?.clear();
      generation++;
    },
    get generation() {
      return generation;
    },
    get size() {
      return entries?.size ?? 0;
    },
  };
}
