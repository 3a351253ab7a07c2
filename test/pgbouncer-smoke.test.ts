import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, PG_STATEMENT_TIMEOUT_MS, type DatabaseHandle } from '../src/db/database.js';
import { MIGRATION_NAMES } from '../src/db/migrate.js';
import { createTestDatabase, type TestDatabase } from './support/harness.js';
import type { PgBouncer } from './support/pgbouncer.js';
import {
  bouncerFor,
  migrationsIn,
  SERVER_POOL,
  skipPgBouncerSuites,
  startService,
  verifySignature,
  type Service,
} from './support/pgbouncer-service.js';
import { postTicket } from './support/ticket-fixtures.js';
import { eventually, startReceiver, type Receiver } from './support/webhook-receiver.js';

// The whole service (migrations at start-up, API, in-process webhook worker) with DATABASE_URL pointing
// at a real PgBouncer in transaction mode whose server pool (4) is smaller than the service's client
// pool (16), so transactions of different requests really share server connections; DATABASE_DIRECT_URL
// is PostgreSQL itself. Stored state is read directly from PostgreSQL. Without pgbouncer installed the
// suite is skipped locally; under CI it fails (.ci/run installs the package).

const count = async (db: DatabaseHandle, table: 'tickets' | 'customers' | 'messages', organizationId: string) =>
  Number(
    (
      await db.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('organization_id', '=', organizationId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe.skipIf(skipPgBouncerSuites)('postgres: the service through a real PgBouncer (transaction mode)', () => {
  let testDb: TestDatabase; // a direct handle: stored state is read from PostgreSQL itself
  let bouncer: PgBouncer;
  let receiver: Receiver;
  let service: Service;
  beforeAll(async () => {
    testDb = await createTestDatabase('postgres', 'empty'); // the service migrates it at start-up
    bouncer = await bouncerFor(testDb);
    receiver = await startReceiver();
    service = await startService({
      DATABASE_URL: bouncer.url,
      DATABASE_DIRECT_URL: testDb.url,
      // An hour: a delivery can only come from the LISTEN wake-up on the direct connection.
      WEBHOOK_POLL_INTERVAL_MS: '3600000',
    });
  });
  afterAll(async () => {
    await service?.close();
    await bouncer?.close();
    await receiver?.close();
    await testDb?.drop();
  });

  it('migrated at start-up through DATABASE_DIRECT_URL', async () => {
    expect(await migrationsIn(testDb.handle)).toEqual([...MIGRATION_NAMES].sort());
  });

  it('this PgBouncer refuses startup parameters it does not track (as node-postgres sent statement_timeout before)', async () => {
    const client = new pg.Client({ connectionString: bouncer.url, statement_timeout: 1_000 });
    client.on('error', () => undefined);
    const err = await client
      .connect()
      .then(() => client.query('select 1'))
      .catch((e: unknown) => e);
    await client.end().catch(() => undefined);
    expect(String(err)).toMatch(/unsupported startup parameter: statement_timeout/);
  });

  it('concurrent creates, four times the server connections: all stored, numbered once each, listed with totals', async () => {
    const org = await service.createOrg('Busy org');
    const n = 60;
    const results = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        postTicket(org.api, {
          subject: `Ticket ${i}`,
          priority: i % 2 ? 'HIGH' : 'LOW',
          customer: { email: `c${i}@example.com` },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(n).fill(201));
    // The service's pool opened more clients than PgBouncer has server connections for this database
    // (asked right away, while the pool's idle clients are still open): transactions were multiplexed.
    const ours = (rows: Array<Record<string, any>>) => rows.filter((r) => r.database === bouncer.database);
    expect(ours(await bouncer.admin('SHOW CLIENTS')).length).toBeGreaterThan(SERVER_POOL);
    const servers = ours(await bouncer.admin('SHOW SERVERS'));
    expect(servers.length).toBeGreaterThan(0);
    expect(servers.length).toBeLessThanOrEqual(SERVER_POOL);
    const numbers = new Set(results.map((r) => r.body.data.ticket_number));
    expect(numbers.size).toBe(n);
    expect(await count(testDb.handle, 'tickets', org.id)).toBe(n);
    expect(await count(testDb.handle, 'customers', org.id)).toBe(n);
    expect(await count(testDb.handle, 'messages', org.id)).toBe(n);
    const counter = await testDb.handle.db
      .selectFrom('organization_counters')
      .select('ticket_seq')
      .where('organization_id', '=', org.id)
      .executeTakeFirstOrThrow();
    expect(Number(counter.ticket_seq)).toBe(n);

    const all = await org.api.get('/api/v1/tickets?limit=100');
    expect(all.status).toBe(200);
    expect(all.body.meta.pagination).toEqual({ page: 1, limit: 100, total: n, total_pages: 1 });
    expect(new Set(all.body.data.map((t: { ticket_number: string }) => t.ticket_number))).toEqual(numbers);
    const high = await org.api.get('/api/v1/tickets?priority=HIGH&limit=10&page=2');
    expect(high.body.meta.pagination).toEqual({ page: 2, limit: 10, total: n / 2, total_pages: 3 });
    expect(high.body.data).toHaveLength(10);
  });

  it('messages added and tickets updated concurrently: every message stored in order, every change applied', async () => {
    const org = await service.createOrg('Chatty org');
    const created = await postTicket(org.api, { customer: { email: 'ann@example.com' } });
    const id = created.body.data.id;
    const results = await Promise.all([
      ...Array.from({ length: 12 }, (_, i) =>
        org.api.post(`/api/v1/tickets/${id}/messages`, { content: `Reply ${i}` }),
      ),
      org.api.patch(`/api/v1/tickets/${id}`, { status: 'PENDING' }),
      org.api.patch(`/api/v1/tickets/${id}`, { priority: 'URGENT' }),
      org.api.patch(`/api/v1/tickets/${id}`, { subject: 'Renamed' }),
    ]);
    expect(results.map((r) => r.status)).toEqual([...Array(12).fill(201), 200, 200, 200]);

    const stored = await testDb.handle.db
      .selectFrom('messages')
      .select(['seq', 'content'])
      .where('organization_id', '=', org.id)
      .where('ticket_id', '=', id)
      .orderBy('seq')
      .execute();
    expect(stored.map((m) => m.seq)).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
    expect(new Set(stored.slice(1).map((m) => m.content))).toEqual(
      new Set(Array.from({ length: 12 }, (_, i) => `Reply ${i}`)),
    );
    const row = await testDb.handle.db
      .selectFrom('tickets')
      .select(['status', 'priority', 'subject', 'message_count'])
      .where('organization_id', '=', org.id)
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'PENDING', priority: 'URGENT', subject: 'Renamed', message_count: 13 });

    const read = await org.api.get(`/api/v1/tickets/${id}`);
    expect(read.body.data.messages.map((m: { content: string }) => m.content)).toEqual(stored.map((m) => m.content));
    const pending = await org.api.get('/api/v1/tickets?status=PENDING');
    expect(pending.body.meta.pagination.total).toBe(1);
    expect(pending.body.data[0]).toMatchObject({ id, message_count: 13, priority: 'URGENT' });
    expect((await org.api.get('/api/v1/tickets?status=OPEN')).body.meta.pagination.total).toBe(0);
  });

  it('a webhook is delivered to a local receiver, woken through LISTEN on the direct connection, and recorded', async () => {
    const org = await service.createOrg('Hooked org');
    const hook = await org.api.post('/api/v1/webhooks', {
      name: 'Receiver',
      url: `${receiver.url}/hook`,
      events: ['ticket.created'],
    });
    expect(hook.status).toBe(201);
    const ticket = (await postTicket(org.api, { customer: { email: 'ada@example.com' } })).body.data;
    const [req] = await receiver.waitFor(1);
    expect(req.headers['x-webhook-event']).toBe('ticket.created');
    expect(verifySignature(hook.body.data.secret, req)).toBe(true);
    expect(req.json).toMatchObject({
      event: 'ticket.created',
      organization_id: org.id,
      data: { id: ticket.id, ticket_number: ticket.ticket_number },
    });
    const delivery = await eventually(async () => {
      const rows = await testDb.handle.db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('organization_id', '=', org.id)
        .execute();
      return rows.length === 1 && rows[0].status === 'success' && rows[0];
    });
    expect(delivery).toMatchObject({
      webhook_id: hook.body.data.id,
      event: 'ticket.created',
      status_code: 200,
      attempt_count: 1,
      next_attempt_at: null,
    });
    expect(receiver.requests).toHaveLength(1);
  });

  it('plan limit under concurrency: a plan of 5 tickets, 15 concurrent creates → exactly 5 stored, the rest 403', async () => {
    const org = await service.createOrg('Limited org');
    await service.container.plans.setPlan(org.id, { tickets_limit: 5 });
    const results = await Promise.all(
      Array.from({ length: 15 }, (_, i) => postTicket(org.api, { customer: { email: `l${i}@example.com` } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([...Array(5).fill(201), ...Array(10).fill(403)]);
    for (const refused of results.filter((r) => r.status === 403))
      expect(refused.body.error.code).toBe('plan_limit_exceeded');
    expect(await count(testDb.handle, 'tickets', org.id)).toBe(5);
    expect(await count(testDb.handle, 'customers', org.id)).toBe(5);
    expect((await org.api.get('/api/v1/billing/usage')).body.data.tickets).toEqual({ used: 5, limit: 5 });
  });

  it('the statement timeout holds inside transactions and stays with them (no other client sees it)', async () => {
    const short = openDatabase({ dialect: 'postgres', url: bouncer.url }, { poolSize: 2, statementTimeoutMs: 300 });
    try {
      const inside = await short.system.transaction((s) =>
        sql<{ statement_timeout: string }>`show statement_timeout`.execute(s.db),
      );
      expect(inside.rows[0].statement_timeout).toBe('300ms');
      const err = await short.system.transaction((s) => sql`select pg_sleep(5)`.execute(s.db)).catch((e) => e);
      expect(err).toMatchObject({ code: '57014' }); // canceled by the server, not the client-side bound
      const after = await short.system.transaction((s) => sql<{ n: number }>`select 1 as n`.execute(s.db));
      expect(after.rows[0].n).toBe(1);
    } finally {
      await short.close();
    }
    // The same few server connections now serve the service's clients: none carries the 300 ms.
    const outside = await Promise.all(
      Array.from({ length: 3 * SERVER_POOL }, () =>
        sql<{ statement_timeout: string }>`show statement_timeout`.execute(service.database.db),
      ),
    );
    for (const r of outside) expect(r.rows[0].statement_timeout).not.toBe('300ms');
    const own = await service.database.system.transaction((s) =>
      sql<{ statement_timeout: string }>`show statement_timeout`.execute(s.db),
    );
    expect(own.rows[0].statement_timeout).toBe(`${PG_STATEMENT_TIMEOUT_MS / 1000}s`);
  });
});
