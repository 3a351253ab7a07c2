import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createContainer, type Container } from '../src/container.js';
import { systemClock } from '../src/shared/clock.js';
import { startCli, stopCli } from './support/cli-runner.js';
import { createTestDatabase, postgresAvailable, type TestDatabase } from './support/harness.js';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.js';
import { startReceiver, type Receiver } from './support/webhook-receiver.js';

// The compiled `serve` and `worker` processes, talking to PostgreSQL through a proxy
// of ours that cuts every link (and refuses new ones) for a while, again and again, under load. They
// must stay up, answer 503 service_unavailable with Retry-After meanwhile (never a 500), and recover by
// themselves. FAULT_CUTS raises the number of cuts (bench/fault-injection-long.sh runs more).

const CUTS = Number(process.env.FAULT_CUTS ?? 3);
const OUTAGE_MS = Number(process.env.FAULT_OUTAGE_MS ?? 700);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

describe.skipIf(!postgresAvailable())('postgres: fault injection (database link cut under load)', () => {
  let testDb: TestDatabase;
  let proxy: TcpProxy;
  let container: Container;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
    proxy = await startTcpProxy('127.0.0.1', Number(new URL(testDb.url).port || 5432));
    const config = loadConfig({ DATABASE_URL: testDb.url, LOG_LEVEL: 'silent', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
    container = createContainer({ config, database: testDb.handle, clock: systemClock });
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await proxy?.close();
    await testDb?.drop();
  });

  const env = () => ({
    DATABASE_URL: proxy.url(testDb.url),
    DATABASE_POOL_SIZE: '4',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'info',
    RATE_LIMIT_PER_MINUTE: '0',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    WEBHOOK_POLL_INTERVAL_MS: '200',
    WEBHOOK_RETRY_DELAYS_MS: '100,100,100,100',
  });

  it(
    `serve survives ${CUTS} cuts under load: 503 + Retry-After during each outage, no 500, recovers by itself`,
    async () => {
      const { api_key } = await container.orgs.create('Cut serve');
      proxy.restore();
      const server = await startCli(['serve', '--no-worker'], env(), /Server listening at http:\/\/127\.0\.0\.1:(\d+)/);
      children.push(server.child);
      const base = `http://127.0.0.1:${server.match[1]}`;
      const statuses = new Map<number, number>();
      const problems: string[] = [];
      let lastSuccess = 0;
      let stop = false;
      const worker = async (n: number) => {
        for (let i = 0; !stop; i++) {
          const write = i % 2 === 0;
          try {
            const res = await fetch(`${base}/api/v1/${write ? 'tickets' : 'tickets?limit=5'}`, {
              method: write ? 'POST' : 'GET',
              headers: { authorization: `Bearer ${api_key.token}`, 'content-type': 'application/json' },
              body: write
                ? JSON.stringify({ subject: `Load ${n}.${i}`, message: 'hi', customer: { email: `c${n}@example.com` } })
                : undefined,
            });
            const body = (await res.json()) as any;
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            if (res.status < 300) lastSuccess = Date.now();
            else if (res.status !== 503) problems.push(`${res.status} ${JSON.stringify(body)}`);
            else if (body?.error?.code !== 'service_unavailable' || !res.headers.get('retry-after'))
              problems.push(`bad 503: ${JSON.stringify(body)}`);
          } catch (err) {
            problems.push(`request failed: ${String(err)}`); // the process died or closed the connection
            await sleep(50);
          }
        }
      };
      const load = Promise.all([0, 1, 2, 3].map(worker));
      let survived = 0;
      try {
        for (let cut = 0; cut < CUTS; cut++) {
          const before = Date.now();
          await until(() => lastSuccess > before, 'a success before the cut');
          const unavailableBefore = statuses.get(503) ?? 0;
          proxy.cut();
          await until(() => (statuses.get(503) ?? 0) > unavailableBefore, 'a 503 during the outage');
          await sleep(OUTAGE_MS);
          proxy.restore();
          const restoredAt = Date.now();
          await until(() => lastSuccess > restoredAt, 'recovery after the cut');
          expect(server.child.exitCode).toBeNull();
          survived++;
        }
      } finally {
        stop = true;
        await load;
      }
      process.stdout.write(
        `serve: ${survived} cuts survived; statuses ${JSON.stringify(Object.fromEntries(statuses))}\n`,
      );
      expect(problems).toEqual([]);
      expect(survived).toBe(CUTS);
      expect([...statuses.keys()].filter((s) => s >= 500 && s !== 503)).toEqual([]);
      expect(await stopCli(server.child)).toBe(0);
    },
    60_000 + CUTS * 15_000,
  );

  it(
    `worker survives ${CUTS} cuts while delivering, reconnects, and delivers every event`,
    async () => {
      const receiver: Receiver = await startReceiver();
      try {
        const { organization } = await container.orgs.create('Cut worker');
        await container.webhooks.create(organization.id, {
          name: 'hook',
          url: `${receiver.url}/hook`,
          events: ['ticket.created'],
        });
        proxy.restore();
        const worker = await startCli(['worker'], env(), /webhook worker started/);
        children.push(worker.child);
        let created = 0;
        const createTicket = async () => {
          await container.tickets.create(organization.id, {
            subject: `T${created}`,
            message: 'hi',
            customer: { email: 'w@example.com' },
          });
          created++;
        };
        let survived = 0;
        for (let cut = 0; cut < CUTS; cut++) {
          await createTicket();
          await until(() => receiver.requests.length >= created, 'a delivery before the cut');
          proxy.cut();
          // Events keep arriving while the worker cannot reach the database (recorded directly, not through the proxy).
          for (let i = 0; i < 3; i++) await createTicket();
          await sleep(OUTAGE_MS);
          proxy.restore();
          await until(
            () => new Set(receiver.requests.map((r) => r.json?.data?.id)).size >= created,
            'every event delivered after the cut',
          );
          expect(worker.child.exitCode).toBeNull();
          survived++;
        }
        process.stdout.write(
          `worker: ${survived} cuts survived; ${created} events, ${receiver.requests.length} deliveries\n`,
        );
        expect(survived).toBe(CUTS);
        expect(await stopCli(worker.child)).toBe(0);
      } finally {
        await receiver.close();
      }
    },
    60_000 + CUTS * 15_000,
  );
});
