import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The compiled CLI (dist/cli/main.js) when this run built it from the current sources, else null. */
    cliEntry: string | null;
    /** Why the build failed (tsc's messages), when it did. */
    cliBuildError: string | null;
  }
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');

// Tests that spawn the CLI run the compiled dist/cli/main.js (about 3x faster to start than tsx),
// built here before any test file runs and again before each watch-mode rerun. `tsc -p` (not the
// `tsc -b` of the npm scripts, which trusts modification times) compares every source's content with
// what dist/ was built from, so an edit made while a build ran is not missed; about 2 s when nothing
// changed. A failed build does not stop the run: only tests that spawn the CLI fail, with tsc's messages
// (cli-runner refuses to run a dist/ this run did not build).
async function build(project: TestProject): Promise<void> {
  try {
    await promisify(execFile)(process.execPath, [TSC, '-p', 'tsconfig.build.json'], {
      cwd: ROOT,
      maxBuffer: 16 * 1024 * 1024,
    });
    project.provide('cliEntry', `${ROOT}dist/cli/main.js`);
    project.provide('cliBuildError', null);
  } catch (err) {
    const { stdout, stderr, message } = err as { stdout?: string; stderr?: string; message: string };
    project.provide('cliEntry', null);
    project.provide('cliBuildError', `${stdout ?? ''}${stderr ?? ''}`.trim() || message);
  }
}

export default async function setup(project: TestProject) {
  await build(project);
  project.onTestsRerun(() => build(project));
}
