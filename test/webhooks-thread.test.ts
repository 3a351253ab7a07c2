import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import type { startWorkerThread as StartWorkerThread } from '../src/webhooks/worker-thread.js';
import { cliCommand } from './support/cli-runner.js';
import { describeEachDialect } from './support/harness.js';
import { eventually, startReceiver, type Receiver } from './support/webhook-receiver.js';
import { freePort } from './support/ports.js';

// `serve` runs its delivery worker in a worker thread with its own connection (src/webhooks/worker-thread.ts).
// Through the compiled CLI, as an operator runs it: woken across threads by the commit, its attempts in the
// server's /metrics, its lines in the server's log, drained by SIGTERM. And a thread that dies is logged
// and started again.

const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });

describeEachDialect('serve: the webhook worker thread', (ctx) => {
  let receiver: Receiver;
  let server: ChildProcess | null = null;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterEach(() => {
    server?.kill('SIGKILL');
    server = null;
  });
  afterAll(async () => receiver?.close());

  it('delivers a create woken by its commit (not the poll), counts it in /metrics, logs through the server and drains on SIGTERM', async () => {
    const org = await ctx.createOrg();
    const hook = await org.api.post('/api/v1/webhooks', {
      name: 'thread',
      url: `${receiver.url}/t`,
      events: ['ticket.created'],
    });
    expect(hook.status).toBe(201);
    const port = await freePort();
    server = spawn(...cliCommand(['serve']), {
      env: {
        ...process.env,
        DATABASE_URL: ctx.dbUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        RATE_LIMIT_PER_MINUTE: '0',
        WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
        // Only a notification can bring the worker to a delivery within the test.
        WEBHOOK_POLL_INTERVAL_MS: '600000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    server.stdout!.on('data', (d) => (out += d));
    server.stderr!.on('data', (d) => (out += d));
    const lines = () =>
      out.split('\n').flatMap((l) => (l.startsWith('{') ? [JSON.parse(l) as Record<string, unknown>] : []));
    // The thread's start-up line, written by the server's logger (its pid, its JSON).
    // Generous: the thread loads the whole composition root, which takes seconds on a busy 2-core machine.
    await eventually(async () => lines().some((l) => l.msg === 'webhook worker started'), 60_000).catch((err) => {
      throw new Error(`${String(err)}\n${out}`);
    });
    expect(lines().find((l) => l.msg === 'webhook worker started')).toMatchObject({ pid: server.pid, concurrency: 64 });

    const base = `http://127.0.0.1:${port}`;
    const headers = { authorization: `Bearer ${org.token}`, 'content-type': 'application/json' };
    const create = (subject: string) =>
      fetch(`${base}/api/v1/tickets`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ subject, message: 'm', customer: { email: 'c@example.com' } }),
      });
    expect((await create('first')).status).toBe(201);
    const [first] = await receiver.waitFor(1, 15_000);
    expect(first.json).toMatchObject({ event: 'ticket.created', data: { subject: 'first' } });
    expect(first.headers['webhook-signature']).toMatch(/^v1,/);
    // Counted by the thread, shown by the server.
    await eventually(async () => {
      const text = await (await fetch(`${base}/metrics`)).text();
      return /^helpdesk_webhook_attempts_total\{outcome="success"\} 1$/m.test(text);
    }, 10_000);

    // SIGTERM while an attempt is under way: the attempt finishes and is recorded before the process exits 0.
    receiver.respond(() => 'hold');
    expect((await create('held')).status).toBe(201);
    await receiver.waitFor(2, 15_000);
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    expect(server.exitCode).toBeNull();
    receiver.release();
    expect(await exited(server)).toEqual({ code: 0, signal: null });
    const rows = await ctx.database.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('webhook_id', '=', hook.body.data.id)
      .execute();
    expect(rows.map((r) => [r.status, r.attempt_count, r.lease_token])).toEqual([
      ['success', 1, null],
      ['success', 1, null],
    ]);
    receiver.respond(() => ({ status: 200 }));
  }, 120_000);
});

describe('the webhook worker thread', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'worker-thread-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a thread that dies is logged with its error and started again, with a growing delay; stop() ends the cycle', async () => {
    // The compiled module, as `serve` runs it (from the sources, the thread would compile them all
    // through tsx at each start: seconds).
    cliCommand([]); // fails clearly when the build did not succeed
    const compiled = pathToFileURL(join(dirname(inject('cliEntry')!), '../webhooks/worker-thread.js')).href;
    const { startWorkerThread } = (await import(compiled)) as { startWorkerThread: typeof StartWorkerThread };
    // A database path that cannot be created (its "directory" is a file): the thread fails while opening it, every time.
    writeFileSync(join(dir, 'file'), '');
    const config = loadConfig({ DATABASE_URL: `sqlite:${join(dir, 'file', 'x.db')}`, LOG_LEVEL: 'info' });
    const errors: { obj: any; msg?: string }[] = [];
    const logger = {
      level: 'info',
      info: () => undefined,
      warn: () => undefined,
      debug: () => undefined,
      error: (obj: any, msg?: string) => void errors.push({ obj, msg }),
    };
    const worker = startWorkerThread({ config, logger, restart: { firstMs: 50, maxMs: 200 } });
    try {
      await eventually(async () => errors.length >= 3, 60_000);
    } finally {
      await worker.stop();
    }
    expect(errors[0].msg).toMatch(/webhook worker thread died; starting a new one/);
    expect(errors[0].obj.err).toBeInstanceOf(Error);
    // Its code survives the trip between threads (mkdir's: EEXIST, or ENOTDIR).
    expect(['EEXIST', 'ENOTDIR']).toContain(errors[0].obj.err.code);
    expect(errors.map((e) => e.obj.restartInMs).slice(0, 3)).toEqual([50, 100, 200]);
    // Stopped: no more restarts.
    const seen = errors.length;
    await new Promise((r) => setTimeout(r, 500));
    expect(errors.length).toBe(seen);
  }, 90_000);
});
