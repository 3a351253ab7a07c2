import SQLite from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { withStatementCache } from './sqlite-connection.js';

describe('SQLite statement cache', () => {
  const setup = (max: number) => {
    const sqlite = new SQLite(':memory:');
    const prepare = vi.spyOn(sqlite, 'prepare');
    const writes = { count: 0 };
    return { cache: withStatementCache(sqlite, writes, max), prepare, writes, sqlite };
  };

  it('prepares a text once and reuses it; a statement that may write counts in writes when it runs', () => {
    const { cache, prepare, writes, sqlite } = setup(10);
    expect(cache.prepare('SELECT 1 AS one').all()).toEqual([{ one: 1 }]);
    expect(cache.prepare('SELECT 1 AS one')).toBe(cache.prepare('SELECT 1 AS one'));
    expect(prepare).toHaveBeenCalledTimes(1);
    expect(writes.count).toBe(0);
    cache.prepare('CREATE TABLE t (x)').run();
    cache.prepare('INSERT INTO t VALUES (?)').run(1);
    expect(writes.count).toBe(2);
    sqlite.close();
  });

  it('keeps at most `max` texts, the oldest prepared dropped first even when just used', () => {
    const { cache, prepare, sqlite } = setup(2);
    cache.prepare('SELECT 1');
    cache.prepare('SELECT 2');
    cache.prepare('SELECT 1'); // a hit: still the oldest
    cache.prepare('SELECT 3');
    expect(prepare).toHaveBeenCalledTimes(3);
    cache.prepare('SELECT 2');
    cache.prepare('SELECT 3');
    expect(prepare).toHaveBeenCalledTimes(3);
    cache.prepare('SELECT 1');
    expect(prepare).toHaveBeenCalledTimes(4);
    sqlite.close();
  });
});
