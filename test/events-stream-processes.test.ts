import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable } from './support/harness.js';
import { startServerProcesses, type ServerProcesses } from './support/server-processes.js';
import { openStream } from './support/sse.js';
import { ticketBody } from './support/ticket-fixtures.js';

// The live stream across server processes on one PostgreSQL database: an event committed through
// process A reaches a stream open on process B (its one LISTEN connection is woken by A's NOTIFY),
// and so does presence, which is never stored.

describe.skipIf(!postgresAvailable())('postgres: live event stream across two server processes', () => {
  const bases: string[] = [];
  let token = '';

  let processes: ServerProcesses | undefined;

  beforeAll(async () => {
    processes = await startServerProcesses({
      DATABASE_POOL_SIZE: '4',
      // Only the notifications can deliver within the test's bound: the safety poll is far slower.
      EVENT_STREAM_POLL_MS: '60000',
    });
    ({ token } = processes);
    bases.push(...processes.bases);
  }, 60_000);
  afterAll(async () => {
    await processes?.stop();
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
