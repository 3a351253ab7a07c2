import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createContainer } from '../src/container.js';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import type { App } from '../src/shared/http.js';
import { api } from './support/api.js';
import { createTestClock, describeEachDialect, type TestClock, type TestContext } from './support/harness.js';

// Authenticated keys are cached in process for API_KEY_CACHE_TTL_MS (5 s by default, which the suites
// run with): most requests then authenticate without reading the database. What must still hold:
// a revocation takes effect at once in the process that made it, in other processes as soon as its
// notification arrives (PostgreSQL), and everywhere once the entries expire (SQLite files shared by
// several processes, which have no notifications between them).

/** A second server process on the same database: its own container, pool, cache and clock. */
function otherProcess(ctx: TestContext) {
  const handle = {} as { app: App; clock: TestClock; database: DatabaseHandle };
  beforeAll(async () => {
    const config = loadConfig({ DATABASE_URL: ctx.dbUrl, RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'silent' });
    handle.database = openDatabase(config.database, { poolSize: 2, guardTenants: true });
    handle.clock = createTestClock();
    handle.app = await buildApp(createContainer({ config, database: handle.database, clock: handle.clock }));
    await handle.app.ready();
  });
  afterAll(async () => {
    await handle.app?.close();
    await handle.database?.close();
  });
  return handle;
}

describeEachDialect('API key cache', (ctx) => {
  const other = otherProcess(ctx);

  it('serves a known key from the cache until its time to live passes', async () => {
    const org = await ctx.createOrg();
    const token = await org.keyWith(['tickets:read']);
    const client = api(ctx.app, token);
    expect((await client.get('/api/v1/tickets')).status).toBe(200);
    // Take the key away behind the service's back (no revocation, so no cache is cleared).
    await ctx.database.db.deleteFrom('api_key_lookup').where('owner_organization_id', '=', org.id).execute();
    expect((await client.get('/api/v1/tickets')).status).toBe(200);
    ctx.clock.advance(ctx.config.apiKeyCacheTtlMs);
    expect((await client.get('/api/v1/tickets')).status).toBe(401);
  });

  it('a revocation holds at once in the process that made it', async () => {
    const org = await ctx.createOrg();
    const created = await org.api.post('/api/v1/api-keys', { scopes: ['tickets:read'] });
    const client = api(ctx.app, created.body.data.token);
    expect((await client.get('/api/v1/tickets')).status).toBe(200);
    expect((await org.api.delete(`/api/v1/api-keys/${created.body.data.id}`)).status).toBe(200);
    expect((await client.get('/api/v1/tickets')).status).toBe(401);
  });

  it("another process's revocation holds there once its cached entry expires", async () => {
    const org = await ctx.createOrg();
    const created = await org.api.post('/api/v1/api-keys', { scopes: ['tickets:read'] });
    const elsewhere = api(other.app, created.body.data.token);
    expect((await elsewhere.get('/api/v1/tickets')).status).toBe(200);
    await ctx.container.apiKeys.revokeAnyOrganization(created.body.data.id); // e.g. the CLI
    other.clock.advance(ctx.config.apiKeyCacheTtlMs);
    expect((await elsewhere.get('/api/v1/tickets')).status).toBe(401);
  });
});

describeEachDialect(
  'API key cache across processes',
  (ctx) => {
    const other = otherProcess(ctx);

    it("another process's revocation reaches it through NOTIFY, before its cached entry expires", async () => {
      const org = await ctx.createOrg();
      const created = await org.api.post('/api/v1/api-keys', { scopes: ['tickets:read'] });
      const elsewhere = api(other.app, created.body.data.token);
      expect((await elsewhere.get('/api/v1/tickets')).status).toBe(200);
      other.clock.set(Date.now()); // the other process's cache entries do not expire from here on
      await ctx.container.apiKeys.revokeAnyOrganization(created.body.data.id);
      let status = 200;
      for (let i = 0; i < 500 && status === 200; i++) {
        await new Promise((r) => setTimeout(r, 10));
        status = (await elsewhere.get('/api/v1/tickets')).status;
      }
      expect(status).toBe(401);
    });
  },
  { dialects: ['postgres'] },
);
