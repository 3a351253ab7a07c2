import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { openSqlite, withStatementCache } from './sqlite-connection.js';

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

describe('a long SQLite transaction', () => {
  it('lets the event loop take turns while it runs, and nothing else runs statements inside it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sqlite-turns-'));
    const database = openSqlite(join(dir, 'turns.db'), false);
    try {
      await sql`CREATE TABLE t (x INTEGER)`.execute(database.db);
      const turns: number[] = [];
      let inserted = 0;
      const done = database.transaction(async (trx) => {
        for (let i = 0; i < 3000; i++) {
          await sql`INSERT INTO t VALUES (${i})`.execute(trx);
          inserted++;
        }
      });
      // Timers fire between its statements; a statement from outside waits for its COMMIT.
      const timer = setInterval(() => turns.push(inserted), 1);
      const outside = sql<{ n: number }>`SELECT count(*) AS n FROM t`.execute(database.db);
      await done;
      clearInterval(timer);
      expect(turns.some((n) => n > 0 && n < 3000)).toBe(true);
      expect((await outside).rows[0].n).toBe(3000);
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
