import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startCli, stopCli } from './support/cli-runner.js';
import { describeEachDialect } from './support/harness.js';

// Delivery work may run at a lower CPU priority than the API (WEBHOOK_WORKER_NICE, default 0 = the
// same; src/shared/cpu-priority.ts): every thread of a `worker` process, and in `serve` the delivery
// thread alone. Read from the kernel's view of each thread (/proc/PID/task/TID/stat, field 19 = nice), so
// Linux only (CI runs on Linux; nice values are per thread there).

/** The nice value of each thread of a process, by thread id. */
function threadNice(pid: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      // Fields after the command name (which may hold spaces), from field 3 on: nice is field 19.
      const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ');
      out.set(Number(tid), Number(fields[19 - 3]));
    } catch {
      // the thread ended meanwhile
    }
  }
  return out;
}

/** The pid of the process that wrote the worker's start-up line (serve runs the API in a child of the CLI). */
function workerPid(output: string): number {
  const line = output.split('\n').find((l) => l.includes('"webhook worker started"'));
  return (JSON.parse(line!) as { pid: number }).pid;
}

const STARTED = /"msg":"webhook worker started"/;

describe.runIf(process.platform === 'linux')('CPU priority of delivery work', () => {
  describeEachDialect('priority', (ctx) => {
    const env = (extra: Record<string, string> = {}) => ({ DATABASE_URL: ctx.dbUrl, LOG_LEVEL: 'info', ...extra });

    it('a worker process runs every thread at WEBHOOK_WORKER_NICE', async () => {
      const { child, output } = await startCli(['worker'], env({ WEBHOOK_WORKER_NICE: '10' }), STARTED, 60_000);
      try {
        const nice = threadNice(workerPid(output()));
        // Node's own threads (V8's, libuv's) started before the worker's code ran: all of them.
        expect(nice.size).toBeGreaterThan(1);
        expect(new Set(nice.values())).toEqual(new Set([10]));
      } finally {
        await stopCli(child);
      }
    });

    it("a worker process keeps the API's priority by default (and at 0)", async () => {
      for (const extra of [{}, { WEBHOOK_WORKER_NICE: '0' }] as Record<string, string>[]) {
        const { child, output } = await startCli(['worker'], env(extra), STARTED, 60_000);
        try {
          expect(new Set(threadNice(workerPid(output())).values())).toEqual(new Set([0]));
        } finally {
          await stopCli(child);
        }
      }
    });

    it('serve runs its delivery thread alone at the lower priority, the API at its own', async () => {
      const { child, output } = await startCli(
        ['serve'],
        env({ PORT: '0', HOST: '127.0.0.1', WEBHOOK_WORKER_NICE: '6' }),
        STARTED,
        60_000,
      );
      try {
        const pid = workerPid(output());
        const nice = threadNice(pid);
        expect(nice.get(pid)).toBe(0);
        expect([...nice.values()].filter((n) => n === 6)).toHaveLength(1);
        expect([...nice.values()].filter((n) => n !== 6 && n !== 0)).toEqual([]);
      } finally {
        await stopCli(child);
      }
    });
  });
});
