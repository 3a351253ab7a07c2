import { Worker } from 'node:worker_threads';
import type { Config } from '../config.js';
import { threadResourceLimits } from '../shared/thread-heap.js';
import { fromThread, type FromThread, type ThreadData, type ToThread } from './worker-thread-messages.js';
import type { AttemptOutcome, WorkerHandle, WorkerLogger } from './worker.js';

// The server's in-process delivery worker, run in a worker thread. On the
// API's event loop (and, on SQLite, its one connection) the worker's claims, HTTP attempts and records
// queued behind requests: at 200 creates/s × 10 webhooks the delay from commit to first attempt
// reached seconds. In a thread with its own connection (src/worker-thread-entry.ts) it runs beside
// them, as a `worker` process does, and is woken by the same notifications (PostgreSQL: LISTEN; SQLite: the in-process notifier,
// which reaches other threads, db/notifications.ts).
//
// A thread that dies (an uncaught error, a failed start) is logged and started again after a delay
// that grows while it keeps dying: what it held is on lease and is attempted again once the lease
// runs out (at least once, as after a `worker` process crash).

export interface WorkerThreadOptions {
  config: Config;
  /** The server's logger: the thread's lines are written through it, at its level. */
  logger: WorkerLogger & { level?: string };
  /** Counts attempts by outcome (the server's /metrics). */
  onAttempt?: (outcome: AttemptOutcome) => void;
  /** Delay before restarting a dead thread, doubling up to maxMs; back to firstMs after a healthy minute. */
  restart?: { firstMs: number; maxMs: number };
}

export const RESTART_BACKOFF = { firstMs: 1_000, maxMs: 30_000 };
/** A thread that ran this long before dying was healthy: the next restart is quick again. */
const HEALTHY_MS = 60_000;

/**
 * The thread's heap: a small young generation (its objects are short-lived: a delivery's body, its
 * request) keeps the thread's share of the server's memory down; the old generation is left as is.
 */
const THREAD_LIMITS = { maxYoungGenerationSizeMb: 8 };

/**
 * The thread's module (an entry point at the top of src/, beside server.ts, since it builds the
 * composition root): compiled JavaScript in a build; TypeScript when the sources
 * run directly (tests, tsx), loaded through tsx's loader, which a thread does not inherit.
 */
function spawnThread(workerData: ThreadData): Worker {
  const self = import.meta.url;
  const ext = self.endsWith('.ts') ? '.ts' : '.js';
  const entry = new URL(`../worker-thread-entry${ext}`, self);
  const options = { workerData, name: 'webhook-worker', resourceLimits: threadResourceLimits(THREAD_LIMITS) };
  if (ext === '.js') return new Worker(entry, options);
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(boot, { ...options, eval: true });
}

export function startWorkerThread({
  config,
  logger,
  onAttempt = () => undefined,
  restart = RESTART_BACKOFF,
}: WorkerThreadOptions): WorkerHandle {
  const data: ThreadData = { config, logLevel: typeof logger.level === 'string' ? logger.level : config.logLevel };
  let thread: Worker | null = null;
  let stopping = false;
  let restartTimer: NodeJS.Timeout | null = null;
  let delay = restart.firstMs;
  let exited: Promise<void> = Promise.resolve();

  function start() {
    restartTimer = null;
    const startedAt = Date.now();
    const current = spawnThread(data);
    thread = current;
    let failure: unknown = null;
    current.on('message', (message: FromThread) => {
      if (message.type === 'log') logger[message.level](fromThread(message.obj) as object, message.msg);
      else if (message.type === 'attempts') {
        for (const [outcome, n] of Object.entries(message.counts))
          for (let i = 0; i < n; i++) onAttempt(outcome as AttemptOutcome);
      }
    });
    // An uncaught exception (or unhandled rejection) in the thread; 'exit' follows.
    current.on('error', (err) => (failure = err));
    exited = new Promise((resolve) => {
      current.once('exit', (code) => {
        if (thread === current) thread = null;
        resolve();
        if (stopping) return;
        if (Date.now() - startedAt >= HEALTHY_MS) delay = restart.firstMs;
        logger.error(
          { err: failure ?? new Error(`the webhook worker thread exited with code ${code}`), restartInMs: delay },
          'webhook worker thread died; starting a new one (deliveries it held are attempted again once their leases run out)',
        );
        restartTimer = setTimeout(start, delay);
        delay = Math.min(delay * 2, restart.maxMs);
      });
    });
  }

  start();
  return {
    async stop() {
      if (stopping) return;
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      // The thread stops claiming, lets attempts under way finish and be recorded, closes its connection and exits.
      thread?.postMessage({ type: 'stop' } satisfies ToThread);
      // Bounded like a `worker` process's graceful stop: a thread still starting (or stuck) is ended.
      const deadline = setTimeout(() => void thread?.terminate(), config.webhooks.timeoutMs + 5_000);
      await exited;
      clearTimeout(deadline);
    },
  };
}

/** Whether a thread can open the server's database: a private in-memory SQLite database it cannot. */
export const threadCanShare = (config: Config): boolean => (config.database as { path?: string }).path !== ':memory:';
