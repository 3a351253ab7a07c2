import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, sleep, startService, type Proc } from './procs.js';

// What each open connection costs a `serve` process (rows 14 and 19), read the same way for both: the
// process runs with bench/helpers/memory-probe.mjs loaded and the GC exposed, and each reading is the
// median of several samples, each taken right after a forced full collection. A single RSS reading
// before and after moved with whatever garbage the heap held at that moment (row 19 read 2.9-6.6 kB
// per visitor, and once 25.1 kB). Nothing of it is in production: the flags are the benchmark's.

export interface MemoryReading {
  /** Resident set size, kB. */
  rssKb: number;
  /** The main thread's V8 heap in use, kB. */
  heapUsedKb: number;
  /** Memory of C++ objects bound to JavaScript ones (buffers included), kB. */
  externalKb: number;
}

export interface ProbedProc extends Proc {
  /** The median of `samples` readings, each after a forced full collection, `gapMs` apart. */
  settledMemory(samples?: number, gapMs?: number): Promise<MemoryReading>;
}

/** Readings per median. */
const SAMPLES = 5;

interface ProbeAnswer {
  seq: number;
  rss: number;
  heapUsed: number;
  external: number;
}

/** `serve` (or another service command) with the memory probe loaded. */
export function startProbedService(args: string[], env: Record<string, string>): ProbedProc {
  const dir = mkdtempSync(join(tmpdir(), 'bench-memory-'));
  const file = join(dir, 'memory.json');
  const probe = pathToFileURL(join(ROOT, 'bench', 'helpers', 'memory-probe.mjs')).href;
  const proc = startService(args, { ...env, BENCH_MEMORY_FILE: file }, ['--expose-gc', '--import', probe]);
  let seq = 0;
  const sample = async (): Promise<ProbeAnswer> => {
    proc.child.kill('SIGWINCH');
    seq += 1;
    for (let waited = 0; waited < 10_000; waited += 20) {
      if (existsSync(file)) {
        const answer = JSON.parse(readFileSync(file, 'utf8')) as ProbeAnswer;
        if (answer.seq >= seq) return answer;
      }
      await sleep(20);
    }
    throw new Error('the memory probe did not answer within 10 s');
  };
  return {
    ...proc,
    async settledMemory(samples = SAMPLES, gapMs = 500) {
      const answers: ProbeAnswer[] = [];
      for (let i = 0; i < samples; i++) {
        if (i > 0) await sleep(gapMs);
        answers.push(await sample());
      }
      const median = (pick: (a: ProbeAnswer) => number) => {
        const sorted = answers.map(pick).sort((a, b) => a - b);
        return sorted[Math.floor(sorted.length / 2)]! / 1024;
      };
      return {
        rssKb: median((a) => a.rss),
        heapUsedKb: median((a) => a.heapUsed),
        externalKb: median((a) => a.external),
      };
    },
    async stop() {
      await proc.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Growth per connection between two readings, and the text a row shows for it. */
export function perConnection(before: MemoryReading, after: MemoryReading, connections: number, noun: string) {
  const per = (pick: (m: MemoryReading) => number) => (pick(after) - pick(before)) / connections;
  const rssKb = per((m) => m.rssKb);
  const mb = (kb: number) => Math.round(kb / 1024);
  return {
    rssKb,
    text:
      `${rssKb.toFixed(1)} kB RSS per ${noun} (${mb(before.rssKb)} → ${mb(after.rssKb)} MB; heap used ` +
      `${per((m) => m.heapUsedKb).toFixed(1)} kB, external ${per((m) => m.externalKb).toFixed(1)} kB per ${noun}; ` +
      `medians of ${SAMPLES} readings after a forced GC)`,
  };
}
