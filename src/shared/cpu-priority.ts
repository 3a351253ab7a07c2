import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

// Webhook delivery is background work: where it shares a machine with the API, an operator may want
// the API's requests to get the CPU first and deliveries the rest, rather than the two splitting it
// evenly. The delivery worker (a `worker` process, or the server's delivery thread) then runs at a
// lower CPU priority: a nice value (WEBHOOK_WORKER_NICE; 0, the default, changes nothing). It is a
// trade-off, measured on a saturated 2-core machine (benchmark rows 3-5): ticket creates while two
// workers drain a backlog went from 0.44 x the rate without workers at nice 0 to 0.53 x at 5 and
// 0.61 x at 10, with about as many deliveries per second meanwhile; but webhook delays under that
// overload grew from p99 ~280 ms to 0.5-1.4 s, and a worker alone on a backlog delivered ~10 % less
// (it yields to the database and the receiver too). Hence off by default.
//
// On Linux a nice value belongs to a thread, not to a process (setpriority(2), "BUGS"): a thread
// started later inherits its creator's, but the threads V8 and libuv started before any of our code
// ran (garbage collection, compilation) keep theirs unless each is set by its id. Elsewhere it is
// per process. A process may always lower its own priority; raising it back needs privileges, so an
// already lower priority (a `nice`d process) is left as it is.

export interface PriorityDeps {
  platform: NodeJS.Platform;
  /** This process's thread ids (Linux: /proc/self/task). */
  threads(): number[];
  getPriority(id: number): number;
  setPriority(id: number, nice: number): void;
}

/** The operating system's scheduler (exported for its test). */
export const systemDeps: PriorityDeps = {
  platform: process.platform,
  threads: () => readdirSync('/proc/self/task').map(Number),
  getPriority: (id) => getPriority(id),
  setPriority: (id, nice) => setPriority(id, nice),
};

export interface PriorityOutcome {
  /** Threads (or, off Linux, the process) whose nice value was raised to the target. */
  lowered: number;
  /** Those already at the target or lower in priority, left alone. */
  kept: number;
  /** The first error met, if any (the others are like it); threads that exited meanwhile are not errors. */
  error: Error | null;
}

/** Sets one thread (or process) to `nice` unless it already runs at that priority or a lower one. */
function lower(deps: PriorityDeps, id: number, nice: number, outcome: PriorityOutcome): void {
  try {
    if (deps.getPriority(id) >= nice) {
      outcome.kept++;
      return;
    }
    deps.setPriority(id, nice);
    outcome.lowered++;
  } catch (err) {
    // A thread that ended between the listing and the call (ESRCH) has nothing left to lower.
    if ((err as NodeJS.ErrnoException).code !== 'ESRCH') outcome.error ??= err as Error;
  }
}

/** Lowers the whole process (every thread it has and, by inheritance, every one it starts) to `nice`. */
export function lowerProcessPriority(nice: number, deps: PriorityDeps = systemDeps): PriorityOutcome {
  const outcome: PriorityOutcome = { lowered: 0, kept: 0, error: null };
  if (nice <= 0) return outcome;
  // Off Linux, id 0 is the calling process as a whole.
  const ids = deps.platform === 'linux' ? deps.threads() : [0];
  for (const id of ids) lower(deps, id, nice, outcome);
  return outcome;
}

/**
 * Lowers the calling thread alone (the server's delivery thread, beside the API's) to `nice`: only
 * on Linux, where id 0 means the calling thread. Elsewhere it would lower the whole server, API
 * included, so nothing is changed (the outcome counts nothing).
 */
export function lowerThreadPriority(nice: number, deps: PriorityDeps = systemDeps): PriorityOutcome {
  const outcome: PriorityOutcome = { lowered: 0, kept: 0, error: null };
  if (nice > 0 && deps.platform === 'linux') lower(deps, 0, nice, outcome);
  return outcome;
}
