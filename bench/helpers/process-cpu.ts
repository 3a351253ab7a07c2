import { readFileSync, readdirSync } from 'node:fs';

// CPU time of processes read from /proc (Linux), for the helpers that measure CPU per operation: a
// number that stays meaningful on a busy 2-core machine, where rates move with whatever else runs.

const TICK = 100; // USER_HZ

/** utime + stime of a process, or of one of its threads (by thread id: the main thread's is the pid), ms. */
export function cpuMs(pid: number, thread?: number): number {
  const fields = readFileSync(thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`, 'utf8')
    .split(') ')[1]
    .split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICK;
}

/** Voluntary and involuntary context switches of a process's main thread so far (/proc/PID/status). */
export function contextSwitches(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return (
    Number(/^voluntary_ctxt_switches:\s+(\d+)/m.exec(status)![1]) +
    Number(/^nonvoluntary_ctxt_switches:\s+(\d+)/m.exec(status)![1])
  );
}

/** Every process now running, with its command name and command line (NUL-separated arguments). */
export function* processes(): Generator<{ pid: number; comm: string; cmdline: string }> {
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      yield {
        pid: Number(d),
        comm: readFileSync(`/proc/${d}/comm`, 'utf8').trim(),
        cmdline: readFileSync(`/proc/${d}/cmdline`, 'utf8'),
      };
    } catch {
      // gone
    }
  }
}

/**
 * CPU of every process whose command name and command line `match` (processes come and go: close
 * enough for a before/after on a quiet machine), ms.
 */
export function cpuOfProcesses(match: (comm: string, cmdline: string) => boolean): number {
  let total = 0;
  for (const { pid, comm, cmdline } of processes()) {
    if (!match(comm, cmdline)) continue;
    try {
      total += cpuMs(pid);
    } catch {
      // gone
    }
  }
  return total;
}

/** CPU of every postgres process (its backends included), ms. */
export const postgresCpuMs = (): number => cpuOfProcesses((comm) => comm === 'postgres');

/**
 * CPU of a process's main thread and of its other threads together (Node's worker threads, V8's helpers
 * and libuv's pool: on Node 20 they all carry the process's name, so they cannot be told apart), ms.
 */
export function mainAndOtherCpuMs(pid: number): { main: number; others: number } {
  const main = cpuMs(pid, pid);
  return { main, others: cpuMs(pid) - main };
}
