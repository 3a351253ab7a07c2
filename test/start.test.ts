import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { cliCommand } from './support/cli-runner.js';

// `npm start` as an operator runs it: npm → (sh exec) → node dist/cli/main.js serve, on a throwaway
// SQLite database. POSIX only (npm's script shell and `ps`), like the scripts themselves.

const ROOT = fileURLToPath(new URL('..', import.meta.url));

interface Started {
  npm: ChildProcess;
  /** npm's exit code (npm exits with its script's code). */
  npmExit: Promise<number | null>;
  serverPid: number;
  port: number;
  token: string;
  /** The server's log lines (pino JSON) seen so far. */
  logs: () => Record<string, unknown>[];
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const kill = (pid: number | undefined) => {
  try {
    if (pid) process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
};

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** `ps` fields of one process ("ppid", "args"). */
const ps = (pid: number, field: string): string =>
  execFileSync('ps', ['-o', `${field}=`, '-p', String(pid)], { encoding: 'utf8' }).trim();

async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Whether a new TCP connection to the port is accepted. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function npmStart(extraEnv: Record<string, string> = {}): Promise<Started> {
  cliCommand([]); // throws tsc's messages if this run's build failed (npm start would fail the same way)
  const dir = mkdtempSync(join(tmpdir(), 'helpdesk-start-'));
  // A clean npm environment: no npm_* settings inherited from an `npm test` around this run, and no
  // allocator setting but the test's own.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !name.toLowerCase().startsWith('npm_') && name !== 'MALLOC_ARENA_MAX',
    ),
  );
  const npm = spawn('npm', ['start'], {
    cwd: ROOT,
    env: {
      ...env,
      DATABASE_URL: `sqlite:${join(dir, 'helpdesk.db')}`,
      PORT: '0', // the system picks a free port; the server logs it
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_MINUTE: '0',
      npm_config_update_notifier: 'false',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const npmExit = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
  let out = '';
  npm.stdout!.on('data', (d) => (out += d));
  npm.stderr!.on('data', (d) => (out += d));
  const logs = () =>
    out.split('\n').flatMap((line) => {
      if (!line.startsWith('{')) return [];
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return []; // a line still being written
      }
    });
  let serverPid: number | undefined;
  cleanups.push(() => {
    kill(serverPid);
    kill(npm.pid);
    rmSync(dir, { recursive: true, force: true });
  });

  let exited = false;
  void npmExit.then(() => (exited = true));
  const listening = () => logs().find((l) => String(l.msg).startsWith('Server listening at'));
  await waitFor(
    () => {
      if (exited) throw new Error(`npm start exited before the server listened; output:\n${out}`);
      return listening() !== undefined;
    },
    `the server to listen; output so far:\n${out}`,
    30_000,
  );
  const line = listening()!;
  serverPid = Number(line.pid);
  const port = Number(/:(\d+)$/.exec(String(line.msg))![1]);
  const token = /hdk_[A-Za-z0-9_-]+/.exec(out)?.[0];
  if (!token) throw new Error(`no API key printed on first start; output:\n${out}`);
  const health = await fetch(`http://127.0.0.1:${port}/healthz`);
  expect(health.status).toBe(200);
  return { npm, npmExit, serverPid, port, token, logs };
}

describe('npm start', () => {
  it("runs the compiled server as npm's own child (the script shell execs node, no tsx)", async () => {
    const s = await npmStart();
    expect(Number(ps(s.serverPid, 'ppid'))).toBe(s.npm.pid);
    expect(ps(s.serverPid, 'args')).toBe('node dist/cli/main.js serve');
    s.npm.kill('SIGTERM');
    expect(await s.npmExit).toBe(0);
  });

  it("the server runs with glibc's malloc arenas held to 2 unless the operator sets MALLOC_ARENA_MAX", async () => {
    // /proc/<pid>/environ: the environment the server's node was started with (NUL-separated).
    const arenas = (pid: number) =>
      readFileSync(`/proc/${pid}/environ`, 'utf8')
        .split('\0')
        .find((v) => v.startsWith('MALLOC_ARENA_MAX='));
    const s = await npmStart();
    expect(arenas(s.serverPid)).toBe('MALLOC_ARENA_MAX=2');
    s.npm.kill('SIGTERM');
    expect(await s.npmExit).toBe(0);
    const own = await npmStart({ MALLOC_ARENA_MAX: '4' });
    expect(arenas(own.serverPid)).toBe('MALLOC_ARENA_MAX=4');
    own.npm.kill('SIGTERM');
    expect(await own.npmExit).toBe(0);
  });

  it('the server begins with the young generation the CLI held from its first line, not what loading its modules grew', async () => {
    const s = await npmStart();
    const metrics = await (await fetch(`http://127.0.0.1:${s.port}/metrics`)).text();
    const newSpace = Number(/^nodejs_heap_space_size_total_bytes\{space="new"\} (\d+)/m.exec(metrics)![1]);
    // Held: V8's initial semi-spaces (1 MB each here), allowed to grow since the server is up. Loading
    // the modules unheld reached 8 or 16 MB per semi-space.
    expect(newSpace).toBeGreaterThan(0);
    expect(newSpace).toBeLessThanOrEqual(2 * 4 * 2 ** 20);
  });

  it('SIGTERM to the server finishes the request in flight (Connection: close), then exits 0', async () => {
    const s = await npmStart();

    // A request the server has begun (its log says so) but cannot finish: half of its body is still to come.
    const body = JSON.stringify({ email: 'drain@example.com', name: 'Drained' });
    const socket = connect(s.port, '127.0.0.1');
    await once(socket, 'connect');
    let response = '';
    socket.on('data', (d) => (response += d));
    const socketClosed = once(socket, 'close');
    socket.write(
      'POST /api/v1/customers HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        `Authorization: Bearer ${s.token}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n` +
        body.slice(0, 10),
    );
    const began = () =>
      s
        .logs()
        .some((l) => l.msg === 'incoming request' && (l.req as { route?: string })?.route === '/api/v1/customers');
    await waitFor(began, 'the server to receive the request');

    process.kill(s.serverPid, 'SIGTERM');
    await waitFor(async () => !(await accepts(s.port)), 'the server to stop accepting connections');
    expect(isRunning(s.serverPid)).toBe(true); // still draining

    socket.write(body.slice(10));
    await socketClosed;
    expect(response).toMatch(/^HTTP\/1\.1 201 /);
    expect(response.toLowerCase()).toContain('\r\nconnection: close\r\n');
    expect(JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4)).data).toMatchObject({
      email: 'drain@example.com',
    });

    expect(await s.npmExit).toBe(0); // npm exits with its script's code: the server's own
    expect(isRunning(s.serverPid)).toBe(false);
  });

  it('SIGTERM to the npm process stops the server too: nothing left listening, no orphan', async () => {
    const s = await npmStart();
    s.npm.kill('SIGTERM');
    expect(await s.npmExit).toBe(0);
    expect(isRunning(s.serverPid)).toBe(false);
    expect(await accepts(s.port)).toBe(false);
  });
});
