// Background upkeep that follows a connection's writes (search index merges, WAL checkpoints): a
// timer checks whether the connection has written since the last run and, if so, runs the work once,
// never two runs at a time. A run that failed, or says work is left, runs again at the next check.

export interface AfterWritesDeps {
  /** One run of the work: whether work may be left. `stopped` turns true once stop() is called. */
  run: (stopped: () => boolean) => Promise<boolean>;
  /** Counts the connection's write statements (any change means there may be work). */
  writes: () => number;
  intervalMs: number;
  /** A failed run (the write lock held elsewhere, a closed database): the next check tries again. */
  onError?: (err: unknown) => void;
}

export interface AfterWrites {
  /** Runs one check now (what the timer does), resolving when its run, if any, has finished. */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

export function runAfterWrites({ run, writes, intervalMs, onError = () => undefined }: AfterWritesDeps): AfterWrites {
  // The write count the last run started after; a run that left work (or failed) leaves it stale, so
  // the next check runs again even without new writes.
  let seenAtRun = writes();
  let running: Promise<void> | null = null;
  let stopped = false;

  function tick(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) return running;
    const seen = writes();
    if (seen === seenAtRun) return Promise.resolve();
    seenAtRun = seen;
    running = run(() => stopped)
      .then((more) => {
        if (more) seenAtRun = -1;
      })
      .catch((err: unknown) => {
        seenAtRun = -1;
        if (!stopped) onError(err);
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  const timer = setInterval(() => void tick(), intervalMs);
  // A process with nothing else to do (the CLI) exits without waiting for upkeep.
  timer.unref();
  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * Runs the tasks given to it one at a time, in order (a task starts once the previous one settled):
 * the server's upkeep shares it so that merges and checkpoints keep one reader thread busy, not two
 * (each thread is an isolate and a connection of its own: bench row 4's server peaked at 190-191 MB
 * with one lane, 195 MB in two runs without it).
 */
export function oneAtATime(): <T>(task: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return (task) => {
    const result = tail.then(task, task);
    tail = result.catch(() => undefined);
    return result;
  };
}
