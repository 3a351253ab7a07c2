import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { threadResourceLimits } from '../shared/thread-heap.js';
import { StatementTimeoutError } from './statement-timeout.js';

// better-sqlite3 runs every statement synchronously on the thread that calls it, so on the event loop
// a search over many rows stalls every other request of the process. Reads that may be slow (search,
// capped totals, deep pages) go instead to a small pool of worker threads, each with its own read-only
// connection to the same database file: WAL lets them read while the main connection writes, and a
// read started after a commit sees it. In-memory databases cannot be shared this way and keep running
// their reads inline (DatabaseHandle without a reader). The same threads run the server's background
// upkeep writes (sqlite-fts-merge.ts) on a second, read-write connection each, opened on first use.
//
// The worker is plain JavaScript evaluated from a string, so it runs the same under the TypeScript
// test runner, tsx and the compiled build; it loads better-sqlite3 from the path this module resolves.

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
// Each connection is opened at its first use: a thread that only merges never opens the reading one.
let reading = null;
function reader() {
  if (!reading) {
    reading = new Database(workerData.path, { readonly: true, fileMustExist: true });
    reading.pragma('busy_timeout = 5000');
    reading.pragma('cache_size = -' + workerData.cacheKib);
  }
  return reading;
}
const statements = new Map();
// Background writes (the search indexes' merge steps) on a connection of their own: the write and the
// WAL checkpoint its commit may run stay off the event loop.
let writer = null;
let totalChanges = null;
const writeStatements = new Map();
function write(sql) {
  if (!writer) {
    writer = new Database(workerData.path, { fileMustExist: true });
    writer.pragma('busy_timeout = ' + workerData.writeLockWaitMs);
    writer.pragma('synchronous = NORMAL');
    writer.pragma('cache_size = -' + workerData.writerCacheKib);
    totalChanges = writer.prepare('SELECT total_changes()').pluck();
  }
  let stmt = writeStatements.get(sql);
  if (!stmt) writeStatements.set(sql, (stmt = writer.prepare(sql)));
  // A statement that answers rows (a checkpoint's PRAGMA) returns them.
  if (stmt.reader) return stmt.all();
  const before = totalChanges.get();
  stmt.run();
  return [totalChanges.get() - before];
}
parentPort.on('message', ({ id, sql, parameters, writes }) => {
  try {
    if (writes) {
      parentPort.postMessage({ id, rows: write(sql) });
      return;
    }
    let stmt = statements.get(sql);
    if (!stmt) {
      stmt = reader().prepare(sql);
      if (statements.size >= 200) statements.delete(statements.keys().next().value);
      statements.set(sql, stmt);
    }
    parentPort.postMessage({ id, rows: stmt.all(parameters) });
  } catch (err) {
    parentPort.postMessage({ id, error: { message: String(err && err.message), code: err && err.code } });
  }
});
`;

/**
 * The page cache of each SQLite connection, KiB (main and readers). better-sqlite3's default is 16 MB
 * per connection, which a large database fills on each of them: 48 MB of the server's memory with two
 * readers, while the operating system keeps the file's pages cached anyway.
 */
export const SQLITE_PAGE_CACHE_KIB = 8_000;
/** The page cache of a reader's background-write connection, KiB: a merge step touches a few dozen pages. */
export const SQLITE_WRITER_CACHE_KIB = 1_000;
/**
 * How long a background write waits for the write lock, ms (SQLite's busy_timeout, sleeping in the
 * reader's thread): the API's transactions hold it for milliseconds; refused after that, the write fails.
 */
export const BACKGROUND_WRITE_LOCK_WAIT_MS = 100;

// A reader's JavaScript heap holds only a statement cache and the rows of one read at a time (a page
// of ids, or at most 100 tickets); by default each thread would get a young generation as large as the
// main thread's (tens of MB, filled with garbage before it is collected). The old generation's bound
// is far above what a read needs: a thread that reached it would fail its read and be replaced.
const READER_RESOURCE_LIMITS = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 64 };

/** SQLite's answer to PRAGMA wal_checkpoint: busy 1 when a TRUNCATE could not finish; the log's frames, and how many are copied. */
export interface WalCheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

export interface SqliteReader {
  /** The rows of one read-only statement, as better-sqlite3 returns them on the main connection. */
  all(sql: string, parameters: readonly unknown[], timeoutMs: number): Promise<unknown[]>;
  /**
   * Runs one parameterless write statement of background upkeep (search index merges) on a reader's
   * own read-write connection: the rows it and its side effects changed (SQLite's total_changes).
   */
  write(sql: string, timeoutMs: number): Promise<number>;
  /** A checkpoint of the write-ahead log on a reader's read-write connection (sqlite-wal-checkpoints.ts). */
  checkpoint(mode: 'PASSIVE' | 'TRUNCATE', timeoutMs: number): Promise<WalCheckpointResult>;
  close(): Promise<void>;
}

interface Job {
  id: number;
  sql: string;
  parameters: readonly unknown[];
  writes: boolean;
  timeoutMs: number;
  resolve: (rows: unknown[]) => void;
  reject: (err: unknown) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  timer?: NodeJS.Timeout;
}

const driverPath = (): string => createRequire(import.meta.url).resolve('better-sqlite3');

/**
 * A pool of `size` reader threads on the database file at `path`, started on first use. A statement
 * running past its timeout is answered with StatementTimeoutError and its thread is replaced (the
 * stuck one is terminated and exits once SQLite returns), so later reads are not queued behind it.
 */
export function createSqliteReader(path: string, size = 2): SqliteReader {
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;

  function spawn(): Slot {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        path,
        driver: driverPath(),
        cacheKib: SQLITE_PAGE_CACHE_KIB,
        writerCacheKib: SQLITE_WRITER_CACHE_KIB,
        writeLockWaitMs: BACKGROUND_WRITE_LOCK_WAIT_MS,
      },
      resourceLimits: threadResourceLimits(READER_RESOURCE_LIMITS),
    });
    // Idle readers must not keep the process alive.
    worker.unref();
    const slot: Slot = { worker, job: null };
    worker.on('message', (msg: { id: number; rows?: unknown[]; error?: { message: string; code?: string } }) => {
      const job = slot.job;
      if (!job || job.id !== msg.id) return;
      finish(slot);
      if (msg.error) job.reject(Object.assign(new Error(msg.error.message), { code: msg.error.code }));
      else job.resolve(msg.rows!);
    });
    worker.on('error', (err) => {
      const job = slot.job;
      replace(slot);
      job?.reject(err);
    });
    return slot;
  }

  function finish(slot: Slot): void {
    clearTimeout(slot.timer);
    slot.job = null;
    dispatch();
  }

  /** Retires a slot's thread (stuck or failed) and puts a fresh one in its place. */
  function replace(slot: Slot): void {
    clearTimeout(slot.timer);
    void slot.worker.terminate();
    const at = slots.indexOf(slot);
    if (at >= 0) slots.splice(at, 1);
    if (!closed) slots.push(spawn());
    dispatch();
  }

  function dispatch(): void {
    while (queue.length > 0) {
      let slot = slots.find((s) => s.job === null);
      if (!slot && slots.length < size) {
        slot = spawn();
        slots.push(slot);
      }
      if (!slot) return;
      const job = queue.shift()!;
      slot.job = job;
      slot.timer = setTimeout(() => {
        if (slot!.job !== job) return;
        slot!.job = null;
        replace(slot!);
        job.reject(new StatementTimeoutError(job.timeoutMs));
      }, job.timeoutMs);
      slot.worker.postMessage({ id: job.id, sql: job.sql, parameters: job.parameters, writes: job.writes });
    }
  }

  function run(sql: string, parameters: readonly unknown[], writes: boolean, timeoutMs: number): Promise<unknown[]> {
    if (closed) return Promise.reject(new Error('the database is closed'));
    return new Promise((resolve, reject) => {
      queue.push({ id: nextId++, sql, parameters, writes, timeoutMs, resolve, reject });
      dispatch();
    });
  }

  return {
    all: (sql, parameters, timeoutMs) => run(sql, parameters, false, timeoutMs),
    write: async (sql, timeoutMs) => (await run(sql, [], true, timeoutMs))[0] as number,
    checkpoint: async (mode, timeoutMs) =>
      (await run(`PRAGMA wal_checkpoint(${mode})`, [], true, timeoutMs))[0] as WalCheckpointResult,
    async close() {
      closed = true;
      const pending = [...queue.splice(0), ...slots.flatMap((s) => (s.job ? [s.job] : []))];
      for (const s of slots) clearTimeout(s.timer);
      await Promise.all(slots.splice(0).map((s) => s.worker.terminate()));
      for (const job of pending) job.reject(new Error('the database is closed'));
    },
  };
}
