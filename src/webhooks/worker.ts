import { randomUUID } from 'node:crypto';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import type { Clock } from '../shared/clock.js';
import { createDeliveryClient } from './delivery-client.js';
import { nextAttemptAt } from './delivery-policy.js';
import {
  cancelDelivery,
  claimDueDeliveries,
  nextWakeAt,
  recordAttempt,
  releaseLease,
  type ClaimedDelivery,
} from './delivery-queue-store.js';
import { onDeliveriesQueued } from './webhook-wakeup.js';

// The delivery worker: claims due deliveries with a lease, sends them concurrently, records each
// attempt. It wakes on new events (webhook-wakeup.ts), when the next retry or lease expiry is due,
// and at least every pollIntervalMs (other processes' events on SQLite, missed notifications,
// crashed workers' leases). It serves every organization, in turn: each claim starts after the
// organization the previous one ended with.

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

export interface WorkerDeps {
  database: Pick<DatabaseHandle, 'system' | 'listen'>;
  clock: Clock;
  settings: Config['webhooks'];
  logger: WorkerLogger;
}

export function startWorker({ database, clock, settings, logger }: WorkerDeps): WorkerHandle {
  const queue = database.system;
  const client = createDeliveryClient({ timeoutMs: settings.timeoutMs, allowPrivateTargets: settings.allowPrivateTargets });
  const inFlight = new Set<Promise<void>>();
  let stopping = false;
  let ticking = false;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  // The organization this worker served last: its next claim starts after it (see claimDueDeliveries).
  let lastOrganization: string | null = null;

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

  async function attempt(claimed: ClaimedDelivery) {
    // An inactive webhook receives nothing while inactive. (A deleted one's rows are gone with it.)
    if (claimed.is_active !== 1) {
      await cancelDelivery(queue, claimed);
      return;
    }
    const result = await client.send(claimed);
    const finishedAt = clock();
    const attemptsMade = claimed.attempt_count + 1;
    const next = result.success ? null : nextAttemptAt(attemptsMade, finishedAt, settings.retryDelaysMs);
    const recorded = await queue.transaction((s) =>
      recordAttempt(s, claimed, { success: result.success, statusCode: result.statusCode, finishedAt, nextAttemptAt: next }),
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
        const claimed = await claimDueDeliveries(queue, {
          now: clock(),
          leaseMs: settings.leaseMs,
          limit: capacity,
          token: randomUUID(),
          after: lastOrganization,
        });
        if (claimed.length === 0) break;
        lastOrganization = claimed[claimed.length - 1].organization_id;
        if (stopping) {
          // Claimed while stop() began: hand them back rather than start attempts nobody waits for.
          await Promise.all(claimed.map((c) => releaseLease(queue, c)));
          return;
        }
        for (const c of claimed) {
          const p: Promise<void> = attempt(c)
            .catch((err) => logger.error({ err, delivery: c.id }, 'webhook delivery attempt crashed'))
            .finally(() => {
              inFlight.delete(p);
              wake();
            });
          inFlight.add(p);
        }
        if (claimed.length === capacity) again = true;
      } while (again && !stopping);
      const wakeAt = await nextWakeAt(queue);
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

  const stopListening = onDeliveriesQueued(database, wake, (err) =>
    logger.warn({ err }, 'webhook worker is not listening for new deliveries; polling until it reconnects'),
  );
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
