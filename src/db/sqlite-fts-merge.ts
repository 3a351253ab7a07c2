import type { SqliteReader } from './sqlite-reader.js';

// Background merging of SQLite's FTS5 search indexes. Writers no longer merge them (migration
// 20261124-0200: automerge 0), so each write transaction leaves a small new segment, and a search
// reads every segment until they are merged. After the main connection has written, a reader thread
// (sqlite-reader.ts, on a writable connection of its own) runs FTS5's 'merge' command in short steps,
// each its own write transaction, so the API's writes wait for the lock (asynchronously,
// sqlite-lock-wait.ts) for one step at most, never for a whole merge, and the merge work itself runs
// on another core instead of on the event loop.

/** The FTS5 tables kept merged (migration 20261122-0001). */
export const FTS_TABLES = ['tickets_fts', 'messages_fts', 'customers_fts'] as const;
/** How often the main connection's writes are checked for, ms. */
export const FTS_MERGE_INTERVAL_MS = 200;
/** Merge work per step, pages: a few milliseconds of the write lock. */
export const FTS_MERGE_PAGES = 16;
/** One round of steps stops after this long; the next tick goes on with what is left. */
export const FTS_MERGE_BUDGET_MS = 100;
/** A round still running after this is abandoned with its thread (the reader's statement timeout). */
const FTS_MERGE_TIMEOUT_MS = 30_000;

export interface FtsMergerDeps {
  reader: Pick<SqliteReader, 'mergeFts'>;
  /** Counts the main connection's write statements (any change means the indexes may have grown). */
  writes: () => number;
  intervalMs?: number;
  /** A failed round (busy past its timeout, a closed database): the next tick tries again. */
  onError?: (err: unknown) => void;
}

export interface FtsMerger {
  /** Runs one check now (what the timer does), resolving when its round, if any, has finished. */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

export function startFtsMerges({ reader, writes, intervalMs = FTS_MERGE_INTERVAL_MS, onError = () => undefined }: FtsMergerDeps): FtsMerger {
  // The write count the last round started after; a round whose budget ran out leaves it stale so the
  // next tick runs again even without new writes.
  let merged = writes();
  let running: Promise<void> | null = null;
  let stopped = false;

  function tick(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) return running;
    const seen = writes();
    if (seen === merged) return Promise.resolve();
    merged = seen;
    running = reader
      .mergeFts({ tables: FTS_TABLES, pages: FTS_MERGE_PAGES, budgetMs: FTS_MERGE_BUDGET_MS }, FTS_MERGE_TIMEOUT_MS)
      .then((more) => {
        if (more) merged = -1;
      })
      .catch((err: unknown) => {
        merged = -1;
        if (!stopped) onError(err);
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  const timer = setInterval(() => void tick(), intervalMs);
  // A process with nothing else to do (the CLI) exits without waiting for a merge.
  timer.unref();
  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
