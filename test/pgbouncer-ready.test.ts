import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createContainer } from '../src/container.js';
import { directUrlOf, isDatabaseUnavailable, openDatabase } from '../src/db/database.js';
import { migrateThroughDirectUrl } from '../src/db/migrate.js';
import { api } from './support/api.js';
import { createTestDatabase, postgresAvailable, type TestDatabase } from './support/harness.js';
import { startStartupRecorder, type StartupRecorder } from './support/startup-recorder.js';

// PgBouncer in transaction mode hands each transaction (or lone statement) to any server connection:
// it refuses startup parameters it does not track, and session state (SET, LISTEN) does not stay with
// a client. Without PgBouncer here, a recording proxy shows what the pool sends at startup, and which
// URL the session-level work (LISTEN, migrations) connects through.

// Startup parameters PgBouncer accepts without ignore_startup_parameters (the ones it tracks per client).
const ACCEPTED = new Set([
  'user',
  'database',
  'application_name',
  'client_encoding',
  'datestyle',
  'timezone',
  'standard_conforming_strings',
]);

const waitFor = async (check: () => boolean, what: string, ms = 5_000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe.skipIf(!postgresAvailable())('postgres: ready for PgBouncer in transaction mode', () => {
  let testDb: TestDatabase;
  let pooled: StartupRecorder;
  let direct: StartupRecorder;
  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
    pooled = await startStartupRecorder(testDb.url);
    direct = await startStartupRecorder(testDb.url);
  });
  afterAll(async () => {
    await pooled?.close();
    await direct?.close();
    await testDb?.drop();
  });

  it('the pool sends no session settings at startup, and the server still bounds statements inside transactions', async () => {
    const database = openDatabase({ dialect: 'postgres', url: pooled.url }, { poolSize: 2, statementTimeoutMs: 300 });
    try {
      const inside = await database.system.transaction((s) =>
        sql<{ statement_timeout: string }>`show statement_timeout`.execute(s.db),
      );
      expect(inside.rows[0].statement_timeout).toBe('300ms');
      const started = Date.now();
      const err = await database.system.transaction((s) => sql`select pg_sleep(5)`.execute(s.db)).catch((e) => e);
      expect(err).toMatchObject({ code: '57014' }); // canceled by the server's statement_timeout
      expect(isDatabaseUnavailable(err)).toBe(true); // → 503 service_unavailable, as before
      expect(Date.now() - started).toBeLessThan(3_000);
      // SET LOCAL ended with the transaction: nothing is left on the connection for the next client.
      for (let i = 0; i < 4; i++) {
        const outside = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(database.db);
        expect(outside.rows[0].statement_timeout).not.toBe('300ms');
      }
      // The service works through such connections (its reads, transactions and notifications).
      const config = loadConfig({ DATABASE_URL: pooled.url, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0' });
      const container = createContainer({ config, database, clock: Date.now });
      const app = await buildApp(container);
      try {
        const org = await container.orgs.create('Pooled org');
        const created = await api(app, org.api_key.token).post('/api/v1/tickets', {
          subject: 'Hi',
          message: 'Hello',
          customer: { email: 'a@example.com' },
        });
        expect(created.status).toBe(201);
        expect((await api(app, org.api_key.token).get('/api/v1/tickets')).body.data).toHaveLength(1);
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
    expect(pooled.connections.length).toBeGreaterThan(0);
    // Sent with BEGIN in one simple-protocol query: no extra round trip per transaction.
    expect(pooled.connections.map((c) => c.sent).join('\n')).toContain('BEGIN; SET LOCAL statement_timeout = 300\0');
    for (const { parameters } of pooled.connections) {
      expect(parameters).not.toHaveProperty('statement_timeout');
      expect(Object.keys(parameters).filter((key) => !ACCEPTED.has(key))).toEqual([]);
    }
  });

  it('LISTEN and migrations connect through DATABASE_DIRECT_URL, the pool through DATABASE_URL', async () => {
    const config = loadConfig({ DATABASE_URL: pooled.url, DATABASE_DIRECT_URL: direct.url });
    if (config.database.dialect !== 'postgres') throw new Error('expected PostgreSQL');
    expect(directUrlOf(config.database)).toBe(direct.url);
    const database = openDatabase(config.database, { poolSize: 2 });
    const pooledBefore = pooled.connections.length;
    let woken = 0;
    const stop = database.listen(
      'pgbouncer_ready_test',
      () => woken++,
      () => undefined,
    );
    try {
      await waitFor(() => woken >= 1, 'the listener to connect'); // called once after connecting
      await database.system.transaction((s) => s.notify('pgbouncer_ready_test'));
      await waitFor(() => woken >= 2, 'the notification');
      const result = await migrateThroughDirectUrl(config.database, database);
      expect(result.error).toBeUndefined();
    } finally {
      await stop();
      await database.close();
    }
    const sentBy = (list: typeof pooled.connections) => list.map((c) => c.sent).join('\n');
    const pooledSent = sentBy(pooled.connections.slice(pooledBefore));
    const directSent = sentBy(direct.connections);
    expect(directSent).toContain('LISTEN "pgbouncer_ready_test"');
    expect(directSent).toContain('kysely_migration');
    expect(pooledSent).toContain('pg_notify');
    expect(pooledSent).not.toContain('LISTEN');
    expect(pooledSent).not.toContain('kysely_migration');
    expect(sentBy(direct.connections)).not.toContain('pg_notify');
  });

  it('without DATABASE_DIRECT_URL, LISTEN and migrations use DATABASE_URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/hd' });
    if (config.database.dialect !== 'postgres') throw new Error('expected PostgreSQL');
    expect(directUrlOf(config.database)).toBe('postgres://u@db:5432/hd');
  });
});
