import {
  SqliteDialect,
  SqliteDriver,
  type CompiledQuery,
  type DatabaseConnection,
  type QueryResult,
  type SqliteDialectConfig,
} from 'kysely';
import { createTurnSlicer } from './sqlite-turns.js';

// SQLite lets one connection write to a file at a time; a connection that wants to write while another
// holds the write lock is refused with SQLITE_BUSY. SQLite's own answer, busy_timeout, retries inside
// the statement, sleeping between tries: on a connection used from the event loop that sleep is the
// event loop's, and every client of the process stalls until the lock is free. A server's webhook
// thread writes to the same file (claims and records): under webhook load the API's event loop was
// blocked for up to ~300 ms at a time (bench row 4 on SQLite, nodejs_eventloop_lag_max_seconds).
//
// The connections opened through this dialect wait without blocking: busy_timeout is 0, and a
// statement refused with SQLITE_BUSY runs again after a short pause, until the same 5 s have passed.
// Meanwhile the event loop serves everything else; statements of the same connection queue behind the
// waiting one, as they did. Rerunning is safe because a refused statement did nothing, and the only
// statements refused are those that start writing: autocommit writes and BEGIN IMMEDIATE (every
// transaction here takes the write lock up front). Inside a transaction that holds the lock nothing is
// refused in WAL mode.

/** How long a statement waits for the write lock in all (busy_timeout's 5 s before). */
export const LOCK_WAIT_MS = 5_000;
/** Pauses between tries, the last repeated: a try costs microseconds, and the lock is held for milliseconds. */
export const LOCK_RETRY_PAUSES_MS = [1, 2, 4] as const;

/** SQLITE_BUSY and its extended codes (better-sqlite3 reports the extended code). */
export function isLockBusy(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_'));
}

export interface LockWaitOptions {
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  waitMs?: number;
}

/** Statements of this thread's connections waiting for the write lock now. */
let lockWaiters = 0;
/** Whether a statement of this thread waits for the write lock now (background writers give way: sqlite-fts-merge.ts). */
export const writersWaiting = (): boolean => lockWaiters > 0;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `run` until it is not refused with SQLITE_BUSY, pausing between tries, for at most `waitMs`
 * in all; then the last refusal is thrown. Any other error is thrown at once. `firstError` is the
 * error of a try the caller already made: the first pause then comes before the first run.
 */
export async function retryWhileLocked<T>(
  run: () => T | Promise<T>,
  options: LockWaitOptions = {},
  firstError?: unknown,
): Promise<T> {
  const { now = Date.now, sleep = pause, waitMs = LOCK_WAIT_MS } = options;
  const deadline = now() + waitMs;
  let error = firstError;
  let failures = firstError === undefined ? 0 : 1;
  for (;;) {
    if (failures > 0) {
      const wait = LOCK_RETRY_PAUSES_MS[Math.min(failures, LOCK_RETRY_PAUSES_MS.length) - 1];
      if (!isLockBusy(error) || now() + wait > deadline) throw error;
      await sleep(wait);
    }
    try {
      return await run();
    } catch (err) {
      error = err;
      failures++;
    }
  }
}

/**
 * The connection with its statements rerun while refused (the first try costs only a try/catch), and
 * the event loop given a turn between statements that would hold it too long (sqlite-turns.ts).
 */
function waitingForLock(connection: DatabaseConnection): DatabaseConnection {
  const pauseBefore = createTurnSlicer();
  const run = <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
    try {
      // Kysely's SQLite connection runs the statement synchronously: a refusal is thrown, not rejected.
      return connection.executeQuery<R>(query);
    } catch (err) {
      if (!isLockBusy(err)) throw err;
      lockWaiters++;
      return retryWhileLocked(() => connection.executeQuery<R>(query), {}, err).finally(() => {
        lockWaiters--;
      });
    }
  };
  return {
    executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      const pause = pauseBefore();
      return pause ? pause.then(() => run<R>(query)) : run<R>(query);
    },
    streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
  };
}

class LockWaitingDriver extends SqliteDriver {
  readonly #wrapped = new WeakMap<DatabaseConnection, DatabaseConnection>();

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    let wrapped = this.#wrapped.get(connection);
    if (!wrapped) this.#wrapped.set(connection, (wrapped = waitingForLock(connection)));
    return wrapped;
  }
}

/** Kysely's SQLite dialect, waiting for the write lock off the event loop (the database's busy_timeout must be 0). */
export class LockWaitingSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): SqliteDriver {
    return new LockWaitingDriver(this.#config);
  }
}
