import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import { connectionTransaction, handles, type DatabaseHandle, type Tx } from './database-handle.js';
import { oneAtATime, type AfterWrites } from './after-writes.js';
import { NOTIFIERS } from './notifications.js';
import type { Database } from './schema.js';
import { ftsMergeSteps, startFtsMerges, threadFtsMergeSteps } from './sqlite-fts-merge.js';
import { LockWaitingSqliteDialect, writersWaiting } from './sqlite-lock-wait.js';
import { createSqliteReader, SQLITE_PAGE_CACHE_KIB } from './sqlite-reader.js';
import { startWalCheckpoints, threadWalCheckpoint, WAL_BACKSTOP_PAGES } from './sqlite-wal-checkpoints.js';

// A SQLite file (or a private in-memory database) behind the same DatabaseHandle as PostgreSQL: one
// connection on the event loop (Kysely runs one statement at a time on it) plus reader threads.

export function openSqlite(
  path: string,
  guardTenants: boolean,
  {
    checkpointsElsewhere = false,
    cacheKib = SQLITE_PAGE_CACHE_KIB,
  }: { checkpointsElsewhere?: boolean; cacheKib?: number } = {},
): DatabaseHandle {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // The pragmas above may wait for another connection's lock (journal_mode on a new file); from here
  // on, waits for the write lock happen off the event loop (sqlite-lock-wait.ts).
  sqlite.pragma('busy_timeout = 0');
  // better-sqlite3 builds SQLite with a 16 MB page cache per connection, which a database larger than
  // that fills and keeps; the operating system caches the file as well, so 8 MB costs little.
  sqlite.pragma(`cache_size = -${cacheKib}`);
  const writes = { count: 0 };
  const db = new Kysely<Database>({
    dialect: new LockWaitingSqliteDialect({ database: withStatementCache(sqlite, writes) }),
  });
  const transaction = <T>(fn: (trx: Tx) => Promise<T>) => connectionTransaction(db, BEGIN_IMMEDIATE, fn);
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  // Slow reads (search) run in reader threads on their own connections (sqlite-reader.ts); a private
  // in-memory database has nothing they could open.
  const reader = path === ':memory:' ? null : createSqliteReader(path);
  // The search indexes' merge steps run in a reader thread where there is one (sqlite-fts-merge.ts).
  // One upkeep task at a time (merge steps and checkpoints), so that they keep one reader thread busy.
  const lane = oneAtATime();
  const mergeStep = reader ? threadFtsMergeSteps(reader) : ftsMergeSteps(db, sqlite);
  const step: typeof mergeStep = (table) => lane(() => mergeStep(table));
  const checkpointOnlyAtBackstop = () => sqlite.pragma(`wal_autocheckpoint = ${WAL_BACKSTOP_PAGES}`);
  const upkeep: AfterWrites[] = [];
  function startBackgroundUpkeep(): void {
    if (upkeep.length > 0) return;
    upkeep.push(startFtsMerges({ step, writes: () => writes.count, writersWaiting }));
    // Checkpoints of the write-ahead log, likewise in a reader thread, after this connection's commits
    // or another's (data_version: the server's webhook thread, which leaves them to this one too); the
    // connections keep only a backstop mark (sqlite-wal-checkpoints.ts). In memory there is no log.
    if (!reader) return;
    upkeep.push(
      startWalCheckpoints({
        checkpoint: () => lane(threadWalCheckpoint(reader)),
        writes: () => writes.count + (dataVersion.get() as number),
      }),
    );
    checkpointOnlyAtBackstop();
  }
  if (checkpointsElsewhere) checkpointOnlyAtBackstop();
  return {
    db,
    dialect: 'sqlite',
    transaction,
    ...handles('sqlite', db, transaction, NOTIFIERS.sqlite(path), guardTenants, reader),
    writesElsewhere: () => dataVersion.get() as number,
    readVersion: () => `${writes.count}.${dataVersion.get() as number}`,
    poolStats: () => null,
    startBackgroundUpkeep,
    async ping() {
      sqlite.prepare('select 1').get();
    },
    async close() {
      await Promise.all(upkeep.splice(0).map((u) => u.stop()));
      await reader?.close();
      await db.destroy();
    },
  };
}

// BEGIN IMMEDIATE takes the write lock up front, so a writer on another connection (the server's
// webhook thread, the CLI next to a running server) makes us wait for the lock (sqlite-lock-wait.ts)
// instead of failing with SQLITE_BUSY when a deferred transaction tries to upgrade from reading to writing.
const BEGIN_IMMEDIATE = sql.raw('BEGIN IMMEDIATE');

// Kysely prepares every query anew; on better-sqlite3 preparing costs more than running a primary-key
// read, so prepared statements are kept per SQL text (queries are parameterized, the set is small;
// past `max` texts the oldest prepared goes first: read with peek, a hit does not make it newer).
// Kysely runs one statement at a time on its single connection, so reusing one is safe. A statement
// that may write (not read-only for SQLite) counts in `writes` before it runs (readVersion).
export function withStatementCache(sqlite: SQLite.Database, writes: { count: number }, max = 1000) {
  const cache = new LRUCache<string, Pick<SQLite.Statement, 'reader' | 'all' | 'run' | 'iterate'>>({ max });
  const counted = (stmt: SQLite.Statement): Pick<SQLite.Statement, 'reader' | 'all' | 'run' | 'iterate'> => ({
    reader: stmt.reader,
    all: (...p: unknown[]) => (writes.count++, stmt.all(...p)),
    run: (...p: unknown[]) => (writes.count++, stmt.run(...p)),
    iterate: (...p: unknown[]) => (writes.count++, stmt.iterate(...p)),
  });
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let stmt = cache.peek(sql);
      if (!stmt) {
        const prepared = sqlite.prepare(sql);
        stmt = prepared.readonly ? prepared : counted(prepared);
        cache.set(sql, stmt);
      }
      return stmt;
    },
  };
}
