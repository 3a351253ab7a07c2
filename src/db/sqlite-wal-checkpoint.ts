import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';

// In WAL mode a commit appends pages to the -wal file; a checkpoint copies them back into the database
// file and syncs it. By default SQLite checkpoints inside whichever commit takes the WAL past 1,000
// pages, on that connection's thread: for the server's connection that is the event loop, and with the
// fsync of a large database file the checkpoint stalled every client of the process for 100 ms and more
// (bench row 10 on SQLite at 1 M tickets: 85–128 ms, 68 ms with it moved away).
//
// So the server's connection leaves checkpoints to the webhook thread's connection (webhooks/
// worker-thread.ts), which runs a PASSIVE checkpoint on a timer: it never waits for readers or writers,
// and copies whatever their snapshots allow. The server's connection keeps SQLite's own checkpoint only
// as a backstop at a WAL ten times as large, for while that thread is down (restarting after a
// failure): the WAL stays bounded even then.

/**
 * Who checkpoints a SQLite connection's WAL:
 * - 'auto': SQLite itself, in the commit that takes the WAL past 1,000 pages (the CLI, a `worker` process,
 *   a server without its webhook thread);
 * - 'timer': a PASSIVE checkpoint every WAL_CHECKPOINT_INTERVAL_MS on this connection (the webhook thread's);
 * - 'elsewhere': another connection runs 'timer' (the server's own): SQLite's checkpoint only past WAL_BACKSTOP_PAGES.
 */
export type WalCheckpoints = 'auto' | 'timer' | 'elsewhere';

export const WAL_CHECKPOINT_INTERVAL_MS = 500;
/** The server's own checkpoint, pages: only reached when the timer's connection has stopped checkpointing. */
export const WAL_BACKSTOP_PAGES = 10_000;

export interface WalCheckpointer {
  /** Runs one checkpoint now (what the timer does), resolving when it has finished. */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Sets up `mode` on `sqlite` (Kysely's `db` over it): for 'timer', the checkpointer. A checkpoint runs in
 * `db`'s turn on the connection (SQLite refuses one inside the connection's own transaction); a failed
 * one (a database being closed) is reported to `onError`, and the next tick tries again.
 */
export function walCheckpoints(
  sqlite: SQLite.Database,
  db: Kysely<any>,
  mode: WalCheckpoints,
  { intervalMs = WAL_CHECKPOINT_INTERVAL_MS, onError = () => undefined }: { intervalMs?: number; onError?: (err: unknown) => void } = {},
): WalCheckpointer | null {
  if (mode === 'elsewhere') sqlite.pragma(`wal_autocheckpoint = ${WAL_BACKSTOP_PAGES}`);
  if (mode !== 'timer') return null;
  const checkpoint = sqlite.prepare('PRAGMA wal_checkpoint(PASSIVE)');
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    running ??= db
      .connection()
      .execute(async () => void checkpoint.get())
      .catch((err: unknown) => {
        if (!stopped) onError(err);
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void tick(), intervalMs);
  // A process with nothing else to do exits without waiting for a checkpoint (the last connection to close the file checkpoints it).
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
