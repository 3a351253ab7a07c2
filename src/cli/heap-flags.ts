import { PerformanceObserver } from 'node:perf_hooks';
import type { Worker } from 'node:worker_threads';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';

// The main isolate's young generation (two semi-spaces) grows by doubling, up to 16 MB per semi-space
// (V8's maximum on 64-bit), whenever enough survives its collections. Loading the CLI's modules is
// one long stretch in which nearly everything survives: left alone it reached 8 MB per semi-space, and in two
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

const sizedByOperator = (execArgv: readonly string[], nodeOptions: string) =>
  OWN_FLAGS.some((f) => flagGiven(f, execArgv, nodeOptions));

// V8 raises a growth factor below 2 back to 2 whenever it makes an isolate (each worker thread: the
// delivery worker, the SQLite readers), for every isolate of the process, and nothing runs on the main
// thread at that moment. So whatever holds or caps the young generation (the policy) is set again
// after every collection and as each thread comes online. That narrows the gap, but a long stretch of
// synchronous work can still grow it meanwhile: with the server's start slowed to ~3 s by a loaded
// machine, a reader thread made midway came online 690 ms later, and the start had grown the
// semi-spaces to 8 MB before serve could cap them (six runs of six; with this, three of six). So the
// server also makes no thread before it is up but the delivery worker's, right after it listens
// (server.ts: the SQLite upkeep starts then): semi-spaces of 2 MB at most in six runs.
let policy: (() => void) | null = null;
let observer: PerformanceObserver | null = null;
const onThread = (worker: Worker) => worker.once('online', () => policy?.());

function enforce(apply: (() => void) | null): void {
  policy = apply;
  if (!apply) {
    observer?.disconnect();
    observer = null;
    process.off('worker', onThread);
    return;
  }
  apply();
  if (observer) return;
  observer = new PerformanceObserver(() => policy?.());
  observer.observe({ entryTypes: ['gc'] });
  process.on('worker', onThread);
}

const hold = () => setFlagsFromString('--semi-space-growth-factor=1');

/**
 * Holds the young generation at its current size (growth factor 1), set again after every collection
 * and as each thread comes online, until released or capped. False, and nothing set, when the command
 * line or NODE_OPTIONS sizes the young generation itself.
 */
export function holdYoungGeneration(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? '',
): boolean {
  if (sizedByOperator(execArgv, nodeOptions)) return false;
  enforce(hold);
  return true;
}

/** Lets the young generation grow as V8 would (its default factor, 2), unless the operator sized it. */
export function releaseYoungGeneration(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? '',
): void {
  if (sizedByOperator(execArgv, nodeOptions)) return;
  enforce(null);
  setFlagsFromString('--semi-space-growth-factor=2');
}

/** The main isolate's semi-space size, MB (the young generation's committed size is both semi-spaces). */
export const semiSpaceMb = (): number =>
  (getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0) / 2 / 2 ** 20;

/**
 * The main isolate's young generation, capped at `capMb` per semi-space: held (factor 1) until the
 * returned function is called, once the server is up; from then on checked after every collection and
 * as each thread comes online: growth on (factor 2) while a semi-space is below the cap, off once one
 * has reached it. Semi-spaces grow by doubling from 1 MB, so the cap is reached exactly (a power of 2).
 * Null, and nothing set, when the command line or NODE_OPTIONS sizes the young generation itself.
 */
export function capYoungGeneration(
  capMb: number,
  execArgv: readonly string[] = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? '',
): (() => () => void) | null {
  if (!holdYoungGeneration(execArgv, nodeOptions)) return null;
  return () => {
    enforce(() => setFlagsFromString(`--semi-space-growth-factor=${semiSpaceMb() < capMb ? 2 : 1}`));
    return () => enforce(null);
  };
}
