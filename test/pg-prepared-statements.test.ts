import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createContainer } from '../src/container.js';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import type { App } from '../src/shared/http.js';
import { api } from './support/api.js';
import { createTestClock, describeEachDialect } from './support/harness.js';

// DATABASE_PREPARED_STATEMENTS=true (PostgreSQL, off by default): parameterized statements are prepared
// once per pooled connection under a name derived from their text and reused, so PostgreSQL stops
// planning the same short statements again on every request. The answers must not change.

describeEachDialect(
  'PostgreSQL prepared statements (DATABASE_PREPARED_STATEMENTS)',
  (ctx) => {
    let database: DatabaseHandle;
    let app: App;
    beforeAll(async () => {
      const config = loadConfig({ DATABASE_URL: ctx.dbUrl, DATABASE_PREPARED_STATEMENTS: 'true', RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'silent' });
      database = openDatabase(config.database, { poolSize: 1, guardTenants: true });
      app = await buildApp(createContainer({ config, database, clock: createTestClock() }));
      await app.ready();
    });
    afterAll(async () => {
      await app?.close();
      await database?.close();
    });

    it('prepares the service statements on its connection and answers as without them', async () => {
      const org = await ctx.createOrg();
      const created = await org.api.post('/api/v1/tickets', { subject: 'Prepared', message: 'hello', customer: { email: 'p@example.com' } });
      expect(created.status).toBe(201);
      const prepared = api(app, org.token);
      for (let i = 0; i < 3; i++) {
        const read = await prepared.get(`/api/v1/tickets/${created.body.data.id}`);
        expect(read.status).toBe(200);
        expect(read.body).toEqual((await org.api.get(`/api/v1/tickets/${created.body.data.id}`)).body);
      }
      const list = await prepared.get('/api/v1/tickets');
      expect(list.body).toEqual((await org.api.get('/api/v1/tickets')).body);
      // One pooled connection: the statements it prepared are visible in its own session.
      const names = await sql<{ name: string }>`select name from pg_prepared_statements`.execute(database.db);
      expect(names.rows.length).toBeGreaterThan(2);
      expect(names.rows.every((r) => /^hd\d+$/.test(r.name))).toBe(true);
      // The app's own database (without the option) prepares nothing by name.
      const none = await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements`.execute(ctx.database.db);
      expect(none.rows[0]!.n).toBe(0);
    });
  },
  { dialects: ['postgres'] },
);
