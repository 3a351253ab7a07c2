import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { startWorker, type WorkerHandle } from '../src/webhooks/worker.js';
import { recordTicketCreated } from './support/fixtures.js';
import { describeEachDialect } from './support/harness.js';
import { eventually, silentLogger, startReceiver, type Receiver } from './support/webhook-receiver.js';

// Several workers on one database, and a worker process killed in the middle of a delivery.

const LEASE_MS = 1500;

function spawnWorker(dbUrl: string): ChildProcess {
  // One process (the compiled CLI, built by test/support/build-setup.ts), so SIGKILL really kills the worker mid-request.
  return spawn(process.execPath, ['dist/cli/main.js', 'worker'], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      DATABASE_URL: dbUrl,
      LOG_LEVEL: 'warn',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_TIMEOUT_MS: '1000',
      WEBHOOK_LEASE_MS: String(LEASE_MS),
      WEBHOOK_POLL_INTERVAL_MS: '100',
      WEBHOOK_RETRY_DELAYS_MS: '50,50,50,50',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });

describeEachDialect(
  'webhook workers',
  (ctx) => {
    let receiver: Receiver;
    beforeAll(async () => {
      receiver = await startReceiver();
    });
    afterAll(async () => receiver?.close());

    async function setup() {
      const org = await ctx.createOrg();
      const hook = await org.api.post('/api/v1/webhooks', {
        name: 'w',
        url: `${receiver.url}/hook`,
        events: ['ticket.created'],
      });
      return { org, hook: hook.body.data as { id: string } };
    }

    it('two workers with separate connections share a burst without delivering anything twice', async () => {
      receiver.requests.length = 0;
      receiver.respond(() => ({ status: 200, delayMs: 15 }));
      const { org, hook } = await setup();
      const handles: DatabaseHandle[] = [];
      const workers: WorkerHandle[] = [];
      const counts = [0, 0];
      for (const i of [0, 1]) {
        const handle = openDatabase(ctx.config.database, { poolSize: 4 });
        handles.push(handle);
        const logger = {
          ...silentLogger,
          debug: (_o: object | string, msg?: string) => void (msg === 'webhook delivered' && counts[i]++),
        };
        workers.push(
          startWorker({
            database: handle,
            clock: ctx.clock,
            settings: { ...ctx.config.webhooks, concurrency: 4 },
            logger,
          }),
        );
      }
      const total = 60;
      const started = Date.now();
      try {
        for (let n = 0; n < total; n++) await recordTicketCreated(ctx, org.id, `burst-${n}`);
        await receiver.waitFor(total, 20_000);
        await eventually(async () => counts[0] + counts[1] === total);
        const elapsed = Date.now() - started;
        // Stopping waits for attempts under way: after it, every request either worker made is in.
        await Promise.all(workers.splice(0).map((w) => w.stop()));
        const ids = receiver.requests.map((r) => r.json.data.id);
        expect(ids).toHaveLength(total);
        expect(new Set(ids).size).toBe(total);
        expect(counts[0]).toBeGreaterThan(0);
        expect(counts[1]).toBeGreaterThan(0);
        const rows = await ctx.database.db
          .selectFrom('webhook_deliveries')
          .select(['attempt_count', 'status'])
          .where('webhook_id', '=', hook.id)
          .execute();
        expect(rows.every((r) => r.attempt_count === 1 && r.status === 'success')).toBe(true);
        console.log(`${ctx.dialect}: ${total} deliveries by two workers in ${elapsed} ms (split ${counts.join('/')})`);
      } finally {
        await Promise.all(workers.map((w) => w.stop()));
        await Promise.all(handles.map((h) => h.close()));
      }
    });

    it('an attempt that times out is a failure without a status code, retried after the default 1 minute', async () => {
      receiver.requests.length = 0;
      receiver.respond(() => 'hold');
      const { org, hook } = await setup();
      const worker = startWorker({
        database: ctx.database,
        clock: ctx.clock,
        settings: ctx.config.webhooks,
        logger: silentLogger,
      });
      try {
        const started = Date.now();
        await recordTicketCreated(ctx, org.id, 'slow');
        const row = await eventually(async () => {
          const r = await ctx.database.db
            .selectFrom('webhook_deliveries')
            .selectAll()
            .where('webhook_id', '=', hook.id)
            .executeTakeFirst();
          return r && r.attempt_count === 1 && r;
        });
        expect(Date.now() - started).toBeGreaterThanOrEqual(900); // WEBHOOK_TIMEOUT_MS=1000
        expect(row).toMatchObject({ status: 'failed', status_code: null, next_attempt_at: row.completed_at! + 60_000 });
      } finally {
        await worker.stop();
        receiver.release();
        await ctx.database.db.updateTable('webhook_deliveries').set({ next_attempt_at: null }).execute();
      }
    });

    it('a worker killed mid-delivery: its lease expires and a restarted worker completes the delivery once', async () => {
      receiver.requests.length = 0;
      receiver.respond(() => 'hold');
      const { org, hook } = await setup();
      await recordTicketCreated(ctx, org.id, 'kill-me');
      const first = spawnWorker(ctx.dbUrl);
      let stderr = '';
      first.stderr!.on('data', (c) => (stderr += c));
      try {
        await receiver.waitFor(1, 20_000);
      } catch (err) {
        first.kill('SIGKILL');
        throw new Error(`${String(err)}\n${stderr}`);
      }
      first.kill('SIGKILL');
      expect((await exited(first)).signal).toBe('SIGKILL');
      const leased = await ctx.database.db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('webhook_id', '=', hook.id)
        .executeTakeFirstOrThrow();
      expect(leased).toMatchObject({ attempt_count: 0, lease_token: expect.any(String) });

      receiver.respond(() => ({ status: 200 }));
      const killedAt = Date.now();
      const second = spawnWorker(ctx.dbUrl);
      try {
        const [a, b] = await receiver.waitFor(2, 20_000);
        expect(Date.now() - killedAt).toBeGreaterThanOrEqual(LEASE_MS - 300);
        expect(b.raw.equals(a.raw)).toBe(true);
        expect(b.headers['x-webhook-signature']).toBe(a.headers['x-webhook-signature']);
        const done = await eventually(async () => {
          const row = await ctx.database.db
            .selectFrom('webhook_deliveries')
            .selectAll()
            .where('webhook_id', '=', hook.id)
            .executeTakeFirstOrThrow();
          return row.status === 'success' && row;
        });
        expect(done).toMatchObject({ attempt_count: 1, status_code: 200, next_attempt_at: null, lease_token: null });
        // An idle worker keeps running: it still delivers an event raised after it went idle.
        await recordTicketCreated(ctx, org.id, 'later');
        const [, , later] = await receiver.waitFor(3, 20_000);
        expect(later.json.data).toEqual({ id: 'later' });
        expect(second.exitCode).toBeNull();
      } finally {
        // A graceful stop (SIGTERM) exits cleanly.
        second.kill('SIGTERM');
        expect(await exited(second)).toEqual({ code: 0, signal: null });
      }
      // Both worker processes are gone: the kill-me delivery was sent twice (at-least-once), nothing more.
      expect(receiver.requests.map((r) => r.json.data.id)).toEqual(['kill-me', 'kill-me', 'later']);
    });
  },
  { env: { WEBHOOK_TIMEOUT_MS: '1000', WEBHOOK_LEASE_MS: String(LEASE_MS), WEBHOOK_POLL_INTERVAL_MS: '100' } },
);
