import type { DatabaseHandle, Sql } from '../db/database.js';

// Both halves of "deliveries were queued, come and get them". The recording transaction asks for a
// wake-up, sent once it has committed (nothing on rollback), coalesced per process; workers listen.
// The database layer carries it (sql-handle.ts, notifications.ts): PostgreSQL's NOTIFY reaches every
// LISTENing worker process; SQLite wakes the workers of the same opened database in-process. The
// deliveries themselves commit in the event's transaction: the wake-up is only a latency hint.
// Anything it misses (a crash between commit and notify, other processes on one SQLite file, a dropped
// LISTEN connection) is found by the workers' poll, every WEBHOOK_POLL_INTERVAL_MS (1 s by default).

const CHANNEL = 'helpdesk_webhook_deliveries';

/** Called inside the transaction that queued deliveries: the workers are woken once it has committed. */
export function wakeWorkers(t: Sql): Promise<void> {
  return t.notify(CHANNEL);
}

/**
 * The worker's side: onWake runs after each commit that queued deliveries (and after each
 * (re)connection, for what was committed meanwhile). Returns the stop function.
 */
export function onDeliveriesQueued(
  database: Pick<DatabaseHandle, 'listen'>,
  onWake: () => void,
  onError: (err: unknown) => void,
): () => Promise<void> {
  return database.listen(CHANNEL, onWake, onError);
}
