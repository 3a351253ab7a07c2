import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { AppDeps } from '../app-deps.js';
import {
  cancelDelivery,
  claimDueDeliveries,
  findTargets,
  nextWakeAt,
  recordAttempt,
  releaseLease,
  type ClaimedDelivery,
} from './delivery-store.js';
import { createDeliveryClient, type DeliveryClient } from './delivery-client.js';
import { nextAttemptAt } from './signing.js';
import { onEventRecorded, PG_CHANNEL } from './wakeup.js';

// The delivery worker: claims due deliveries with a lease, sends them concurrently, records each
// attempt. It wakes on new events (LISTEN/NOTIFY on PostgreSQL, an in-process signal on SQLite), when
// the next retry or lease expiry is due, and at least every pollIntervalMs (other processes' events
// on SQLite, missed notifications, crashed workers' leases).

type LogFn = (obj: object | string, msg?: string) => void;
export interface WorkerLogger {
  info: LogFn;
  warn: LogFn;
  error: LogFn;
  debug: LogFn;
}

export interface WorkerHandle {
  stop(): Promise<void>;
}

export function startWorker(deps: AppDeps & { logger: WorkerLogger }): WorkerHandle {
  const { config, database, clock, logger } = deps;
  const settings = config.webhooks;
  const client: DeliveryClient = createDeliveryClient({
    timeoutMs: settings.timeoutMs,
    allowPrivateTargets: settings.allowPrivateTargets,
  });
  const inFlight = new Set<Promise<void>>();
  let stopping = false;
  let ticking = false;
  let again = false;
  let timer: NodeJS.Timeout | null = null;

  const schedule = (delayMs: number) => {
    if (stopping) return;
    if (timer) clearTimeout(timer);
    // Not unref'd: a running worker is what keeps a `worker` process alive; stop() clears it.
    timer = setTimeout(wake, Math.max(0, Math.min(delayMs, settings.pollIntervalMs)));
  };
  let current: Promise<void> = Promise.resolve();
  const wake = () => {
    if (stopping) return;
    if (ticking) again = true;
    else current = tick();
  };

  async function attempt(claimed: ClaimedDelivery, target: { url: string; secret: string; is_active: number } | undefined) {
    // A deleted webhook's rows are gone with it; an inactive one receives nothing while inactive.
    if (!target) return;
    if (target.is_active !== 1) {
      await cancelDelivery(database.db, claimed);
      return;
    }
    const result = await client.send(target, claimed);
    const finishedAt = clock();
    const attemptsMade = claimed.attempt_count + 1;
    const next = result.success ? null : nextAttemptAt(attemptsMade, finishedAt, settings.retryDelaysMs);
    const recorded = await database.transaction((trx) =>
      recordAttempt(trx, claimed, { success: result.success, statusCode: result.statusCode, finishedAt, nextAttemptAt: next }),
    );
    if (!recorded) logger.warn({ delivery: claimed.id }, 'webhook delivery no longer held (lease taken over or webhook deleted); attempt not recorded');
    else if (!result.success) {
      logger.warn({ delivery: claimed.id, attempt: attemptsMade, error: result.error }, 'webhook delivery attempt failed');
    } else logger.debug({ delivery: claimed.id, attempt: attemptsMade }, 'webhook delivered');
  }

  async function tick(): Promise<void> {
    if (stopping) return;
    if (ticking) {
      again = true;
      return;
    }
    ticking = true;
    try {
      do {
        again = false;
        const capacity = settings.concurrency - inFlight.size;
        if (capacity <= 0) return; // a finishing attempt ticks again
        const claimed = await claimDueDeliveries(database.db, database.dialect, {
          now: clock(),
          leaseMs: settings.leaseMs,
          limit: capacity,
          token: randomUUID(),
        });
        if (claimed.length === 0) break;
        if (stopping) {
          // Claimed while stop() began: hand them back rather than start attempts nobody waits for.
          await Promise.all(claimed.map((c) => releaseLease(database.db, c)));
          return;
        }
        const targets = new Map(
          (await findTargets(database.db, [...new Set(claimed.map((c) => c.webhook_id))])).map((t) => [t.id, t]),
        );
        for (const c of claimed) {
          const p: Promise<void> = attempt(c, targets.get(c.webhook_id))
            .catch((err) => logger.error({ err, delivery: c.id }, 'webhook delivery attempt crashed'))
            .finally(() => {
              inFlight.delete(p);
              wake();
            });
          inFlight.add(p);
        }
        if (claimed.length === capacity) again = true;
      } while (again && !stopping);
      const wakeAt = await nextWakeAt(database.db);
      schedule(wakeAt === null ? settings.pollIntervalMs : wakeAt - clock());
    } catch (err) {
      if (!stopping) logger.error({ err }, 'webhook worker could not poll the queue; retrying');
      schedule(settings.pollIntervalMs);
    } finally {
      ticking = false;
      // A wake-up that arrived after the last claim must not wait for the timer.
      if (again && !stopping) queueMicrotask(wake);
    }
  }

  const stopListening = database.dialect === 'postgres' ? listen(config.database.url, wake, logger) : onEventRecorded(database.db, wake);
  wake();
  logger.info({ concurrency: settings.concurrency }, 'webhook worker started');

  return {
    async stop() {
      if (stopping) return;
      stopping = true;
      if (timer) clearTimeout(timer);
      await stopListening();
      await current.catch(() => undefined);
      // Attempts under way finish (bounded by the request timeout) so their outcome is recorded.
      await Promise.allSettled([...inFlight]);
      await client.close();
    },
  };
}

/** LISTENs on a dedicated connection, reconnecting after errors; returns the stop function. */
function listen(url: string, onNotify: () => void, logger: WorkerLogger): () => Promise<void> {
  let current: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    current = c;
    c.on('notification', () => onNotify());
    c.on('error', (err) => {
      logger.warn({ err }, 'webhook worker lost its LISTEN connection; reconnecting');
      void c.end().catch(() => undefined);
      if (!closed) retry = setTimeout(() => void connect(), 1_000);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${PG_CHANNEL}`);
      if (closed) await c.end();
      else onNotify(); // anything committed while not listening
    } catch (err) {
      void c.end().catch(() => undefined);
      if (!closed) {
        logger.warn({ err }, 'webhook worker could not LISTEN; polling until it can');
        retry = setTimeout(() => void connect(), 1_000);
      }
    }
  };
  void connect();
  return async () => {
    closed = true;
    if (retry) clearTimeout(retry);
    await current?.end().catch(() => undefined);
  };
}
