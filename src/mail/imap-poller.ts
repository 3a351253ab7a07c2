import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '../db/database.js';
import type { Clock } from '../shared/clock.js';
import { runImapConnection, type ImapAccount } from './imap-connection.js';
import * as leases from './imap-lease-store.js';
import type { InboundService } from './inbound-service.js';
import type { ImapSettings } from './mailbox-service.js';

// IMAP polling of every mailbox with `imap` settings, by exactly one process at a time per mailbox:
// each process claims free mailboxes with a lease on their row (imap-lease-store.ts) and renews it
// every heartbeat while it polls them; a process that dies loses its mailboxes when the lease runs
// out, and another claims them. No state lives on a pooled database connection. Each heartbeat also
// reads the mailbox's settings back: a mailbox deleted or without IMAP is given up, new settings
// reconnect. A failing connection sets the mailbox's status to `error` with last_error and is
// retried with a growing pause; a successful pass sets it back to `active` with last_polled_at.
// Mail is stored through the same inbound step as every other way in (source "imap").

export interface ImapPollerSettings {
  /** A pass over each folder at least this often (IMAP_POLL_SECONDS); IDLE brings new mail sooner. */
  pollMs: number;
  /** How often leases are renewed, settings re-read and free mailboxes claimed. */
  heartbeatMs?: number;
  /** How long a claim lasts without renewal (a dead process's mailboxes are taken over after it). */
  leaseMs?: number;
  /** The pause after a first failure, doubled after each further one up to backoffMaxMs. */
  backoffFirstMs?: number;
  backoffMaxMs?: number;
  /** Mailboxes one process polls at most. */
  maxMailboxes?: number;
}

export interface ImapPollerLogger {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export interface ImapPollerDeps {
  database: DatabaseHandle;
  clock: Clock;
  settings: ImapPollerSettings;
  inbound: Pick<InboundService, 'storeRawMessage'>;
  /** Opens a sealed mailbox password. */
  openSecret(sealed: string): Promise<string>;
  maxMessageBytes: number;
  logger: ImapPollerLogger;
}

export interface ImapPollerHandle {
  /** Stops polling, closes the connections and gives the leases up. */
  stop(): Promise<void>;
  /** Renews, re-reads and claims now rather than at the next heartbeat. */
  wake(): Promise<void>;
}

/** The poller's timings from IMAP_POLL_SECONDS: a heartbeat of at most 10 s and a lease of six of them. */
export function pollerTimings(settings: ImapPollerSettings) {
  const heartbeatMs = settings.heartbeatMs ?? Math.min(10_000, settings.pollMs);
  return {
    heartbeatMs,
    leaseMs: settings.leaseMs ?? Math.max(30_000, heartbeatMs * 6),
    backoffFirstMs: settings.backoffFirstMs ?? 1_000,
    backoffMaxMs: settings.backoffMaxMs ?? Math.max(settings.pollMs, 5 * 60_000),
    maxMailboxes: settings.maxMailboxes ?? 500,
  };
}

/** A failure as the mailbox shows it (last_error): the server's words, never the password. */
export function describeImapError(err: unknown, password: string): string {
  const e = err as { message?: string; responseText?: string; code?: string };
  let text = e?.message ?? String(err);
  if (e?.responseText && !text.includes(e.responseText)) text = `${text}: ${e.responseText}`;
  if (e?.code && !text.includes(e.code)) text = `${text} (${e.code})`;
  if (password.length >= 3) text = text.split(password).join('[redacted]');
  return text.slice(0, 1000);
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });

