import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createContainer } from '../src/container.js';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import type { App } from '../src/shared/http.js';
import { api } from './support/api.js';
import { createTestClock, createTestDatabase, describeEachDialect, type TestDatabase } from './support/harness.js';
import type { PgBouncer } from './support/pgbouncer.js';
import { bouncerFor, skipPgBouncerSuites, startService, type Service } from './support/pgbouncer-service.js';

// DATABASE_PREPARED_STATEMENTS (PostgreSQL, on by default): parameterized statements are prepared once
// per pooled connection under a name derived from their text and reused, so PostgreSQL stops planning
// the same short statements again on every request. The answers must not change; behind a pooler that
// does not carry prepared statements (PgBouncer 1.18 in transaction mode, as Debian ships it) the
// process notices the first refusal and goes on without them, and no request fails.

async function appWith(url: string, prepared: 'true' | 'false') {
  const config = loadConfig({
    DATABASE_URL: url,
    DATABASE_PREPARED_STATEMENTS: prepared,
    RATE_LIMIT_PER_MINUTE: '0',
    LOG_LEVEL: 'silent',
  });
  const database = openDatabase(config.database, { poolSize: 1, guardTenants: true });
  const app = await buildApp(createContainer({ config, database, clock: createTestClock() }));
  await app.ready();
  return { database, app };
}

const preparedNames = async (database: DatabaseHandle) =>
  (await sql<{ name: string }>`select name from pg_prepared_statements`.execute(database.db)).rows.map((r) => r.name);

describeEachDialect(
  'PostgreSQL prepared statements (DATABASE_PREPARED_STATEMENTS)',
  (ctx) => {
    let on: { database: DatabaseHandle; app: App };
    let off: { database: DatabaseHandle; app: App };
    beforeAll(async () => {
      on = await appWith(ctx.dbUrl, 'true');
      off = await appWith(ctx.dbUrl, 'false');
    });
    afterAll(async () => {
      for (const x of [on, off]) {
        await x?.app.close();
        await x?.database.close();
      }
    });

    it('is on by default', () => {
      expect(loadConfig({ DATABASE_URL: ctx.dbUrl }).database).toMatchObject({ preparedStatements: true });
    });

    it('prepares the service statements on its connection, named by their text, and answers as without them', async () => {
      const org = await ctx.createOrg();
      const created = await org.api.post('/api/v1/tickets', {
        subject: 'Prepared',
        message: 'hello',
        customer: { email: 'p@example.com' },
      });
      expect(created.status).toBe(201);
      const prepared = api(on.app, org.token);
      const plain = api(off.app, org.token);
      for (let i = 0; i < 3; i++) {
        const read = await prepared.get(`/api/v1/tickets/${created.body.data.id}`);
        expect(read.status).toBe(200);
        expect(read.body).toEqual((await plain.get(`/api/v1/tickets/${created.body.data.id}`)).body);
      }
      expect((await prepared.get('/api/v1/tickets')).body).toEqual((await plain.get('/api/v1/tickets')).body);
      // One pooled connection: the statements it prepared are visible in its own session.
      const names = await preparedNames(on.database);
      expect(names.length).toBeGreaterThan(2);
      expect(names.every((n) => /^hd_[A-Za-z0-9_-]{20}$/.test(n))).toBe(true);
      // Turned off, nothing is prepared by name.
      expect(await preparedNames(off.database)).toEqual([]);
    });

    it('names a statement by its text: the same text gets the same name in every process', async () => {
      const other = await appWith(ctx.dbUrl, 'true');
      try {
        const org = await ctx.createOrg();
        await api(on.app, org.token).get('/api/v1/tickets');
        await api(other.app, org.token).get('/api/v1/tickets');
        const mine = new Set(await preparedNames(on.database));
        const theirs = await preparedNames(other.database);
        expect(theirs.length).toBeGreaterThan(0);
        expect(theirs.filter((n) => mine.has(n)).length).toBeGreaterThan(0);
      } finally {
        await other.app.close();
        await other.database.close();
      }
    });
  },
  { dialects: ['postgres'] },
);

describe.skipIf(skipPgBouncerSuites)('postgres: prepared statements through PgBouncer 1.18 in transaction mode', () => {
  let testDb: TestDatabase;
  let bouncer: PgBouncer;
  const services: Service[] = [];
  const warnings: string[] = [];
  const onWarning = (w: Error & { code?: string }) => {
    if (w.code === 'HELPDESK_PREPARED_STATEMENTS') warnings.push(w.message);
  };
  beforeAll(async () => {
    process.on('warning', onWarning);
    testDb = await createTestDatabase('postgres', 'empty');
    bouncer = await bouncerFor(testDb);
    // Two processes' worth of services, each with several pooled clients over PgBouncer's few server connections.
    for (let i = 0; i < 2; i++)
      services.push(await startService({ DATABASE_URL: bouncer.url, DATABASE_DIRECT_URL: testDb.url }));
  }, 60_000);
  afterAll(async () => {
    process.off('warning', onWarning);
    for (const s of services) await s.close();
    await bouncer?.close();
    await testDb?.drop();
  });

  it('postgres: every request succeeds, and the process switches prepared statements off at the first refusal', async () => {
    const created = await services[0]!.container.orgs.create('bouncer');
    const clients = services.map((s) => api(s.app, created.api_key.token));
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        i % 3 === 0
          ? clients[i % 2]!.post('/api/v1/tickets', {
              subject: `T${i}`,
              message: 'hi',
              customer: { email: `c${i % 7}@example.com` },
            })
          : clients[i % 2]!.get('/api/v1/tickets?limit=5'),
      ),
    );
    expect(results.map((r) => r.status).filter((s) => s !== 200 && s !== 201)).toEqual([]);
    expect(warnings.length).toBeGreaterThan(0);
    const list = await clients[1]!.get('/api/v1/tickets?limit=100');
    expect(list.body.data).toHaveLength(20);
  });
});
