import { AsyncResource } from 'node:async_hooks';
import { resolve } from 'node:path';
import { BroadcastChannel, threadId } from 'node:worker_threads';
import type pg from 'pg';
import { pgDriver } from './pg-driver.js';
import type { Dialect } from './dialects.js';

// Both halves of "something was committed, wake up": notify once a transaction has committed (the
// handles call notify after COMMIT, never after a rollback: sql-handle.ts), listen on an opened
// database. PostgreSQL's NOTIFY reaches every LISTENing process; SQLite has no such thing, so listeners
// on the same database file in this process are woken in-process, in this thread and in the others
// (the server's delivery worker runs in a thread of its own, with its own connection:
// webhooks/worker-thread.ts). Other processes on one SQLite file are found by their pollers.
//
// A wake-up is a latency hint, never the guarantee: what it announces is committed in the database,
// and listeners poll for it anyway (a crash between commit and notify, a dropped LISTEN connection).
// So notify never rejects.

export interface Notifier {
  /**
   * Called after the commit (never inside a transaction). Never rejects. Without a payload, a
   * process's wake-ups of one channel are coalesced; with one (a short text, PostgreSQL allows under
   * 8000 bytes), each is sent as it is, for messages that are not in the database at all (presence).
   */
  notify(channel: string, payload?: string): Promise<void>;
  /**
   * Calls onNotify for each notification, with its payload ('' for a plain wake-up, and once after
   * each (re)connection with ''); returns the stop.
   */
  listen(channel: string, onNotify: (payload: string) => void, onError: (err: unknown) => void): () => Promise<void>;
}

/** Carried between threads: which thread notified (its own listeners were called directly), and the payload. */
interface ThreadNotification {
  from: number;
  payload?: string;
}

function inProcessNotifier(path: string): Notifier {
  const listeners = new Map<string, Set<(payload: string) => void>>();
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
    // Called after the commit: another thread's connection (which does not wait for this one) sees
    // the committed rows when its message arrives. Listeners still run from setImmediate, never inside
    // the notifying caller's call stack.
    async notify(channel, payload = '') {
      for (const listener of listeners.get(channel) ?? []) setImmediate(listener, payload);
      if (scope !== null) {
        const bc = poster(channel);
        setImmediate(() => bc.postMessage({ from: threadId, payload } satisfies ThreadNotification));
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
          const data = (event as { data?: ThreadNotification }).data;
          if (data?.from !== threadId) listener(data?.payload ?? '');
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

/**
 * A process's wake-ups of one channel, coalesced: at most one send in flight; the calls that arrive
 * while one is in flight share exactly one more, sent once it has ended (it starts after their commits,
 * so it announces them). Each call resolves once a send that started after it was made has ended.
 */
export function coalesced(send: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  const start = (): Promise<void> => {
    const p: Promise<void> = send()
      .catch(() => undefined)
      .finally(() => {
        if (running === p) running = null;
      });
    return (running = p);
  };
  return () => {
    if (!running) return start();
    return (queued ??= running.then(() => {
      queued = null;
      return start();
    }));
  };
}

/** Bounds connecting and each NOTIFY of the notifying connection: a later wake-up is no use (the poll runs every second). */
export const NOTIFY_TIMEOUT_MS = 2_000;

/**
 * The connection a process sends its wake-ups on, opened when first needed and again after a failure.
 * Not a pooled one: under load a wake-up waited in the pool's queue behind whole transactions (p50
 * 35-145 ms, max 0.5 s at 50-80 creates/s on a loaded 2-core machine), which went straight into the
 * webhook delay. Its socket is unref'd: it never keeps a process alive (nothing closes it; a wake-up
 * lost at exit is one the pollers find).
 */
function notifyingConnection(url: string) {
  let current: pg.Client | null = null;
  let opening: Promise<pg.Client> | null = null;
  const drop = (client: pg.Client) => {
    if (current === client) current = null;
    void client.end().catch(() => undefined);
  };
  const open = async () => {
    const client = new (pgDriver().Client)({
      connectionString: url,
      connectionTimeoutMillis: NOTIFY_TIMEOUT_MS,
      query_timeout: NOTIFY_TIMEOUT_MS,
      keepAlive: true,
    });
    // Every client keeps an 'error' listener for its whole life (an unheard 'error' ends the process).
    client.on('error', () => drop(client));
    client.on('end', () => drop(client));
    try {
      await client.connect();
    } catch (err) {
      drop(client);
      throw err;
    }
    (client as unknown as { connection?: { stream?: { unref?(): void } } }).connection?.stream?.unref?.();
    return (current = client);
  };
  return async (text: string): Promise<void> => {
    const client = current ?? (await (opening ??= open().finally(() => (opening = null))));
    try {
      await client.query(text);
    } catch (err) {
      // Timed out (the statement may still be running there) or cut: never used again.
      drop(client);
      throw err;
    }
  };
}

/**
 * listenUrl: session-level work (LISTEN; DATABASE_DIRECT_URL when set). notifyUrl: where wake-ups go
 * on a connection of their own (DATABASE_URL, so through PgBouncer when there is one).
 */
function postgresNotifier(listenUrl: string, notifyUrl: string): Notifier {
  const senders = new Map<string, () => Promise<void>>();
  const send = notifyingConnection(notifyUrl);
  return {
    // In a transaction of its own, after the commit it announces. A NOTIFY takes the database-wide
    // notify-queue lock at COMMIT and holds it through the commit's WAL flush: when every create
    // notified inside its own transaction, creates committed one at a time (`Lock:object` waits on
    // COMMIT under load). Now only these small transactions take it, at most one per process at a
    // time (coalesced), and they commit without waiting for the flush (synchronous_commit off, for
    // this transaction only): a notification lost in a crash is one the listeners' polls find. One
    // simple-protocol query of two statements, which PostgreSQL runs as one implicit transaction (SET
    // LOCAL holds in it; an error rolls it all back and leaves no transaction open): no session
    // state, so it is safe behind PgBouncer's transaction pooling.
    notify(channel, payload) {
      if (payload !== undefined && payload !== '') {
        const literal = pgDriver().escapeLiteral;
        return send(`SELECT pg_notify(${literal(channel)}, ${literal(payload)})`).catch(() => undefined);
      }
      let sender = senders.get(channel);
      if (!sender) {
        const text = `SET LOCAL synchronous_commit = off; SELECT pg_notify(${pgDriver().escapeLiteral(channel)}, '')`;
        senders.set(channel, (sender = coalesced(() => send(text))));
      }
      return sender();
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
        const client = new (pgDriver().Client)({
          connectionString: listenUrl,
          connectionTimeoutMillis: LISTEN_BACKOFF.connectTimeoutMs,
          keepAlive: true,
        });
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
        client.on('notification', (message) => onNotify(message.payload ?? ''));
        try {
          await client.connect();
          await client.query(`LISTEN ${pgDriver().escapeIdentifier(channel)}`);
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
        onNotify(''); // anything committed while not listening
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

/**
 * url: the SQLite file, or PostgreSQL's URL for LISTEN. notifyUrl (PostgreSQL): the URL wake-ups are
 * sent to on a connection of their own (see notifyingConnection); the LISTEN URL when not given.
 */
export const NOTIFIERS: Record<Dialect, (url: string, notifyUrl?: string) => Notifier> = {
  sqlite: (path) => inProcessNotifier(path),
  postgres: (url, notifyUrl) => postgresNotifier(url, notifyUrl ?? url),
};
