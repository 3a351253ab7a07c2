import type { Reporter, TestModule, TestRunEndReason, Vitest } from 'vitest/node';
import { isCI } from './ci.js';

/**
 * Lists the tests that passed only on a retry. Under CI (see ci.ts) a run in which any test was
 * skipped fails: a suite that silently skips (no PostgreSQL, no Redis, a forgotten it.skip / it.only /
 * it.todo) must not look green. Sets the exit code only; the default reporter still prints the
 * results. A run filtered by test name (-t) skips the rest on purpose and is left alone.
 */
export default class NoSkipReporter implements Reporter {
  private filteredByName = false;

  onInit(vitest: Vitest): void {
    this.filteredByName = Boolean(vitest.config.testNamePattern);
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, _errors: unknown, reason: TestRunEndReason): void {
    // Tests that passed only on a retry (the browser tests get one): listed in every run.
    const flaky = testModules.flatMap((module) =>
      [...module.children.allTests()]
        .filter((test) => test.diagnostic()?.flaky)
        .map((test) => `  - ${module.moduleId} > ${test.fullName}${failedAttempts(test)}`),
    );
    if (flaky.length > 0)
      process.stderr.write(`\n${flaky.length} test(s) passed only on a retry:\n${flaky.join('\n')}\n\n`);
    if (!isCI() || this.filteredByName || reason === 'interrupted') return;
    const skipped: string[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'skipped' || state === 'pending') skipped.push(`${module.moduleId} > ${test.fullName}`);
      }
    }
    if (skipped.length === 0) return;
    process.exitCode = 1;
    const shown = skipped
      .slice(0, 50)
      .map((name) => `  - ${name}`)
      .join('\n');
    const more = skipped.length > 50 ? `\n  ... and ${skipped.length - 50} more` : '';
    process.stderr.write(
      `\nno-skip-reporter: ${skipped.length} test(s) were skipped, which a CI run does not allow (CI=${process.env.CI}):\n${shown}${more}\n\n`,
    );
  }
}

/**
 * What the failed attempts of a test that then passed threw: Vitest keeps their errors on the task
 * (TestCase.result() leaves them out of a pass). The first line of each, and where in a test file.
 */
function failedAttempts(test: unknown): string {
  const errors = (test as { task?: { result?: { errors?: { message?: string; stack?: string }[] } } }).task?.result
    ?.errors;
  return (errors ?? [])
    .map((e) => {
      const at = e.stack
        ?.split('\n')
        .find((line) => /\.test\.ts:\d+/.test(line) || /support\/[\w-]+\.ts:\d+/.test(line));
      return `\n      failed first: ${(e.message ?? '').split('\n')[0]}${at ? `\n      ${at.trim()}` : ''}`;
    })
    .join('');
}
