import { Worker, type WorkerOptions } from 'node:worker_threads';

// A long-lived worker thread of the server (the webhook delivery worker, the SMTP listener), kept
// running: a thread that dies (an uncaught error, a failed start) is logged and started again after a
// delay that grows while it keeps dying, back to the first delay once a thread has run for a healthy
// minute. Stopping posts the thread its stop message, waits for it to exit, and ends one that does
// not within the time given.

/**
 * A thread running the module at `path` (relative to `base`, the caller's import.meta.url, without an
 * extension): compiled JavaScript in a build; TypeScript when the sources run directly (tests, tsx),
 * loaded through tsx's loader, which a thread does not inherit.
 */
export function spawnModuleThread(path: string, base: string, options: WorkerOptions): Worker {
  const ts = base.endsWith('.ts');
  const entry = new URL(`${path}${ts ? '.ts' : '.js'}`, base);
  if (!ts) return new Worker(entry, options);
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(boot, { ...options, eval: true });
}

export interface RestartBackoff {
  firstMs: number;
  maxMs: number;
}

const RESTART_BACKOFF: RestartBackoff = { firstMs: 1_000, maxMs: 30_000 };
/** A thread that ran this long before dying was healthy: the next restart is quick again. */
const HEALTHY_MS = 60_000;

export interface SupervisedThreadOptions<FromThread> {
  spawn(): Worker;
  /** Every message of every thread started. `{ type: 'started' }` also marks the first start done. */
  onMessage(message: FromThread): void;
  /** Where a death is logged: `died.line`, with the error and the delay before the next start. */
  logger: { error(obj: object, msg: string): void };
  /** `what` names the thread in the error of an exit without one; `line` is the log line of a death. */
  died: { what: string; line: string };
  restart?: RestartBackoff;
  /**
   * A first thread that dies before it has started is started again (true, the default: the cause may
   * pass), or only makes `started` reject (false: the caller fails its own start instead).
   */
  retryFirstStart?: boolean;
  /** What the thread is posted to drain and exit, and how long it is given before it is ended. */
  stop: { message: unknown; timeoutMs: number };
}

export interface SupervisedThread {
  /** Resolves once the first thread posts `{ type: 'started' }`; rejects if it exits before. */
  started: Promise<void>;
  /** Posts to the thread running now, if one is. */
  post(message: unknown): void;
  stop(): Promise<void>;
}

export function superviseThread<FromThread>(options: SupervisedThreadOptions<FromThread>): SupervisedThread {
  const { logger, died, restart = RESTART_BACKOFF } = options;
  let thread: Worker | null = null;
  let stopping = false;
  let restartTimer: NodeJS.Timeout | null = null;
  let delay = restart.firstMs;
  let exited: Promise<void> = Promise.resolve();
  let firstStart: { resolve(): void; reject(err: unknown): void } | null = null;
  const started = new Promise<void>((resolve, reject) => (firstStart = { resolve, reject }));
  // A caller that does not wait for the first start must not see an unhandled rejection.
  started.catch(() => undefined);

  function start() {
    restartTimer = null;
    const startedAt = Date.now();
    const current = options.spawn();
    thread = current;
    let failure: unknown = null;
    current.on('message', (message: FromThread) => {
      if ((message as { type?: unknown }).type === 'started') {
        firstStart?.resolve();
        firstStart = null;
      }
      options.onMessage(message);
    });
    // An uncaught exception (or unhandled rejection) in the thread; 'exit' follows.
    current.on('error', (err) => (failure = err));
    exited = new Promise((resolve) => {
      current.once('exit', (code) => {
        if (thread === current) thread = null;
        resolve();
        const err = failure ?? new Error(`the ${died.what} exited with code ${code}`);
        const beforeStart = firstStart !== null;
        firstStart?.reject(err);
        firstStart = null;
        if (stopping || (beforeStart && options.retryFirstStart === false)) return;
        if (Date.now() - startedAt >= HEALTHY_MS) delay = restart.firstMs;
        logger.error({ err, restartInMs: delay }, died.line);
        restartTimer = setTimeout(start, delay);
        delay = Math.min(delay * 2, restart.maxMs);
      });
    });
  }

  start();
  return {
    started,
    post: (message) => thread?.postMessage(message),
    async stop() {
      if (stopping) return;
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      thread?.postMessage(options.stop.message);
      // Bounded: a thread still starting (or stuck) is ended.
      const deadline = setTimeout(() => void thread?.terminate(), options.stop.timeoutMs);
      await exited;
      clearTimeout(deadline);
    },
  };
}
