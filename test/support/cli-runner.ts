import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `node dist/cli/main.js`, compiled from the current sources by test/support/build-setup.ts (a
 * vitest globalSetup), so a stale dist/ cannot stand in for them. Spawn it as
 * `spawn(...cliCommand(['worker']), options)`: one process, so a signal sent to the child reaches the CLI.
 */
export function cliCommand(args: string[]): [string, string[]] {
  const error = inject('cliBuildError');
  if (error) throw new Error(`the build (tsc -p tsconfig.build.json) failed, so the CLI cannot run:\n${error}`);
  const entry = inject('cliEntry');
  if (!entry)
    throw new Error(
      'the CLI was not built for this run: list test/support/build-setup.ts in globalSetup (vitest.config.ts)',
    );
  return [process.execPath, [entry, ...args]];
}

/** Runs `helpdesk <args>` in a child process with the given environment. */
export function runCli(args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(...cliCommand(args), {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Starts a long-running CLI command; resolves once its output matches `ready`. */
export function startCli(
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
  timeoutMs = 20_000,
): Promise<{ child: ChildProcess; output: () => string; match: RegExpMatchArray }> {
  return new Promise((resolve, reject) => {
    const child = spawn(...cliCommand(args), {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`timed out waiting for ${ready}; output:\n${out}`));
    }, timeoutMs);
    const onData = (d: Buffer) => {
      out += d;
      const match = out.match(ready);
      if (match) {
        clearTimeout(timer);
        resolve({ child, output: () => out, match });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before ${ready}; output:\n${out}`));
    });
  });
}

/** Stops a child started by startCli and waits for it to exit. */
export async function stopCli(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  // Drop startCli's "exited before ready" listener first: this exit is expected.
  child.removeAllListeners('exit');
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill(signal);
  return exited;
}
