import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createContainer } from '../src/container.js';
import { systemClock } from '../src/shared/clock.js';
import { startCli, stopCli } from './support/cli-runner.js';
import { logSettled } from './support/event-log.js';
import { createTestDatabase, postgresAvailable, type TestDatabase } from './support/harness.js';

// No gaps in the event log, on PostgreSQL where it is hard: two server processes take concurrent
// writes (many of them to the same tickets, so they queue on the ticket rows and commit in an order
// no sequence value predicts) while a reader follows next_cursor with small pages the whole time. The
// reader must see every committed event exactly once, and each ticket's events in commit order (a
// ticket's messages are numbered under its row lock: their seq is their commit order).

const LOOPS_PER_SERVER = 6;
const OPS_PER_LOOP = 20;

describe.skipIf(!postgresAvailable())(
  'postgres: event log without gaps under concurrent writers in two processes',
  () => {
    let testDb: TestDatabase;
    const children: ChildProcess[] = [];
    let token = '';
    let organizationId = '';
    const bases: string[] = [];

    beforeAll(async () => {
      testDb = await createTestDatabase('postgres');
      const config = loadConfig({ DATABASE_URL: testDb.url, LOG_LEVEL: 'silent' });
      const container = createContainer({ config, database: testDb.handle, clock: systemClock });
      const created = await container.orgs.create('No gaps');
      token = created.api_key.token;
      organizationId = created.organization.id;
      const env = {
        DATABASE_URL: testDb.url,
        DATABASE_POOL_SIZE: '8',
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_MINUTE: '0',
      };
      for (let i = 0; i < 2; i++) {
        // warn: the listening line is logged at info, so wait for it on a process that logs it.
        const server = await startCli(
          ['serve', '--no-worker'],
          { ...env, LOG_LEVEL: 'info' },
          /Server listening at http:\/\/127\.0\.0\.1:(\d+)/,
        );
        children.push(server.child);
        // Request logs are not read: drop them instead of buffering them.
        server.child.stdout?.removeAllListeners('data').resume();
        server.child.stderr?.removeAllListeners('data').resume();
        bases.push(`http://127.0.0.1:${server.match[1]}`);
      }
    }, 60_000);

    afterAll(async () => {
      for (const child of children) await stopCli(child).catch(() => child.kill('SIGKILL'));
      await testDb?.drop();
    });

    const request = async (base: string, method: string, path: string, body?: unknown) => {
      const res = await fetch(`${base}/api/v1${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await res.json()) as any;
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
      return json;
    };

    it('a reader following next_cursor sees every committed event exactly once, each ticket in commit order', async () => {
      const tickets: string[] = [];
      for (let i = 0; i < 4; i++) {
        tickets.push(
          (
            await request(bases[0], 'POST', '/tickets', {
              subject: `T${i}`,
              message: 'start',
              customer: { email: `c${i}@example.com` },
            })
          ).data.id,
        );
      }

      let writing = true;
      const seen: { id: string; type: string; data: any }[] = [];
      let cursor: string | undefined;
      let polls = 0;
      const poll = async () => {
        const page = await request(bases[polls++ % 2], 'GET', `/events?limit=7${cursor ? `&after=${cursor}` : ''}`);
        seen.push(...page.data);
        expect(typeof page.meta.next_cursor).toBe('string');
        cursor = page.meta.next_cursor;
        return page.meta.has_more as boolean;
      };
      const reader = (async () => {
        while (writing) await poll();
      })();

      const loop = async (base: string, s: number, c: number) => {
        for (let i = 0; i < OPS_PER_LOOP; i++) {
          const ticket = tickets[(c + i) % tickets.length];
          if (i % 7 === 3)
            await request(base, 'PATCH', `/tickets/${ticket}`, {
              priority: ['LOW', 'HIGH', 'URGENT'][(s + c + i) % 3],
            });
          else if (i % 7 === 5)
            await request(base, 'POST', '/tickets', {
              subject: 'new',
              message: 'hi',
              customer: { email: `n${s}-${c}-${i}@example.com` },
            });
          else await request(base, 'POST', `/tickets/${ticket}/messages`, { content: `m ${s}-${c}-${i}` });
        }
      };
      await Promise.all(
        bases.flatMap((base, s) => Array.from({ length: LOOPS_PER_SERVER }, (_, c) => loop(base, s, c))),
      );
      writing = false;
      await reader;

      // Every write has committed: once the log has settled, the reader catches up from its cursor.
      await logSettled({ dialect: 'postgres', database: testDb.handle });
      while (await poll());

      const stored = await testDb.handle.db
        .selectFrom('events')
        .select(['id', 'type'])
        .where('organization_id', '=', organizationId)
        .execute();
      const ids = seen.map((e) => e.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect([...ids].sort()).toEqual(stored.map((e) => e.id).sort());
      expect(polls).toBeGreaterThan(10);

      // Per ticket: ticket.created first, then its messages in the order they were numbered (committed).
      for (const ticket of tickets) {
        const mine = seen.filter((e) => e.data.id === ticket || e.data.ticket_id === ticket);
        expect(mine[0].type).toBe('ticket.created');
        const messages = await testDb.handle.db
          .selectFrom('messages')
          .select('id')
          .where('organization_id', '=', organizationId)
          .where('ticket_id', '=', ticket)
          .orderBy('seq')
          .execute();
        expect(mine.filter((e) => e.type === 'message.created').map((e) => e.data.id)).toEqual(
          messages.slice(1).map((m) => m.id),
        );
        const priorities = mine.filter((e) => e.type === 'ticket.updated').map((e) => e.data.changes.priority);
        // Each update's "from" is the previous one's "to": the updates in the order they were applied.
        for (let i = 1; i < priorities.length; i++) expect(priorities[i].from).toBe(priorities[i - 1].to);
      }
    }, 120_000);
  },
);
