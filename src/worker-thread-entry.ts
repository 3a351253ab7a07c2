import { stat } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { createContainer } from './container.js';
import { openDatabase } from './db/database.js';
import { systemClock } from './shared/clock.js';
import { lowerThreadPriority } from './shared/cpu-priority.js';
import { postingLogger } from './shared/thread-log.js';
import type { FromThread, ThreadData, ToThread } from './webhooks/worker-thread-messages.js';
import type { AttemptOutcome, WorkerLogger } from './webhooks/worker.js';

// The thread side of the server's delivery worker (webhooks/worker-thread.ts starts it; an entry point
// like server.ts, as it builds the composition root): the same worker a
// `worker` process runs, built by the composition root from the server's config, on a connection (or
// pool) of its own, so that its claims, HTTP attempts and records run beside the API's requests
// instead of between them. Logs and attempt counts go to the server's thread as messages (the server's
// logger and /metrics); a "stop" message drains it as SIGTERM drains a `worker` process.

const port = parentPort!;
const { config, logLevel } = workerData as ThreadData;
const post = (message: FromThread) => port.postMessage(message);

/** Log lines at the server logger's level or above, posted to it (which serializes, redacts and writes them). */
const logger: WorkerLogger = postingLogger(logLevel, post) as unknown as WorkerLogger;

// Attempts are counted here and posted together every ATTEMPTS_FLUSH_MS (a message per attempt would
// be thousands a second from a backlog): /metrics lags by at most that much.
const ATTEMPTS_FLUSH_MS = 50;
let counts: Partial<Record<AttemptOutcome, number>> = {};
let flushTimer: NodeJS.Timeout | null = null;
const flushAttempts = () => {
  if (flushTimer) clearTimeout(flushTimer);
  flushTimer = null;
  if (Object.keys(counts).length > 0) post({ type: 'attempts', counts });
  counts = {};
};
const onAttempt = (outcome: AttemptOutcome) => {
  counts[outcome] = (counts[outcome] ?? 0) + 1;
  flushTimer ??= setTimeout(flushAttempts, ATTEMPTS_FLUSH_MS);
};

// Background work beside the API's requests: at WEBHOOK_WORKER_NICE > 0 (default 0, no change) this
// thread alone runs at that lower CPU priority (Linux; elsewhere a nice value is per process and the
// server's is left alone). libuv's thread pool (the whole server's file, DNS, zlib and crypto work) is
// started by the first thread that uses it, and its threads would inherit that thread's priority: it
// is made to exist first.
if (config.webhooks.nice > 0) await stat(process.cwd());
const priority = lowerThreadPriority(config.webhooks.nice);
if (priority.error)
  logger.warn(
    { err: priority.error, nice: config.webhooks.nice },
    'webhook worker thread could not lower its CPU priority',
  );

// Its own connection: on SQLite a second connection to the same file in WAL mode (writers take turns
// on the file's write lock, waiting for it off the event loop: sqlite-lock-wait.ts), with a quarter of
// the API connection's page cache (the thread reads and writes recent deliveries, a small part of the
// file, which the operating system caches anyway); on PostgreSQL a small pool like a `worker` process's.
// Metrics are the server's (the counts above), so the thread builds no registry of its own. The
// server's reader threads checkpoint the write-ahead log after this thread's commits too: in a claim's
// or a record's commit a checkpoint would hold up deliveries (bench row 4).
const database = openDatabase(config.database, {
  poolSize: Math.min(10, config.webhooks.concurrency + 2),
  sqliteCacheKib: 2_000,
  sqliteCheckpointsElsewhere: true,
});
const container = createContainer({ config: { ...config, metricsEnabled: false }, database, clock: systemClock });
const worker = container.startWorker(logger, onAttempt);

let stopping: Promise<void> | null = null;
port.on('message', (message: ToThread) => {
  if (message.type !== 'stop' || stopping) return;
  stopping = (async () => {
    try {
      await worker.stop();
      await database.close();
    } finally {
      flushAttempts();
      post({ type: 'stopped' });
      // Nothing is left to keep the thread alive: it exits.
      port.close();
    }
  })();
});
post({ type: 'started' });
