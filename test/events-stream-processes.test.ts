import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createContainer } from '../src/container.js';
import { systemClock } from '../src/shared/clock.js';
import { startCli, stopCli } from './support/cli-runner.js';
import { createTestDatabase, postgresAvailable, type TestDatabase } from './support/harness.js';
import { openStream } from './support/sse.js';
import { ticketBody } from './support/ticket-fixtures.js';

// The live stream across server processes on one PostgreSQL database: an event committed through
// process A reaches a stream open on process B (its one LISTEN connection is woken by A's NOTIFY),
// and so does presence, which is never stored.

describe.skipIf(!postgresAvailable())('postgres: live event stream across two server processes', () => {
  let testDb: TestDatabase;
  const children: ChildProcess[] = [];
  const bases: string[] = [];
  let token = '';

  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
    const config = loadConfig({ DATABASE_URL: testDb.url, LOG_LEVEL: 'silent' });
    const container = createContainer({ config, database: testDb.handle, clock: systemClock });
    token = (await container.orgs.create('Two processes')).api_key.token;
    const env = {
      DATABASE_URL: testDb.url,
      DATABASE_POOL_SIZE: '4',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_MINUTE: '0',
      // Only the notifications can deliver within the test's bound: the safety poll is far slower.
      EVENT_STREAM_POLL_MS: '60000',
    };
    for (let i = 0; i < 2; i++) {
      const server = await startCli(['serve', '--no-worker'], env, /Server listening at http:\/\/127\.0\.0\.1:(\d+)/);
      children.push(server.child);
      bases.push(`http://127.0.0.1:${server.match[1]}`);
    }
  }, 60_000);
  afterAll(async () => {
    for (const child of children) await stopCli(child).catch(() => child.kill('SIGKILL'));
    await testDb?.drop();
  });

  const post = async (base: string, path: string, body: unknown) => {
    const res = await fetch(`${base}/api/v1${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: res.status === 204 ? null : await res.json() };
  };

  it('delivers an event committed on one process to a stream on the other, promptly', async () => {
    const stream = await openStream(`${bases[1]}/api/v1/events/stream`, { token });
    try {
      expect(stream.status).toBe(200);
      // The stream's process is listening once it has taken its first comment; give it a moment more.
      await new Promise((r) => setTimeout(r, 500));
      const started = Date.now();
      const created = await post(bases[0], '/customers', { email: 'across@example.com' });
      expect(created.status).toBe(201);
      const message = await stream.next(10_000);
      expect(message.event).toBe('customer.created');
      expect(JSON.parse(message.data).data.id).toBe(created.body.data.id);
      // Far below the 60 s poll: the NOTIFY carried it (on the test cluster, other suites' transactions
      // may hold readers back for a moment).
      expect(Date.now() - started).toBeLessThan(8_000);
    } finally {
      stream.close();
    }
  }, 30_000);

  it('carries presence from one process to a stream on the other', async () => {
    const stream = await openStream(`${bases[1]}/api/v1/events/stream`, { token });
    try {
      const user = await post(bases[0], '/users', {
        id: 'agent-across',
        email: 'agent-across@example.com',
        name: 'Agent',
      });
      expect(user.status).toBe(201);
      const ticket = await post(bases[0], '/tickets', ticketBody());
      expect(ticket.status).toBe(201);
      await new Promise((r) => setTimeout(r, 300));
      const answer = await post(bases[0], `/tickets/${ticket.body.data.id}/presence`, {
        state: 'typing',
        user_id: user.body.data.id,
      });
      expect(answer.status).toBe(204);
      const [presence] = await stream.take(1, (m) => m.event === 'presence', 10_000);
      expect(JSON.parse(presence.data)).toMatchObject({
        ticket_id: ticket.body.data.id,
        state: 'typing',
        user: { id: user.body.data.id, email: 'agent-across@example.com', name: 'Agent' },
      });
    } finally {
      stream.close();
    }
  }, 30_000);
});