export function startImapPoller(deps: ImapPollerDeps): ImapPollerHandle {
  const { database, clock, logger } = deps;
  const timings = pollerTimings(deps.settings);
  const token = randomUUID();
  const sessions = new Map<string, Session>();
  let stopped = false;

  interface Session {
    renew(): Promise<void>;
    stop(): Promise<void>;
  }

  function startSession(organizationId: string, mailboxId: string, first: leases.ImapVersion): Session {
    const t = database.forOrganization(organizationId);
    const context = { organization_id: organizationId, mailbox_id: mailboxId };
    let version = first;
    let ended = false;
    let current = new AbortController();
    let failures = 0;

    const record = (used: leases.ImapVersion, outcome: leases.PollOutcome) =>
      leases.recordPoll(t, mailboxId, token, used, outcome).catch((err: unknown) => {
        logger.warn({ ...context, error: describeImapError(err, '') }, 'IMAP poll outcome not recorded');
        return false;
      });

    async function connectOnce(used: leases.ImapVersion, signal: AbortSignal): Promise<void> {
      let password = '';
      try {
        password = await deps.openSecret(used.imap_password);
        const account: ImapAccount = { ...(JSON.parse(used.imap) as ImapSettings), password };
        await runImapConnection(account, {
          pollMs: deps.settings.pollMs,
          maxBytes: deps.maxMessageBytes,
          signal,
          store: async (raw) => {
            await deps.inbound.storeRawMessage({ organizationId, mailboxId, raw, source: 'imap' });
          },
          polled: async () => {
            failures = 0;
            await record(used, { status: 'active', last_error: null, last_polled_at: clock() });
          },
          skipped: (uid, size) =>
            logger.warn(
              { ...context, uid, size, limit: deps.maxMessageBytes },
              'IMAP: a message larger than the limit is left unread in the mailbox',
            ),
        });
      } catch (err) {
        if (signal.aborted) return;
        failures += 1;
        const error = describeImapError(err, password);
        await record(used, { status: 'error', last_error: error });
        // The error's text only: an error object may carry the commands sent.
        logger.warn({ ...context, error, attempt: failures }, 'IMAP polling failed; connecting again');
        const pause = Math.min(timings.backoffFirstMs * 2 ** (failures - 1), timings.backoffMaxMs);
        await sleep(pause, signal);
      }
    }

    const running = (async () => {
      while (!ended) {
        current = new AbortController();
        await connectOnce(version, current.signal);
      }
    })();

    return {
      async renew() {
        let next: leases.ImapVersion | null;
        try {
          next = await leases.renewLease(t, mailboxId, { now: clock(), leaseMs: timings.leaseMs, token });
        } catch (err) {
          // The database is unreachable: keep polling; the lease runs out if this lasts.
          logger.warn({ ...context, error: describeImapError(err, '') }, 'IMAP lease not renewed');
          return;
        }
        if (!next) {
          logger.info(context, 'IMAP polling of this mailbox stops (deleted, IMAP removed, or taken over)');
          sessions.delete(`${organizationId}:${mailboxId}`);
          await this.stop();
          return;
        }
        if (next.imap !== version.imap || next.imap_password !== version.imap_password) {
          // New settings: connect again with them, at once.
          version = next;
          failures = 0;
          current.abort();
        }
      },
      async stop() {
        ended = true;
        current.abort();
        await running;
        await leases.releaseLease(t, mailboxId, token).catch(() => undefined);
      },
    };
  }

  async function heartbeat(): Promise<void> {
    await Promise.all([...sessions.values()].map((s) => s.renew()));
    if (stopped) return;
    const room = timings.maxMailboxes - sessions.size;
    if (room <= 0) return;
    const claimed = await leases.claimMailboxes(database.system, {
      now: clock(),
      leaseMs: timings.leaseMs,
      token,
      limit: room,
    });
    for (const row of claimed) {
      const key = `${row.organization_id}:${row.id}`;
      if (stopped || sessions.has(key)) continue;
      sessions.set(key, startSession(row.organization_id, row.id, row));
    }
  }

  let beating: Promise<void> = Promise.resolve();
  const beat = () => {
    beating = beating
      .then(heartbeat)
      .catch((err: unknown) =>
        logger.warn({ error: describeImapError(err, '') }, 'IMAP poller: claiming mailboxes failed; retrying'),
      );
    return beating;
  };
  void beat();
  const timer = setInterval(() => void beat(), timings.heartbeatMs);
  timer.unref();

  return {
    wake: beat,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await beating;
      const all = [...sessions.values()];
      sessions.clear();
      await Promise.all(all.map((s) => s.stop()));
    },
  };
}
