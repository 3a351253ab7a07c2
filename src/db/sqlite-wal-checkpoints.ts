import { runAfterWrites, type AfterWrites } from './after-writes.js';
import type { SqliteReader } from './sqlite-reader.js';

// SQLite checkpoints of the write-ahead log (copying its pages into the database file, then syncing
// the file) run, by default, inside whichever commit takes the log past 1,000 pages: on the server
// that is mostly a commit of the API's connection, on the event loop. At 1 M tickets such a commit
// took 289-308 ms under bench row 2's creates (the log at 7-19 MB), and every client of the process
// waited. The server's connections (the API's and the webhook thread's) checkpoint only as a backstop
// (WAL_BACKSTOP_PAGES); a reader thread checkpoints after their writes instead, on its read-write
// connection (sqlite-reader.ts). A PASSIVE checkpoint waits for no one: it copies what no reader
// still needs and stops; past WAL_TRUNCATE_FRAMES a TRUNCATE follows, so that the log starts over.

/** How often the connection's writes are checked for, ms: at most one checkpoint per interval. */
export const WAL_CHECKPOINT_INTERVAL_MS = 1_000;
/**
 * The server connection's own checkpoint mark, pages (SQLite's default is 1,000): reached only if
 * the background checkpoints stop or fall far behind, so that the log stays bounded (~40 MB).
 */
export const WAL_BACKSTOP_PAGES = 10_000;
/** How long one checkpoint may take in a reader thread before the thread is replaced, ms. */
export const WAL_CHECKPOINT_TIMEOUT_MS = 30_000;

/**
 * Frames (pages) in the log past which a checkpoint also truncates it. SQLite starts the log over only
 * when a write begins with every frame copied, which a checkpoint running beside steady writes never
 * leaves (bench row 2: the log grew to the backstop, 40-50 MB, and the API's connection then
 * checkpointed in its commit, 180-230 ms). TRUNCATE takes the write lock while it copies what is left
 * (little, after the passive one) and waits for readers to leave the log, each for at most the
 * thread's write-lock wait (BACKGROUND_WRITE_LOCK_WAIT_MS); meanwhile the API's writes wait for the
 * lock off the event loop (sqlite-lock-wait.ts). Refused, the next check tries again.
 */
export const WAL_TRUNCATE_FRAMES = 4_000;

/** A checkpoint on a reader thread's read-write connection: PASSIVE, then TRUNCATE past WAL_TRUNCATE_FRAMES. */
export function threadWalCheckpoint(reader: Pick<SqliteReader, 'checkpoint'>): () => Promise<unknown> {
  return async () => {
    const passive = await reader.checkpoint('PASSIVE', WAL_CHECKPOINT_TIMEOUT_MS);
    if (passive.log >= WAL_TRUNCATE_FRAMES) await reader.checkpoint('TRUNCATE', WAL_CHECKPOINT_TIMEOUT_MS);
  };
}

/** Checkpoints after the connection's writes, at most one per interval (after-writes.ts). */
export function startWalCheckpoints(deps: {
  checkpoint: () => Promise<unknown>;
  writes: () => number;
  intervalMs?: number;
  onError?: (err: unknown) => void;
}): AfterWrites {
  const { checkpoint, writes, intervalMs = WAL_CHECKPOINT_INTERVAL_MS, onError } = deps;
  return runAfterWrites({ run: async () => (await checkpoint(), false), writes, intervalMs, onError });
}
