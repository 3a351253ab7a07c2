import type { Command } from 'commander';
import { PerformanceObserver } from 'node:perf_hooks';
import type { Worker } from 'node:worker_threads';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { loadConfig } from '../config.js';

// V8 lets the old generation grow to about four times what survived the last full collection before
// it collects again; a server's live heap is a few tens of MB, so the process held over 100 MB of
// garbage under load. At 50 % growth it collects sooner, for a peak RSS well below 200 MB at no
// measurable CPU cost per request (README, Performance). V8 reads this flag at every collection, so
// setting it from inside the process works (unlike the young generation's size, fixed at start). An
// explicit --heap-growing-percent (command line or NODE_OPTIONS) is left alone.
const HEAP_GROWING_FLAG = '--heap-growing-percent';

/** Whether a V8 flag was given on the command line or in NODE_OPTIONS (either spelling). */
function flagGiven(flag: string, execArgv: readonly string[], nodeOptions: string): boolean {
  const given = (arg: string) => arg.replace(/_/g, '-').startsWith(flag);
  return execArgv.some(given) || nodeOptions.split(/\s+/).some(given);
}

export function limitHeapGrowth(execArgv: readonly string[] = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? ''): boolean {
  if (flagGiven(HEAP_GROWING_FLAG, execArgv, nodeOptions)) return false;
  setFlagsFromString(`${HEAP_GROWING_FLAG}=50`);
  return true;
}

/**
 * The main isolate's young generation, capped at `capMb` per semi-space (V8's default maximum is 16
 * MB: two semi-spaces of 16 MB were resident after start-up, about a sixth of the server's peak).
 * --max-semi-space-size is read only when the isolate is made, so from inside the process the cap is
 * kept with the growth factor, which V8 reads each time it grows the young generation. Growth is off
 * (factor 1) from here on: start-up is one long synchronous stretch (loading the server's modules)
 * with many collections and no chance to check between them, and it grew the young generation to
 * its maximum. The returned function, called once the server is up, lets it grow again, checked
 * after every collection: on (factor 2) while a semi-space is below the cap, off once one has
 * reached it. Semi-spaces grow by doubling from 1 MB, so the cap is reached exactly (a power of 2).
 * Left alone (null) when the command line or NODE_OPTIONS sizes the young generation itself.
 */
export function capYoungGeneration(
  capMb: number,
  execArgv: readonly string[] = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? '',
): (() => () => void) | null {
  const own = ['--max-semi-space-size', '--semi-space-growth-factor', '--min-semi-space-size'];
  if (own.some((f) => flagGiven(f, execArgv, nodeOptions))) return null;
  setFlagsFromString('--semi-space-growth-factor=1');
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

/** The main isolate's semi-space size, MB (the young generation's committed size is both semi-spaces). */
export const semiSpaceMb = (): number => (getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0) / 2 / 2 ** 20;

/**
 * Semi-space cap of `serve`'s main isolate, MB: what loading the CLI already reaches (8 MB, V8's own
 * maximum on smaller machines), without the last doubling to 16 MB that load brought.
 */
export const SERVE_SEMI_SPACE_MB = 8;

/**
 * WebAssembly stays on its baseline compiler (Liftoff). The delivery thread's HTTP parser (undici's
 * llhttp) is WebAssembly; once it was hot, V8 re-compiled it with TurboFan, whose zones took about
 * 30 MB for a moment: that transient was the server's RSS peak whenever the thread started on a
 * backlog. Liftoff code parses a response slightly slower (within the noise of CPU per delivery).
 */
export function keepWasmOnBaseline(): void {
  setFlagsFromString('--liftoff-only');
}

/** Adds `serve`: the HTTP API, with an in-process webhook worker unless --no-worker. */
export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('run the HTTP API (with an in-process webhook worker unless --no-worker)')
    .option('--no-worker', 'do not deliver webhooks from this process')
    .action(async (opts: { worker: boolean }) => {
      limitHeapGrowth();
      const allowYoungGrowth = capYoungGeneration(SERVE_SEMI_SPACE_MB);
      keepWasmOnBaseline();
      const config = loadConfig();
      // Loaded on demand: the other commands need none of the HTTP stack (Fastify, routes, OpenAPI).
      const { serve } = await import('../server.js');
      await serve(config, { worker: opts.worker });
      allowYoungGrowth?.();
    });
}
