import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable, type TestDatabase } from './support/harness.js';
import { startServerProcesses, type ServerProcesses } from './support/server-processes.js';
import { ticketBody } from './support/ticket-fixtures.js';

// Idempotency-Key and If-Match across server processes: two compiled `serve` processes on one PostgreSQL
// database. The same Idempotency-Key sent to both at once runs once (the others get 409 or the replay);
// PATCHes carrying the same If-Match ETag sent to both at once: exactly one wins, the others get 412.

describe.skipIf(!postgresAvailable())('postgres: two server processes', () => {
  let testDb: TestDatabase;
  const bases: string[] = [];
  let token = '';
  let organizationId = '';

  let processes: ServerProcesses | undefined;

  beforeAll(async () => {
    processes = await startServerProcesses({ DATABASE_POOL_SIZE: '4' });
    ({ testDb, token, organizationId } = processes);
    bases.push(...processes.bases);
  }, 60_000);
  afterAll(async () => {
    await processes?.stop();
  });

  const send = async (base: string, method: string, path: string, body: unknown, headers: Record<string, string>) => {
    const res = await fetch(`${base}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, headers: res.headers, text: await res.text() };
  };

  it('runs a key sent to both processes at once exactly once; the others are 409 in use or the replay', async () => {
    const KEYS = 15;
    const results = await Promise.all(
      Array.from({ length: KEYS }, (_, k) =>
        Promise.all(
          [0, 1, 0, 1].map((i) =>
            send(bases[i], 'POST', '/tickets', ticketBody({ subject: `Key ${k}` }), { 'idempotency-key': `dup-${k}` }),
          ),
        ),
      ),
    );
    for (const answers of results) {
      const executed = answers.filter((a) => a.status === 201 && a.headers.get('idempotent-replayed') === null);
      expect(executed).toHaveLength(1);
      for (const a of answers) {
        expect([201, 409]).toContain(a.status);
        if (a.status === 201) expect(a.text).toBe(executed[0].text);
        else {
          expect(JSON.parse(a.text).error.code).toBe('idempotency_key_in_use');
          expect(a.headers.get('retry-after')).toBe('1');
        }
      }
    }
    const tickets = await testDb.handle.db
      .selectFrom('tickets')
      .select('subject')
      .where('organization_id', '=', organizationId)
      .execute();
    expect(tickets).toHaveLength(KEYS);
    const usage = await send(bases[0], 'GET', '/billing/usage', undefined, {});
    expect(JSON.parse(usage.text).data.tickets.used).toBe(KEYS);
  }, 60_000);

  it('lets exactly one of many concurrent PATCHes with the same If-Match win (412 for the others)', async () => {
    const created = JSON.parse((await send(bases[0], 'POST', '/tickets', ticketBody(), {})).text).data;
    const read = await fetch(`${bases[1]}/api/v1/tickets/${created.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const etag = read.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const priorities = ['LOW', 'HIGH', 'URGENT', 'LOW', 'HIGH', 'URGENT', 'LOW', 'HIGH'];
    const answers = await Promise.all(
      priorities.map((priority, i) =>
        send(bases[i % 2], 'PATCH', `/tickets/${created.id}`, { priority, subject: `Edit ${i}` }, { 'if-match': etag }),
      ),
    );
    const winners = answers.filter((a) => a.status === 200);
    expect(winners).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.status).toBe(412);
      expect(JSON.parse(a.text).error.code).toBe('precondition_failed');
    }
    const after = await fetch(`${bases[0]}/api/v1/tickets/${created.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(JSON.parse(await after.text()).data.subject).toBe(JSON.parse(winners[0].text).data.subject);
    expect(after.headers.get('etag')).toBe(winners[0].headers.get('etag'));
  }, 60_000);
});
