import { PerformanceObserver } from 'node:perf_hooks';
import type { Worker } from 'node:worker_threads';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';

// The main isolate's young generation (two semi-spaces) grows by doubling, up to 16 MB per semi-space
// on these machines, whenever enough survives its collections. Loading the CLI's modules is one long
// stretch in which nearly everything survives: left alone it reached 8 MB per semi-space, and in two
// runs of three 16 MB, before `serve` could cap it, and stayed there (32 MB resident, the spread of
// the server's peak RSS between identical runs). V8 reads --max-semi-space-size only when it makes an
// isolate, but it reads the growth factor each time it would grow the young generation; a factor of 1
// holds it where it is. So the CLI holds it from its first line (main.ts, before the program's modules
// load); `serve` lets it grow to its cap once it is up, `worker` lets it grow as V8 would, and the
// one-shot commands keep it held (they are short-lived).

const OWN_FLAGS = ['--max-semi-space-size', '--semi-space-growth-factor', '--min-semi-space-size'];

/** Whether a V8 flag was given on the command line or in NODE_OPTIONS (either spelling). */
export function flagGiven(flag: string, execArgv: readonly string[], nodeOptions: string): boolean {
  const given = (arg: string) => arg.replace(/_/g, '-').startsWith(flag);
  return execArgv.some(given) || nodeOptions.split(/\s+/).some(given);
}

const sizedByOperator = (execArgv: readonly string[], nodeOptions: string) => OWN_FLAGS.some((f) => flagGiven(f, execArgv, nodeOptions));

/**
 * Holds the young generation at its current size (growth factor 1) until a thread is made: V8 raises a
 * factor below 2 back to 2 whenever it makes an isolate, which is why `serve`'s cap sets it again as
 * its threads come online. False, and nothing set, when the command line or NODE_OPTIONS sizes the
 * young generation itself.
 */
export function holdYoungGeneration(execArgv: readonly string[] = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? ''): boolean {
  if (sizedByOperator(execArgv, nodeOptions)) return false;
  setFlagsFromString('--semi-space-growth-factor=1');
  return true;
}

/** Lets the young generation grow as V8 would (its default factor, 2), unless the operator sized it. */
export function releaseYoungGeneration(execArgv: readonly string[] = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? ''): void {
  if (!sizedByOperator(execArgv, nodeOptions)) setFlagsFromString('--semi-space-growth-factor=2');
}

/** The main isolate's semi-space size, MB (the young generation's committed size is both semi-spaces). */
export const semiSpaceMb = (): number => (getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0) / 2 / 2 ** 20;

/**
 * The main isolate's young generation, capped at `capMb` per semi-space: held (factor 1) until the
 * returned function is called, once the server is up; from then on checked after every collection:
 * growth on (factor 2) while a semi-space is below the cap, off once one has reached it. Semi-spaces
 * grow by doubling from 1 MB, so the cap is reached exactly (a power of 2). Null, and nothing set,
 * when the command line or NODE_OPTIONS sizes the young generation itself.
 */
export function capYoungGeneration(
  capMb: number,
  execArgv: readonly string[] = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? '',
): (() => () => void) | null {
  if (!holdYoungGeneration(execArgv, nodeOptions)) return null;
  return () => {
    // Set after every check, not only on a change: V8 raises a factor below 2 back to 2 whenever it
    // makes an isolate (each worker thread: the delivery worker, the SQLite readers), for every isolate.
    const check = () => setFlagsFromString(`--semi-space-growth-factor=${semiSpaceMb() < capMb ? 2 : 1}`);
    const observer = new PerformanceObserver(check);
    observer.observe({ entryTypes: ['gc'] });
    // A thread's isolate resets the factor as it starts: set it again as soon as the thread runs,
    // rather than after the next collection (which may have doubled the semi-spaces already).
    const onWorker = (worker: Worker) => worker.once('online', check);
    process.on('worker', onWorker);
    check();
    return () => {
      observer.disconnect();
      process.off('worker', onWorker);
    };
  };
}
