import { AsyncResource } from 'node:async_hooks';
import { resolve } from 'node:path';
import { BroadcastChannel, threadId } from 'node:worker_threads';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { Dialect } from './dialects.js';

// Both halves of "something was committed, wake up": notify inside a transaction, listen on an opened
// database. PostgreSQL's NOTIFY is delivered at commit (dropped on rollback) to every LISTENing
// process; SQLite has no such thing, so listeners on the same database file in this process are woken
// in-process, in this thread and in the others (the server's delivery worker runs in a thread of its
// own, with its own connection: webhooks/worker-thread.ts). Other processes on one SQLite file are
// found by their pollers.

export interface Notifier {
  notify(db: Kysely<any>, channel: string): Promise<void>;
  /** Calls onNotify for each notification (and once after each (re)connection); returns the stop. */
  listen(channel: string, onNotify: () => void, onError: (err: unknown) => void): () => Promise<void>;
}

/** Carried between threads: which thread notified (its own listeners were called directly). */
interface ThreadNotification {
  from: number;
}

function inProcessNotifier(path: string): Notifier {
  const listeners = new Map<string, Set<() => void>>();
  // Threads reach each other through a BroadcastChannel named by the database file and the channel
  // (a message reaches every other instance of that name in the process, in any thread, never the
  // one that posts it). One posting instance per channel, unref'd: it keeps no process alive.
  const scope = path === ':memory:' ? null : `helpdesk-notify:${resolve(path)}:`;
  const posters = new Map<string, BroadcastChannel>();
  const poster = (channel: string) => {
    let bc = posters.get(channel);
    if (!bc) {
      posters.set(channel, (bc = new BroadcastChannel(scope + channel)));
      bc.unref();
    }
    return bc;
  };
  return {
    // Called inside the transaction. This thread's listeners' queries wait for SQLite's single
    // connection, so they only run once this transaction has ended. Another thread's connection does
    // not wait: its message is posted from setImmediate, after the statements that end the transaction
    // (SQLite's driver runs them synchronously, chained by promises that settle before setImmediate).
    // Should one ever run late, the woken worker finds nothing yet and its poll finds the rows.
    async notify(_db, channel) {
      for (const listener of listeners.get(channel) ?? []) setImmediate(listener);
      if (scope !== null) {
        const bc = poster(channel);
        setImmediate(() => bc.postMessage({ from: threadId } satisfies ThreadNotification));
      }
    },
    listen(channel, onNotify) {
      let set = listeners.get(channel);
      if (!set) listeners.set(channel, (set = new Set()));
      // Run in the listener's own asynchronous context, not the notifying request's: a worker woken by a
      // request must not carry that request's context (its transaction observer, sql-handle.ts) along.
      const listener = AsyncResource.bind(onNotify);
      set.add(listener);
      // Other threads' notifications; this thread's own reach the listener directly (above).
      const fromThreads = scope === null ? null : new BroadcastChannel(scope + channel);
      if (fromThreads) {
        fromThreads.onmessage = (event) => {
          if ((event as { data?: ThreadNotification }).data?.from !== threadId) listener();
        };
        // A listener alone keeps no process (or thread) alive, as the in-thread set never did.
        fromThreads.unref();
      }
      return async () => {
        set.delete(listener);
        fromThreads?.close();
      };
    },
  };
}

// Reconnection after a lost LISTEN connection: quick at first, backing off to a ceiling while the
// database stays away (every attempt costs it a connection), back to quick after a success.
export const LISTEN_BACKOFF = { firstMs: 250, maxMs: 10_000, connectTimeoutMs: 5_000 };

function postgresNotifier(url: string): Notifier {
  return {
    async notify(db, channel) {
      await sql`select pg_notify(${channel}, '')`.execute(db);
    },
    // A dedicated connection (LISTEN is session state, which must not live on a pooled connection),
    // reconnecting after errors. Each client is given up exactly once (its 'error' and 'end' both
    // arrive on a cut), and every client keeps an 'error' listener until the process ends: an 'error'
    // event nobody listens to would be an uncaught exception, which ends the process.
    listen(channel, onNotify, onError) {
      let current: pg.Client | null = null;
      let closed = false;
      let retry: NodeJS.Timeout | null = null;
      let delay = LISTEN_BACKOFF.firstMs;
      const scheduleReconnect = () => {
        if (closed || retry) return;
        retry = setTimeout(() => {
          retry = null;
          void connect();
        }, delay);
        delay = Math.min(delay * 2, LISTEN_BACKOFF.maxMs);
      };
      const connect = async () => {
        if (closed) return;
        const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: LISTEN_BACKOFF.connectTimeoutMs, keepAlive: true });
        current = client;
        let lost = false;
        const giveUp = (err: unknown) => {
          if (lost) return;
          lost = true;
          if (current === client) current = null;
          if (!closed) onError(err);
          void client.end().catch(() => undefined);
          scheduleReconnect();
        };
        client.on('error', giveUp);
        client.on('end', () => giveUp(new Error('LISTEN connection ended')));
        client.on('notification', () => onNotify());
        try {
          await client.connect();
          await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        } catch (err) {
          giveUp(err);
          return;
        }
        if (closed) {
          lost = true;
          await client.end().catch(() => undefined);
          return;
        }
        delay = LISTEN_BACKOFF.firstMs;
        onNotify(); // anything committed while not listening
      };
      void connect();
      return async () => {
        closed = true;
        if (retry) clearTimeout(retry);
        retry = null;
        const client = current;
        current = null;
        await client?.end().catch(() => undefined);
      };
    },
  };
}

export const NOTIFIERS: Record<Dialect, (url: string) => Notifier> = {
  sqlite: (path) => inProcessNotifier(path),
  postgres: (url) => postgresNotifier(url),
};
