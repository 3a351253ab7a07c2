import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createContainer } from '../src/container.js';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { TENANT_TABLES } from '../src/db/tenant-guard.js';
import type { App } from '../src/shared/http.js';
import { api } from './support/api.js';
import { runCli } from './support/cli-runner.js';
import { postUser, postWebhook } from './support/fixtures.js';
import {
  createTestClock,
  describeEachDialect,
  type TestClock,
  type TestContext,
  type TestOrg,
} from './support/harness.js';
import { ticketBody } from './support/ticket-fixtures.js';

// An organization that is gone (removed with `orgs delete`, or deleted behind the service's back)
// while its key is still in a process's key cache: its requests answer 401, never a 500, at once and
// in every process; `orgs delete` removes every row the organization owns and nothing of the others'.

/** A second server process on the same database, with its own cache and a clock that can stand still. */
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

/** Rows of every tenant table that belong to the organization, by table (tables without any left out). */
async function ownedRows(ctx: TestContext, organizationId: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TENANT_TABLES) {
    const { rows } = await sql<{ n: string | number }>`select count(*) as n from ${sql.table(table)}
      where organization_id = ${organizationId}`.execute(ctx.database.db);
    if (Number(rows[0].n) > 0) out[table] = Number(rows[0].n);
  }
  return out;
}

/** An organization with a row in most tenant tables. */
async function populated(ctx: TestContext): Promise<TestOrg> {
  const org = await ctx.createOrg();
  await postUser(org.api, 'agent');
  const team = (await org.api.post('/api/v1/teams', { name: 'Team', member_ids: ['agent'] })).body.data;
  const tag = (await org.api.post('/api/v1/tags', { name: 'vip' })).body.data;
  await org.api.post('/api/v1/invitations', { email: 'new@example.com' });
  await postWebhook(org.api);
  const ticket = (
    await org.api.post('/api/v1/tickets', ticketBody({ team_id: team.id, tag_ids: [tag.id] }), {
      'idempotency-key': 'k1',
    })
  ).body.data;
  expect(ticket?.id).toBeDefined();
  await org.api.post(`/api/v1/tickets/${ticket.id}/messages`, { content: 'More' });
  return org;
}

describeEachDialect('organizations that are gone', (ctx) => {
  const other = otherProcess(ctx);
  const cli = (...args: string[]) => runCli(args, { DATABASE_URL: ctx.dbUrl });

  it('answer 401 at once, not 500, when the organization was deleted behind the key cache', async () => {
    const org = await ctx.createOrg();
    expect((await org.api.get('/api/v1/tickets')).status).toBe(200); // the key is now cached
    await ctx.database.db.deleteFrom('organizations').where('id', '=', org.id).execute();
    for (const [method, url, body] of [
      ['post', '/api/v1/tickets', ticketBody()],
      ['post', '/api/v1/api-keys', { scopes: ['tickets:read'] }],
      ['get', '/api/v1/tickets', undefined],
    ] as const) {
      const res = method === 'post' ? await org.api.post(url, body) : await org.api.get(url);
      expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(401);
      expect(res.body.error.code).toBe('unauthorized');
    }
    expect(await ownedRows(ctx, org.id)).toEqual({});
  });

  it('orgs delete removes the organization and every row it owns, and nothing of another', async () => {
    const gone = await populated(ctx);
    const kept = await populated(ctx);
    const keptBefore = await ownedRows(ctx, kept.id);
    const before = await ownedRows(ctx, gone.id);
    expect(Object.keys(before)).toEqual(expect.arrayContaining(['tickets', 'messages', 'events', 'users', 'teams']));
    const res = await cli('orgs', 'delete', gone.id, '--yes', '--json');
    expect(res.code, res.stderr).toBe(0);
    const out = JSON.parse(res.stdout);
    expect(out.organization).toMatchObject({ id: gone.id, name: 'Test org' });
    expect(out.organization.deleted).toMatchObject(before);
    expect(await ownedRows(ctx, gone.id)).toEqual({});
    const lookups = await ctx.database.db
      .selectFrom('api_key_lookup')
      .select('key_id')
      .where('owner_organization_id', '=', gone.id)
      .execute();
    expect(lookups).toEqual([]);
    expect(await ctx.database.db.selectFrom('organizations').select('id').where('id', '=', gone.id).execute()).toEqual(
      [],
    );
    expect(await ownedRows(ctx, kept.id)).toEqual(keptBefore);
    expect((await kept.api.get('/api/v1/tickets')).status).toBe(200);
  });

  it('orgs delete takes the keys away in every process, also one that had the key cached', async () => {
    const org = await populated(ctx);
    const elsewhere = api(other.app, org.token);
    expect((await elsewhere.get('/api/v1/tickets')).status).toBe(200);
    expect((await org.api.get('/api/v1/tickets')).status).toBe(200);
    other.clock.set(Date.now()); // its cache entries do not expire from here on
    ctx.clock.set(Date.now());
    expect((await cli('orgs', 'delete', org.id, '--yes')).code).toBe(0);
    for (const client of [elsewhere, org.api]) {
      let status = 200;
      for (let i = 0; i < 500 && status === 200; i++) {
        status = (await client.get('/api/v1/tickets')).status;
        if (status === 200) await new Promise((r) => setTimeout(r, 10));
      }
      expect(status).toBe(401);
      // Writes too: nothing is created for the organization that is gone.
      expect((await client.post('/api/v1/tickets', ticketBody())).status).toBe(401);
    }
    expect(await ownedRows(ctx, org.id)).toEqual({});
  });

  it('orgs delete refuses without --yes (2), a malformed id (2) and an unknown organization (1)', async () => {
    const org = await ctx.createOrg();
    const [unconfirmed, malformed, unknown] = await Promise.all([
      cli('orgs', 'delete', org.id),
      cli('orgs', 'delete', 'acme', '--yes'),
      cli('orgs', 'delete', '00000000-0000-4000-8000-000000000000', '--yes'),
    ]);
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toMatch(/--yes/);
    expect(malformed.code).toBe(2);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/not found/);
    expect((await org.api.get('/api/v1/tickets')).status).toBe(200);
  });
});
