import { sql } from 'kysely';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrgService } from '../src/orgs/org-service.js';
import { systemClock } from '../src/shared/clock.js';
import { createTestDatabase, postgresAvailable, type TestDatabase } from './support/harness.js';
import { freePort } from './support/ports.js';

// Ticket numbers must stay unique and gap-free under concurrent creates from several server
// instances sharing one PostgreSQL database: two real `serve` processes, 50 concurrent creates each.

const PER_SERVER = 50;

async function waitHealthy(base: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}): ${output()}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become healthy: ${output()}`);
}

describe.skipIf(!postgresAvailable())('postgres: ticket numbers across two server processes', () => {
  let testDb: TestDatabase;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
  });

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await testDb?.drop();
  });

  it('gives 100 concurrent creates on two instances the numbers 1..100, each once', async () => {
    const org = await createOrgService({ database: testDb.handle, clock: systemClock }).create('two instances');
    const token = org.api_key.token;
    // Both instances start at once (start-up of a TypeScript process is most of this test's time).
    const bases = await Promise.all(
      [0, 1].map(async () => {
        const port = await freePort();
        // The compiled CLI (built by test/support/build-setup.ts) runs in this one process: killing it leaves no orphan.
        const child = spawn(process.execPath, ['dist/cli/main.js', 'serve', '--no-worker'], {
          cwd: process.cwd(),
          env: {
            ...process.env,
            DATABASE_URL: testDb.url,
            PORT: String(port),
            HOST: '127.0.0.1',
            RATE_LIMIT_PER_MINUTE: '0',
            LOG_LEVEL: 'silent',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        children.push(child);
        let output = '';
        child.stdout?.on('data', (d) => (output += d));
        child.stderr?.on('data', (d) => (output += d));
        const base = `http://127.0.0.1:${port}`;
        await waitHealthy(base, child, () => output);
        return base;
      }),
    );

    const create = (base: string, i: number) =>
      fetch(`${base}/api/v1/tickets`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        // Half share one customer, so find-or-create races across instances as well.
        body: JSON.stringify({
          subject: `Concurrent ${i}`,
          message: 'hi',
          customer: { email: i % 2 ? 'shared@example.com' : `c${i}@example.com` },
        }),
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as any }));
    const results = await Promise.all(
      bases.flatMap((base, k) => Array.from({ length: PER_SERVER }, (_, j) => create(base, k * PER_SERVER + j))),
    );

    expect(results.filter((r) => r.status !== 201)).toEqual([]);
    const numbers = results.map((r) => Number(r.body.data.ticket_number)).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 2 * PER_SERVER }, (_, i) => i + 1));

    const db = testDb.handle.db;
    const seq = await db
      .selectFrom('organization_counters')
      .select('ticket_seq')
      .where('organization_id', '=', org.organization.id)
      .executeTakeFirstOrThrow();
    expect(Number(seq.ticket_seq)).toBe(2 * PER_SERVER);
    const buckets = await db
      .selectFrom('ticket_counts')
      .select(['status', 'priority', sql<number>`sum(count)`.as('count')])
      .where('organization_id', '=', org.organization.id)
      .groupBy(['status', 'priority'])
      .execute();
    expect(buckets.map((b) => [b.status, b.priority, Number(b.count)])).toEqual([['OPEN', 'MEDIUM', 2 * PER_SERVER]]);
    const shared = await db
      .selectFrom('customers')
      .select('ticket_count')
      .where('email_key', '=', 'shared@example.com')
      .execute();
    expect(shared.map((c) => Number(c.ticket_count))).toEqual([PER_SERVER]);

    // Both instances list the same tickets newest first.
    for (const base of bases) {
      const res = await fetch(`${base}/api/v1/tickets?limit=100`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await res.json()) as any;
      expect(body.data.map((t: any) => Number(t.ticket_number))).toEqual(
        Array.from({ length: 100 }, (_, i) => 100 - i),
      );
      expect(body.meta.pagination.total).toBe(100);
    }
  }, 40_000);
});
