import type { Executor } from '../db/database.js';

// In-process wake-up for the SQLite worker. There is no handle to the database inside recordEvent
// (it gets the caller's transaction), so listeners are keyed by the Kysely adapter object, which a
// Kysely instance shares with every transaction it opens: one key per opened database, no globals
// shared across databases, and nothing kept alive once the database is gone.

type Listener = () => void;
const listeners = new WeakMap<object, Set<Listener>>();

const keyOf = (executor: Executor): object => executor.getExecutor().adapter;

/** Registers a listener for events recorded through this database; returns the unsubscribe. */
export function onEventRecorded(db: Executor, listener: Listener): () => void {
  const key = keyOf(db);
  let set = listeners.get(key);
  if (!set) listeners.set(key, (set = new Set()));
  set.add(listener);
  return () => void set.delete(listener);
}

/**
 * Wakes the listeners of trx's database. Called inside the transaction: on SQLite the listener's
 * own queries wait for the single connection, so they only run once the transaction has ended.
 */
export function signalEventRecorded(trx: Executor): void {
  const set = listeners.get(keyOf(trx));
  if (!set) return;
  for (const listener of set) setImmediate(listener);
}

export const PG_CHANNEL = 'helpdesk_webhook_deliveries';
