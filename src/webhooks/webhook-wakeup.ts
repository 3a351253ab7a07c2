import type { DatabaseHandle, Sql } from '../db/database.js';

// Both halves of "deliveries were queued, come and get them". The recording transaction notifies;
// workers listen. The database layer carries it: PostgreSQL's NOTIFY reaches every LISTENing worker
// process at commit (nothing on rollback); SQLite wakes the workers of the same opened database
// in-process. Anything missed (other processes on one SQLite file, a dropped LISTEN connection) is
// found by the worker's poll.

const CHANNEL = 'helpdesk_webhook_deliveries';

/** Called inside the transaction that queued deliveries: the workers wake once it commits. */
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
