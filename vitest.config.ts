import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    // build-setup compiles src to dist/ once per run: the CLI and start tests run the compiled code.
    globalSetup: ['test/support/global-setup.ts', 'test/support/build-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Under CI (any CI value but '', '0', 'false') a run with a skipped test fails: see the reporter.
    reporters: ['default', './test/support/no-skip-reporter.ts'],
  },
});
