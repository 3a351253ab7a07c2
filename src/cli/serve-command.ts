import type { Command } from 'commander';
import { setFlagsFromString } from 'node:v8';
import { loadConfig } from '../config.js';
import { capYoungGeneration, flagGiven } from './heap-flags.js';

// V8 lets the old generation grow to about four times what survived the last full collection before
// it collects again; a server's live heap is a few tens of MB, so the process held over 100 MB of
// garbage under load. At 50 % growth it collects sooner, for a peak RSS well below 200 MB at no
// measurable CPU cost per request (docs/operations.md, Memory). V8 reads this flag at every collection, so
// setting it from inside the process works (unlike the young generation's size, fixed at start). An
// explicit --heap-growing-percent (command line or NODE_OPTIONS) is left alone.
const HEAP_GROWING_FLAG = '--heap-growing-percent';

export function limitHeapGrowth(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? '',
): boolean {
  if (flagGiven(HEAP_GROWING_FLAG, execArgv, nodeOptions)) return false;
  setFlagsFromString(`${HEAP_GROWING_FLAG}=50`);
  return true;
}

/**
 * Semi-space cap of `serve`'s main isolate, MB (heap-flags.ts). Against 8 MB (rows 1, 2, 4, 7 and 11 of the
 * benchmark on both engines): the same requests/s within noise, 7-10 MB less peak RSS.
 * (8 MB had been what loading the CLI reached before it was held; 16 MB, V8's maximum here, cost 16 MB
 * more of RSS for no measurable throughput.)
 */
export const SERVE_SEMI_SPACE_MB = 4;

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
