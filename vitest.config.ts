import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    // build-setup compiles src to dist/ once per run: the CLI and start tests run the compiled code.
    globalSetup: ['test/support/global-setup.ts', 'test/support/build-setup.ts'],
    pool: 'forks',
    // Files share their worker's module cache instead of each importing the app, Fastify, Kysely and the
    // drivers again: collecting took about a third of the suite's time. Every file builds its own
    // container, databases and servers, so no state rides along with the modules (the few fake-timer
    // tests restore real timers after each test).
    isolate: false,
    // Two test files at a time at least. Vitest's default (one fork per core but one) ran them one by
    // one on the 2-core machines, where a file spends much of its time waiting on PostgreSQL, child
    // processes and sockets: 371 s → 219 s. Every file has databases, temp files and ports of its
    // own; PostgreSQL's event-log horizon is cluster-wide, so tests read it after logSettled().
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll waits for what a browser or a worker does next; its 1 s default is shorter than that can
    // take on a loaded 2-core machine. A poll that succeeds returns as soon as it does.
    expect: { poll: { timeout: 10_000 } },
    // Under CI (any CI value but '', '0', 'false') a run with a skipped test fails: see the reporter.
    reporters: ['default', './test/support/no-skip-reporter.ts'],
  },
});
