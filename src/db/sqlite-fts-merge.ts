import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { runAfterWrites, type AfterWrites } from './after-writes.js';
import type { SqliteReader } from './sqlite-reader.js';

// Background merging of SQLite's FTS5 search indexes. Writers no longer merge them (migration
// 20261124-0200: automerge 0), so each write transaction leaves a small new segment, and a search reads
// every segment until they are merged. After the server's connection has written, it merges them in
// short steps of FTS5's 'merge' command, each its own short write transaction, run by a reader thread
// on a read-write connection of its own (sqlite-reader.ts): a step of 8 pages at 1 M tickets took
// 10-56 ms, and the commit that crosses SQLite's WAL mark also checkpoints, so on the event loop
// the steps were the longest blocks after the restart in bench row 10 (36-45 ms). FTS5's own
// automerge did up to 64 pages per index level inside whichever write crossed its mark, on the
// writer's thread. A database without reader threads (in memory: tests) steps on its own
// connection, between the event loop's other work.

/** The FTS5 tables kept merged (migration 20261122-0001). */
export const FTS_TABLES = ['tickets_fts', 'messages_fts', 'customers_fts'] as const;
type FtsTable = (typeof FTS_TABLES)[number];
/** How often the connection's writes are checked for, ms. */
export const FTS_MERGE_INTERVAL_MS = 200;
/** Merge work per step, pages (at 1 M tickets a step took 10-56 ms; at 10 k a millisecond or two). */
export const FTS_MERGE_PAGES = 8;
/** One round of steps stops once this long has passed; the next check goes on with what is left. */
export const FTS_MERGE_BUDGET_MS = 50;

/** FTS5's merge command for `table`, at most FTS_MERGE_PAGES pages of merged output. */
const mergeStatement = (table: FtsTable): string =>
  `INSERT INTO ${table}(${table}, rank) VALUES ('merge', ${FTS_MERGE_PAGES})`;

/** FTS5: a step that changed fewer than two rows found nothing to merge. */
const didMerge = (changes: number): boolean => changes >= 2;

/** How long one step may take in a reader thread before the thread is replaced, ms (never seen near). */
export const FTS_MERGE_STEP_TIMEOUT_MS = 30_000;

/**
 * The merge step of each table, run by a reader thread on its own read-write connection: whether the
 * step did any work. It waits for the write lock briefly (BACKGROUND_WRITE_LOCK_WAIT_MS, in the
 * thread); refused after that, the round ends and the next check tries again.
 */
export function threadFtsMergeSteps(reader: Pick<SqliteReader, 'write'>): (table: FtsTable) => Promise<boolean> {
  return async (table) => didMerge(await reader.write(mergeStatement(table), FTS_MERGE_STEP_TIMEOUT_MS));
}

/**
 * The merge step of each table on `sqlite` (statements prepared once): whether the step did any work.
 * A step runs in `db`'s turn on the connection (never inside another caller's transaction) but
 * straight on better-sqlite3, not through Kysely: merging changes no result, so it must not count as a
 * write of the connection (which would clear its read caches, and start another round). It does not
 * wait for the write lock: refused, the round ends and the next check tries again.
 */
export function ftsMergeSteps(db: Kysely<any>, sqlite: SQLite.Database): (table: FtsTable) => Promise<boolean> {
  // Prepared at the first step: the connection is opened before the migrations create the tables.
  let prepared: { changes: SQLite.Statement; merges: Map<FtsTable, SQLite.Statement> } | null = null;
  return (table) =>
    db.connection().execute(async () => {
      prepared ??= {
        changes: sqlite.prepare('SELECT total_changes()').pluck(),
        merges: new Map(FTS_TABLES.map((t) => [t, sqlite.prepare(mergeStatement(t))])),
      };
      const before = prepared.changes.get() as number;
      prepared.merges.get(table)!.run();
      return didMerge((prepared.changes.get() as number) - before);
    });
}

export interface FtsMergerDeps {
  /** One merge step (ftsMergeSteps on the connection that writes). */
  step: (table: FtsTable) => Promise<boolean>;
  /** Counts the connection's write statements (any change means the indexes may have grown). */
  writes: () => number;
  /**
   * Whether statements of this process wait for the write lock now (sqlite-lock-wait.ts): a round ends
   * for them after its first step (one step a round at least, so that merging keeps up). Each step is
   * a write transaction of its own, and a round runs them back to back for up to its budget; a writer
   * refused meanwhile retries after a pause of a few milliseconds, and would mostly find the next step
   * holding the lock (received mail waited so for its 250).
   */
  writersWaiting?: () => boolean;
  intervalMs?: number;
  budgetMs?: number;
  now?: () => number;
  /** A failed step (the write lock held by another connection, a closed database): the next check tries again. */
  onError?: (err: unknown) => void;
}

export type FtsMerger = AfterWrites;

const nextMacrotask = () => new Promise<void>((resolve) => setImmediate(resolve));

export function startFtsMerges({
  step,
  writes,
  writersWaiting = () => false,
  intervalMs = FTS_MERGE_INTERVAL_MS,
  budgetMs = FTS_MERGE_BUDGET_MS,
  now = Date.now,
  onError,
}: FtsMergerDeps): FtsMerger {
  /** Steps through the tables while they have work and the budget lasts: whether work may be left. */
  async function round(stopped: () => boolean): Promise<boolean> {
    const until = now() + budgetMs;
    let stepped = false;
    for (const table of FTS_TABLES) {
      for (;;) {
        await nextMacrotask();
        if (stopped()) return false;
        if (stepped && writersWaiting()) return true;
        stepped = true;
        if (!(await step(table))) break;
        if (now() >= until) return true;
      }
    }
    return false;
  }
  return runAfterWrites({ run: round, writes, intervalMs, onError });
}
