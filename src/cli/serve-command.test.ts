import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { capYoungGeneration, limitHeapGrowth } from './serve-command.js';

describe('serve: heap growth', () => {
  it('sets --heap-growing-percent unless the command line or NODE_OPTIONS already does', () => {
    expect(limitHeapGrowth([], '')).toBe(true);
    expect(limitHeapGrowth(['--enable-source-maps'], '--max-old-space-size=512')).toBe(true);
    expect(limitHeapGrowth(['--heap-growing-percent=20'], '')).toBe(false);
    expect(limitHeapGrowth([], '--max-old-space-size=512 --heap_growing_percent=80')).toBe(false);
  });
});

describe('serve: young generation cap', () => {
  it('is left to the command line or NODE_OPTIONS when they size the young generation', () => {
    expect(capYoungGeneration(8, ['--max-semi-space-size=4'], '')).toBeNull();
    expect(capYoungGeneration(8, [], '--semi_space_growth_factor=3')).toBeNull();
  });

  // V8 flags are the process's: measured in a child process, which allocates in many small tasks
  // (as requests do), keeping part of what it allocates alive so that the young generation would grow.
  const semiSpaceAfterLoad = (cap: number | null): number => {
    const module = fileURLToPath(new URL('./serve-command.ts', import.meta.url));
    const script = `
      import { Worker } from 'node:worker_threads';
      const { capYoungGeneration, semiSpaceMb } = await import(${JSON.stringify(module)});
      const allow = ${cap === null ? 'null' : `capYoungGeneration(${cap}, [], '')`};
      allow?.();
      let keep = [];
      const turn = () => new Promise((resolve) => setImmediate(resolve));
      // Tasks of ~0.3 MB each: the cap is checked after collections, between tasks, so a task that
      // fills a semi-space twice could grow it twice before the check (with tasks of ~1 MB the 2 MB cap
      // read 4 MB once in a loaded full run). Requests allocate far less per task than either.
      for (let round = 0; round < 1600; round++) {
        for (let i = 0; i < 5000; i++) { const o = { i, s: 'x' + i }; if (i % 3 === 0) keep.push(o); }
        if (keep.length > 300000) keep = [];
        // A thread's isolate is made halfway (V8 then resets the growth factor for every isolate).
        if (round === 800) await new Promise((resolve) => new Worker('1', { eval: true }).once('exit', resolve));
        await turn();
      }
      process.stdout.write(String(semiSpaceMb()));
    `;
    const out = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    if (out.status !== 0) throw new Error(out.stderr);
    return Number(out.stdout);
  };

  it('keeps the semi-spaces at the cap under allocation, also after a worker thread is started', () => {
    expect(semiSpaceAfterLoad(null)).toBeGreaterThan(2);
    expect(semiSpaceAfterLoad(2)).toBeLessThanOrEqual(2);
    // Two child processes loading TypeScript through tsx: seconds each on a busy machine, past the
    // mutation run's 5 s default (vitest.mutation.config.ts), whose dry run it failed.
  }, 60_000);
});
