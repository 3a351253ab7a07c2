import type SQLite from 'better-sqlite3';

// In WAL mode a commit appends pages to the -wal file; a checkpoint copies them back into the database
// file and syncs it. By default SQLite checkpoints inside whichever commit takes the WAL past 1,000
// pages, on that connection's thread: for the server's connection that is the event loop, and with the
// fsync of a large database file the checkpoint stalled every client of the process for 100 ms and more
// (bench row 10 on SQLite at 1 M tickets: 85–128 ms; 68 ms with the checkpoint switched off).
//
// So the server's connection leaves checkpoints to its reader threads (sqlite-reader.ts), which run a
// PASSIVE checkpoint on their own connection every WAL_CHECKPOINT_INTERVAL_MS: it never waits for
// readers or writers, and copies whatever their snapshots allow. The server's connection keeps SQLite's
// own checkpoint only as a backstop at a WAL ten times as large, should the readers fall behind.

/**
 * Who checkpoints a SQLite connection's WAL:
 * - 'auto': SQLite itself, in the commit that takes the WAL past 1,000 pages (the CLI, a `worker`
 *   process, the server's webhook thread: none of them serves requests on its event loop);
 * - 'background': a reader thread, every WAL_CHECKPOINT_INTERVAL_MS; the connection itself only past
 *   WAL_BACKSTOP_PAGES (the server's connection).
 */
export type WalCheckpoints = 'auto' | 'background';

export const WAL_CHECKPOINT_INTERVAL_MS = 500;
/** The connection's own checkpoint, pages: only reached when the readers' checkpoints fall behind. */
export const WAL_BACKSTOP_PAGES = 10_000;
/** The statement a reader thread runs (and the one statement, not read-only, it accepts). */
export const WAL_CHECKPOINT_SQL = 'PRAGMA wal_checkpoint(PASSIVE)';

export interface WalCheckpointer {
  /** Runs one checkpoint now (what the timer does), resolving when it has finished. */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Sets up `mode` on `sqlite`; for 'background', the timer that has `checkpoint` (a reader thread's
 * WAL_CHECKPOINT_SQL) run, one at a time. A failed checkpoint (a database being closed) is reported to
 * `onError`, and the next tick tries again.
 */
export function walCheckpoints(
  sqlite: SQLite.Database,
  mode: WalCheckpoints,
  checkpoint: () => Promise<unknown>,
  { intervalMs = WAL_CHECKPOINT_INTERVAL_MS, onError = () => undefined }: { intervalMs?: number; onError?: (err: unknown) => void } = {},
): WalCheckpointer | null {
  if (mode !== 'background') return null;
  sqlite.pragma(`wal_autocheckpoint = ${WAL_BACKSTOP_PAGES}`);
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    running ??= checkpoint()
      .then(() => undefined)
      .catch((err: unknown) => {
        if (!stopped) onError(err);
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void tick(), intervalMs);
  // A process with nothing else to do exits without waiting for a checkpoint (the last connection to
  // close the file checkpoints it).
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
