import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { MIGRATION_NAMES, migrateThroughDirectUrl } from '../src/db/migrate.js';
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

// The service with DATABASE_URL = a real PgBouncer in transaction mode and no DATABASE_DIRECT_URL: the
// session-level work goes through the pooler too. LISTEN then hears nothing reliably (the worker finds
// deliveries by polling), and migrations must not leave session state behind (src/db/migrate.ts).

/** What a process's start does with the schema (as `serve`); the number of migrations it applied. */
async function migrateOnce(url: string): Promise<number> {
  const config = loadConfig({ DATABASE_URL: url });
  const database = openDatabase(config.database, { poolSize: 1 });
  try {
    const result = await migrateThroughDirectUrl(config.database, database);
    return result.results?.filter((r) => r.status === 'Success').length ?? 0;
  } finally {
    await database.close();
  }
}

describe.skipIf(skipPgBouncerSuites)('postgres: through PgBouncer without DATABASE_DIRECT_URL', () => {
  let testDb: TestDatabase;
  let bouncer: PgBouncer;
  let receiver: Receiver;
  let service: Service;
  let applied: number[]; // migrations applied by each of three processes starting at once
  beforeAll(async () => {
    testDb = await createTestDatabase('postgres', 'empty');
    bouncer = await bouncerFor(testDb);
    receiver = await startReceiver();
    applied = await Promise.all(Array.from({ length: 3 }, () => migrateOnce(bouncer.url)));
    // LISTEN through a transaction pooler hears nothing reliably: the worker finds deliveries by polling.
    service = await startService({ DATABASE_URL: bouncer.url, WEBHOOK_POLL_INTERVAL_MS: '100' });
  });
  afterAll(async () => {
    await service?.close();
    await bouncer?.close();
    await receiver?.close();
    await testDb?.drop();
  });

  it('migrations run through PgBouncer: of three starts at once one migrates, the others wait for it', async () => {
    expect([...applied].sort((a, b) => a - b)).toEqual([0, 0, MIGRATION_NAMES.length]);
    expect(await migrationsIn(testDb.handle)).toEqual([...MIGRATION_NAMES].sort());
  });

  it('the worker still delivers, by polling', async () => {
    const org = await service.createOrg('Polled org');
    const hook = await org.api.post('/api/v1/webhooks', {
      name: 'Receiver',
      url: `${receiver.url}/hook`,
      events: ['ticket.created'],
    });
    expect(hook.status).toBe(201);
    const ticket = (await postTicket(org.api)).body.data;
    const [req] = await receiver.waitFor(1);
    expect(verifySignature(hook.body.data.secret, req)).toBe(true);
    expect(req.json.data.id).toBe(ticket.id);
    const delivered = await eventually(async () => {
      const row = await testDb.handle.db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('organization_id', '=', org.id)
        .executeTakeFirst();
      return row?.status === 'success' && row;
    });
    expect(delivered).toMatchObject({ attempt_count: 1, status_code: 200 });
  });

  it('repeated starts under load leave no migration lock on a pooled server connection', async () => {
    // Other clients keep PgBouncer's server connections changing hands, so statements outside a
    // transaction land on different ones: Kysely's session-level lock and its unlock did (migrate.ts).
    let loaded = true;
    const load = async () => {
      const client = new pg.Client({ connectionString: bouncer.url });
      await client.connect();
      try {
        while (loaded) await client.query('select pg_sleep(0.002)');
      } finally {
        await client.end();
      }
    };
    const loaders = Array.from({ length: 2 * SERVER_POOL }, load);
    try {
      for (let start = 0; start < 5; start++) {
        // A lock left behind by the previous start would make this one wait (Kysely: up to an hour).
        expect(await migrateOnce(bouncer.url)).toBe(0);
        const locks = await sql<{ n: number }>`
          select count(*)::int as n from pg_locks
          where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`.execute(
          testDb.handle.db,
        );
        expect(locks.rows[0].n).toBe(0);
      }
    } finally {
      loaded = false;
      await Promise.all(loaders);
    }
  });
});
