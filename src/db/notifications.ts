import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { Dialect } from './dialects.js';

// Both halves of "something was committed, wake up": notify inside a transaction, listen on an opened
// database. PostgreSQL's NOTIFY is delivered at commit (dropped on rollback) to every LISTENing
// process; SQLite has no such thing, so listeners of the same opened database are woken in-process
// (other processes on one SQLite file are found by their pollers).

export interface Notifier {
  notify(db: Kysely<any>, channel: string): Promise<void>;
  /** Calls onNotify for each notification (and once after each (re)connection); returns the stop. */
  listen(channel: string, onNotify: () => void, onError: (err: unknown) => void): () => Promise<void>;
}

function inProcessNotifier(): Notifier {
  const listeners = new Map<string, Set<() => void>>();
  return {
    // Called inside the transaction: the listener's own queries wait for SQLite's single connection,
    // so they only run once this transaction has ended.
    async notify(_db, channel) {
      for (const listener of listeners.get(channel) ?? []) setImmediate(listener);
    },
    listen(channel, onNotify) {
      let set = listeners.get(channel);
      if (!set) listeners.set(channel, (set = new Set()));
      set.add(onNotify);
      return async () => void set.delete(onNotify);
    },
  };
}

const RECONNECT_MS = 1_000;

function postgresNotifier(url: string): Notifier {
  return {
    async notify(db, channel) {
      await sql`select pg_notify(${channel}, '')`.execute(db);
    },
    // A dedicated connection (LISTEN is session state, which must not live on a pooled connection),
    // reconnecting after errors.
    listen(channel, onNotify, onError) {
      let current: pg.Client | null = null;
      let closed = false;
      let retry: NodeJS.Timeout | null = null;
      const reconnect = () => {
        if (!closed) retry = setTimeout(() => void connect(), RECONNECT_MS);
      };
      const connect = async () => {
        const client = new pg.Client({ connectionString: url });
        current = client;
        client.on('notification', () => onNotify());
        client.on('error', (err) => {
          onError(err);
          void client.end().catch(() => undefined);
          reconnect();
        });
        try {
          await client.connect();
          await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
          if (closed) await client.end();
          else onNotify(); // anything committed while not listening
        } catch (err) {
          void client.end().catch(() => undefined);
          onError(err);
          reconnect();
        }
      };
      void connect();
      return async () => {
        closed = true;
        if (retry) clearTimeout(retry);
        await current?.end().catch(() => undefined);
      };
    },
  };
}

export const NOTIFIERS: Record<Dialect, (url: string) => Notifier> = {
  sqlite: () => inProcessNotifier(),
  postgres: (url) => postgresNotifier(url),
};
