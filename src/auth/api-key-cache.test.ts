import { describe, expect, it } from 'vitest';
import { createApiKeyCache } from './api-key-cache.js';

describe('api key cache', () => {
  it('returns a key until its time to live has passed, then forgets it', () => {
    const cache = createApiKeyCache<string>({ ttlMs: 100, maxEntries: 10 });
    cache.set('h', 'key', 1_000, cache.generation);
    expect(cache.get('h', 1_000)).toBe('key');
    expect(cache.get('h', 1_099)).toBe('key');
    expect(cache.get('h', 1_100)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('knows nothing it was not given', () => {
    const cache = createApiKeyCache<string>({ ttlMs: 100, maxEntries: 10 });
    expect(cache.get('other', 0)).toBeUndefined();
  });

  it('setting again renews the entry and its time to live', () => {
    const cache = createApiKeyCache<string>({ ttlMs: 100, maxEntries: 10 });
    cache.set('h', 'old', 0, cache.generation);
    cache.set('h', 'new', 50, cache.generation);
    expect(cache.get('h', 120)).toBe('new');
    expect(cache.size).toBe(1);
  });

  it('drops the oldest entry when full', () => {
    const cache = createApiKeyCache<string>({ ttlMs: 1_000, maxEntries: 2 });
    cache.set('a', 'A', 0, cache.generation);
    cache.set('b', 'B', 1, cache.generation);
    cache.set('a', 'A2', 2, cache.generation); // renewed: now the newest
    cache.set('c', 'C', 3, cache.generation);
    expect(cache.get('b', 4)).toBeUndefined();
    expect(cache.get('a', 4)).toBe('A2');
    expect(cache.get('c', 4)).toBe('C');
    expect(cache.size).toBe(2);
  });

  it('keeps its order of insertion on reads: a hit does not save the oldest entry from eviction', () => {
    const cache = createApiKeyCache<string>({ ttlMs: 1_000, maxEntries: 3 });
    for (const [i, h] of ['a', 'b', 'c'].entries()) cache.set(h, h.toUpperCase(), i, cache.generation);
    expect(cache.get('a', 3)).toBe('A');
    cache.set('d', 'D', 4, cache.generation);
    expect(cache.get('a', 5)).toBeUndefined();
    expect(['b', 'c', 'd'].map((h) => cache.get(h, 5))).toEqual(['B', 'C', 'D']);
    expect(cache.size).toBe(3);
  });

  it('an entry expires by the clock it is given, whatever the time of the process', () => {
    const cache = createApiKeyCache<string>({ ttlMs: 100, maxEntries: 10 });
    cache.set('h', 'key', 5_000_000, cache.generation);
    expect(cache.get('h', 5_000_099)).toBe('key');
    expect(cache.get('h', 5_000_100)).toBeUndefined();
    cache.set('h', 'key', 0, cache.generation);
    expect(cache.get('h', 99)).toBe('key');
  });

  it('refuses a key read before the last clear (a revocation committed meanwhile)', () => {
    const cache = createApiKeyCache<string>({ ttlMs: 1_000, maxEntries: 10 });
    const readAt = cache.generation;
    cache.clear();
    expect(cache.generation).not.toBe(readAt);
    cache.set('a', 'stale', 0, readAt);
    expect(cache.get('a', 1)).toBeUndefined();
    cache.set('a', 'fresh', 0, cache.generation);
    expect(cache.get('a', 1)).toBe('fresh');
  });

  it('clear forgets everything', () => {
    const cache = createApiKeyCache<string>({ ttlMs: 1_000, maxEntries: 10 });
    cache.set('a', 'A', 0, cache.generation);
    cache.set('b', 'B', 0, cache.generation);
    cache.clear();
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps nothing with a time to live or size of zero (caching switched off)', () => {
    const off = createApiKeyCache<string>({ ttlMs: 0, maxEntries: 10 });
    off.set('a', 'A', 0, off.generation);
    expect(off.get('a', 0)).toBeUndefined();
    const empty = createApiKeyCache<string>({ ttlMs: 1_000, maxEntries: 0 });
    empty.set('a', 'A', 0, empty.generation);
    expect(empty.size).toBe(0);
  });
});
