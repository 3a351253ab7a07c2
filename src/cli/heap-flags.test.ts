import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { capYoungGeneration, holdYoungGeneration } from './heap-flags.js';

describe('young generation: the operator decides first', () => {
  it('is left to the command line or NODE_OPTIONS when they size the young generation', () => {
    expect(capYoungGeneration(8, ['--max-semi-space-size=4'], '')).toBeNull();
    expect(capYoungGeneration(8, [], '--semi_space_growth_factor=3')).toBeNull();
    expect(holdYoungGeneration(['--min-semi-space-size=2'], '')).toBe(false);
    expect(holdYoungGeneration([], '--max_semi_space_size=4')).toBe(false);
  });
});

/**
 * The main isolate's semi-space size (MB) when `setup` ran, and after allocating (with a worker thread
 * started halfway when `startsThread`: V8 then resets the growth factor, which a hold and a cap set
 * again). V8 flags are the process's: measured in a child process, which allocates in many small
 * tasks (as requests do), keeping part of what it allocates alive so that the young generation would grow.
 */
async function semiSpaceAfterLoad(
  setup: string,
  { startsThread }: { startsThread: boolean },
): Promise<{ atSetup: number; after: number }> {
  const module = fileURLToPath(new URL('./heap-flags.ts', import.meta.url));
  const script = `
    import { Worker } from 'node:worker_threads';
    const { capYoungGeneration, holdYoungGeneration, releaseYoungGeneration, semiSpaceMb } = await import(${JSON.stringify(module)});
    ${setup};
    const atSetup = semiSpaceMb();
    let keep = [];
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    // Tasks of ~0.3 MB each: the cap is checked after collections, between tasks, so a task that
    // fills a semi-space twice could grow it twice before the check (with tasks of ~1 MB the 2 MB cap
    // read 4 MB once in a loaded full run). Requests allocate far less per task than either.
    for (let round = 0; round < 1600; round++) {
      for (let i = 0; i < 5000; i++) { const o = { i, s: 'x' + i }; if (i % 3 === 0) keep.push(o); }
      if (keep.length > 300000) keep = [];
      // A thread's isolate is made halfway (V8 then resets the growth factor for every isolate).
      if (round === 800 && ${startsThread}) await new Promise((resolve) => new Worker('1', { eval: true }).once('exit', resolve));
      await turn();
    }
    process.stdout.write(JSON.stringify({ atSetup, after: semiSpaceMb() }));
  `;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    { encoding: 'utf8' },
  );
  return JSON.parse(stdout) as { atSetup: number; after: number };
}

describe('young generation: held, released, capped', () => {
  // Four child processes loading TypeScript through tsx, side by side: seconds each on a busy machine,
  // past the mutation run's 5 s default (vitest.mutation.config.ts), whose dry run it failed.
  it('grows unless held; a hold keeps it where it was until released; a hold and a cap outlast a worker thread started meanwhile', async () => {
    const [free, held, released, capped] = await Promise.all([
      semiSpaceAfterLoad('', { startsThread: true }),
      semiSpaceAfterLoad("holdYoungGeneration([], '')", { startsThread: true }),
      semiSpaceAfterLoad("holdYoungGeneration([], ''); releaseYoungGeneration([], '')", { startsThread: false }),
      semiSpaceAfterLoad("capYoungGeneration(2, [], '')?.()", { startsThread: true }),
    ]);
    expect(free.after).toBeGreaterThan(2);
    expect(free.after).toBeGreaterThan(free.atSetup);
    expect(held.after).toBe(held.atSetup);
    expect(released.after).toBeGreaterThan(released.atSetup);
    expect(capped.after).toBeLessThanOrEqual(2);
  }, 60_000);
});
