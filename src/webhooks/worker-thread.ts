import type { Config } from '../config.js';
import { spawnModuleThread, superviseThread, type RestartBackoff } from '../shared/supervised-thread.js';
import { threadResourceLimits } from '../shared/thread-heap.js';
import { writeLog } from '../shared/thread-log.js';
import type { FromThread, ThreadData, ToThread } from './worker-thread-messages.js';
import type { AttemptOutcome, WorkerHandle, WorkerLogger } from './worker.js';

// The server's in-process delivery worker, run in a worker thread. On the
// API's event loop (and, on SQLite, its one connection) the worker's claims, HTTP attempts and records
// queued behind requests: at 200 creates/s × 10 webhooks the delay from commit to first attempt
// reached seconds. In a thread with its own connection (src/worker-thread-entry.ts) it runs beside
// them, as a `worker` process does, and is woken by the same notifications (PostgreSQL: LISTEN; SQLite: the in-process notifier,
// which reaches other threads, db/notifications.ts).
//
// A thread that dies (an uncaught error, a failed start) is logged and started again after a delay
// that grows while it keeps dying (shared/supervised-thread.ts): what it held is on lease and is
// attempted again once the lease runs out (at least once, as after a `worker` process crash).

export interface WorkerThreadOptions {
  config: Config;
  /** The server's logger: the thread's lines are written through it, at its level. */
  logger: WorkerLogger & { level?: string };
  /** Counts attempts by outcome (the server's /metrics). */
  onAttempt?: (outcome: AttemptOutcome) => void;
  /** Delay before restarting a dead thread, doubling up to maxMs; back to firstMs after a healthy minute. */
  restart?: RestartBackoff;
}

/**
 * The thread's heap: a small young generation (its objects are short-lived: a delivery's body, its
 * request) keeps the thread's share of the server's memory down; the old generation is left as is.
 */
const THREAD_LIMITS = { maxYoungGenerationSizeMb: 8 };

export function startWorkerThread({
  config,
  logger,
  onAttempt = () => undefined,
  restart,
}: WorkerThreadOptions): WorkerHandle {
  const data: ThreadData = { config, logLevel: typeof logger.level === 'string' ? logger.level : config.logLevel };
  // The thread's module is an entry point at the top of src/, beside server.ts, since it builds the
  // composition root.
  const thread = superviseThread<FromThread>({
    spawn: () =>
      spawnModuleThread('../worker-thread-entry', import.meta.url, {
        workerData: data,
        name: 'webhook-worker',
        resourceLimits: threadResourceLimits(THREAD_LIMITS),
      }),
    onMessage(message) {
      if (message.type === 'log') writeLog(logger, message);
      else if (message.type === 'attempts') {
        for (const [outcome, n] of Object.entries(message.counts))
          for (let i = 0; i < n; i++) onAttempt(outcome as AttemptOutcome);
      }
    },
    logger,
    died: {
      what: 'webhook worker thread',
      line: 'webhook worker thread died; starting a new one (deliveries it held are attempted again once their leases run out)',
    },
    restart,
    // The thread stops claiming, lets attempts under way finish and be recorded, closes its connection
    // and exits; bounded like a `worker` process's graceful stop.
    stop: { message: { type: 'stop' } satisfies ToThread, timeoutMs: config.webhooks.timeoutMs + 5_000 },
  });
  return { stop: () => thread.stop() };
}

/** Whether a thread can open the server's database: a private in-memory SQLite database it cannot. */
export const threadCanShare = (config: Config): boolean => (config.database as { path?: string }).path !== ':memory:';
