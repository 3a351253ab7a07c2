import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  isLockBusy,
  LOCK_WAIT_MS,
  LockWaitingSqliteDialect,
  retryWhileLocked,
  writersWaiting,
} from './sqlite-lock-wait.js';

const busy = (code = 'SQLITE_BUSY') => Object.assign(new Error('database is locked'), { code });

/** A fake clock whose sleeps advance it, recording each pause. */
function fakeTime() {
  let t = 1_000;
  const pauses: number[] = [];
  return {
    pauses,
    options: {
      now: () => t,
      sleep: async (ms: number) => {
        pauses.push(ms);
        t += ms;
      },
    },
  };
}

describe('isLockBusy', () => {
  it('is SQLITE_BUSY and its extended codes, nothing else', () => {
    expect(isLockBusy(busy())).toBe(true);
    expect(isLockBusy(busy('SQLITE_BUSY_SNAPSHOT'))).toBe(true);
    expect(isLockBusy(busy('SQLITE_BUSYX'))).toBe(false);
    expect(isLockBusy(busy('SQLITE_LOCKED'))).toBe(false);
    expect(isLockBusy(busy('XSQLITE_BUSY'))).toBe(false);
    expect(isLockBusy({ code: 5 })).toBe(false);
    expect(isLockBusy(null)).toBe(false);
    expect(isLockBusy(undefined)).toBe(false);
  });
});

describe('retryWhileLocked', () => {
  it('returns the first result that is not refused, pausing 1, 2, then 4 ms between tries', async () => {
    const time = fakeTime();
    let tries = 0;
    const result = await retryWhileLocked(() => {
      tries++;
      if (tries < 5) throw busy();
      return 'done';
    }, time.options);
    expect(result).toBe('done');
    expect(tries).toBe(5);
    expect(time.pauses).toEqual([1, 2, 4, 4]);
  });

  it('with the error of a try already made, pauses before its first run', async () => {
    const time = fakeTime();
    let tries = 0;
    const result = await retryWhileLocked(async () => ++tries, time.options, busy());
    expect(result).toBe(1);
    expect(time.pauses).toEqual([1]);
  });

  it('throws any other error at once, without pausing (an earlier refusal does not change that)', async () => {
    const time = fakeTime();
    const other = Object.assign(new Error('constraint'), { code: 'SQLITE_CONSTRAINT_UNIQUE' });
    let tries = 0;
    await expect(
      retryWhileLocked(() => {
        tries++;
        throw tries === 1 ? busy() : other;
      }, time.options),
    ).rejects.toBe(other);
    expect(tries).toBe(2);
    expect(time.pauses).toEqual([1]);
    await expect(retryWhileLocked(() => 'unused', time.options, other)).rejects.toBe(other);
    expect(time.pauses).toEqual([1]);
  });

  it('gives up with the last refusal once the next pause would pass the wait', async () => {
    const time = fakeTime();
    let last: Error | null = null;
    const promise = retryWhileLocked(
      () => {
        throw (last = busy());
      },
      { ...time.options, waitMs: 10 },
    );
    const thrown = await promise.catch((err: unknown) => err);
    expect(thrown).toBe(last);
    // 1 + 2 + 4 = 7 ms waited; another 4 would reach 11 > 10.
    expect(time.pauses).toEqual([1, 2, 4]);
  });

  it('pauses up to exactly the wait', async () => {
    const time = fakeTime();
    await expect(
      retryWhileLocked(
        () => {
          throw busy();
        },
        { ...time.options, waitMs: 11 },
      ),
    ).rejects.toThrow('locked');
    expect(time.pauses).toEqual([1, 2, 4, 4]);
  });

  it('waits 5 s by default', async () => {
    expect(LOCK_WAIT_MS).toBe(5_000);
    const time = fakeTime();
    await expect(
      retryWhileLocked(() => {
        throw busy();
      }, time.options),
    ).rejects.toThrow('locked');
    expect(time.pauses.reduce((a, b) => a + b, 0)).toBeGreaterThan(LOCK_WAIT_MS - 4);
    expect(time.pauses.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(LOCK_WAIT_MS);
  });
});

describe('LockWaitingSqliteDialect', () => {
  it('a write refused while another connection holds the lock runs once it is released, the event loop running meanwhile', async () => {
    const file = join(tmpdir(), `lock-wait-${process.pid}-${Date.now()}.db`);
    const holder = new SQLite(file);
    holder.pragma('journal_mode = WAL');
    holder.exec('CREATE TABLE t (x INTEGER)');
    const mine = new SQLite(file);
    mine.pragma('busy_timeout = 0');
    const db = new Kysely<{ t: { x: number } }>({ dialect: new LockWaitingSqliteDialect({ database: mine }) });
    try {
      holder.exec('BEGIN IMMEDIATE');
      holder.exec('INSERT INTO t VALUES (1)');
      const write = db.insertInto('t').values({ x: 2 }).execute();
      // The holder commits from a timer: were the write waiting on the event loop, this could not run.
      const seenAtRelease = await new Promise<number[]>((resolve) =>
        setTimeout(() => {
          const rows = mine.prepare('SELECT x FROM t ORDER BY x').pluck().all() as number[];
          // Background writers can see that a statement waits for the lock (they give way).
          expect(writersWaiting()).toBe(true);
          holder.exec('COMMIT');
          resolve(rows);
        }, 30),
      );
      expect(seenAtRelease).toEqual([]);
      await write;
      expect(writersWaiting()).toBe(false);
      expect(
        await sql<{ x: number }>`SELECT x FROM t ORDER BY x`.execute(db).then((r) => r.rows.map((row) => row.x)),
      ).toEqual([1, 2]);
    } finally {
      await db.destroy();
      holder.close();
      for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
    }
  });

  it('streams rows through the connection it wraps', async () => {
    const database = new SQLite(':memory:');
    database.exec('CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1), (2), (3)');
    const db = new Kysely<{ t: { x: number } }>({ dialect: new LockWaitingSqliteDialect({ database }) });
    try {
      const seen: number[] = [];
      for await (const row of db.selectFrom('t').select('x').orderBy('x').stream()) seen.push(row.x);
      expect(seen).toEqual([1, 2, 3]);
    } finally {
      await db.destroy();
    }
  });
});
