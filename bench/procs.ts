import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { request } from 'undici';

// Child processes of a benchmark run: the compiled service (serve, worker, CLI), and the benchmark's
// own helpers (baseline server, webhook receiver, probe, raw delivery client) run under tsx. Every
// process is its own, so none of them shares an event loop with the load generator.

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const MAIN = join(ROOT, 'dist', 'cli', 'main.js');

export interface Proc {
  pid: number;
  child: ChildProcess;
  /** Everything written to stdout so far. */
  stdout(): string;
  /** The last few KB the process wrote to stderr. */
  stderrTail(): string;
  /** Peak resident set size so far (VmHWM), MB. */
  peakMb(): number;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export function serviceEnv(databaseUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    // The service's processes run as `npm start` runs `serve`: glibc's malloc arenas held to 2 unless
    // set (docs/operations.md, Memory). The baselines keep the machine's default.
    MALLOC_ARENA_MAX: '2',
    ...(process.env as Record<string, string>),
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '0',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    ...extra,
  };
}

function start(args: string[], env: Record<string, string>, label: string): Proc {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += d));
  // Errors of a child are the benchmark's business: keep the tail to show if it dies.
  child.stderr!.on('data', (d) => (err = (err + d).slice(-4000)));
  let peak = 0;
  const sample = () => {
    try {
      const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      if (m) peak = Math.max(peak, Number(m[1]) / 1024);
    } catch {
      // exited
    }
    return peak;
  };
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', (code, signal) => {
    if (process.env.BENCH_STDOUT_DIR)
      writeFileSync(`${process.env.BENCH_STDOUT_DIR}/${label.replace(/\W+/g, '_')}-${child.pid}.log`, out);
    if (!stopping && code !== 0) process.stderr.write(`[${label}] exited (${code ?? signal}):\n${err}\n`);
  });
  let stopping = false;
  return {
    pid: child.pid!,
    child,
    stdout: () => out,
    stderrTail: () => err,
    peakMb: sample,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      sample();
      stopping = true;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * The compiled service (`dist/cli/main.js serve|worker …`), as production runs it; `extraNodeArgs` are
 * node flags of this one process (the memory probe's, bench/memory.ts).
 */
export function startService(args: string[], env: Record<string, string>, extraNodeArgs: string[] = []): Proc {
  // BENCH_NODE_ARGS: flags for every service process's node (e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`:
  // each process and thread writes a CPU profile there when it exits).
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  return start([...nodeArgs, ...extraNodeArgs, MAIN, ...args], env, args.join(' '));
}

/** One of the benchmark's TypeScript helpers (bench/<file>) under tsx. */
export function startHelper(file: string, env: Record<string, string>): Proc {
  return start(
    ['--import', 'tsx', join(ROOT, 'bench', file)],
    { ...(process.env as Record<string, string>), ...env },
    file,
  );
}

/** Runs the compiled CLI to completion; its stdout. */
export async function cli(args: string[], env: Record<string, string>): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [MAIN, ...args], {
    cwd: ROOT,
    env,
    maxBuffer: 1 << 24,
  });
  return stdout;
}

export async function waitHttp(url: string, proc?: Proc, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc && proc.child.exitCode !== null) throw new Error(`process for ${url} exited with ${proc.child.exitCode}`);
    try {
      const res = await request(url);
      await res.body.dump();
      if (res.statusCode < 500) return;
    } catch {
      // not yet listening
    }
    await sleep(100);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
