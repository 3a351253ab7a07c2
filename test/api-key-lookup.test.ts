import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { displayPrefix, generateToken, hashToken } from '../src/auth/api-key-token.js';
import { loadConfig } from '../src/config.js';
import { createContainer, type Container } from '../src/container.js';
import type { DatabaseHandle } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { newId } from '../src/shared/ids.js';
import type { App } from '../src/shared/http.js';
import { ALL_SCOPES } from '../src/shared/scopes.js';
import { api } from './support/api.js';
import {
  createTestDatabase,
  DIALECTS,
  describeEachDialect,
  postgresAvailable,
  type TestDatabase,
} from './support/harness.js';

// Authentication reads the global api_key_lookup. Keys issued before that table
// existed must keep working after the upgrade (revoked ones staying revoked), and every later create
// and revoke must keep the lookup in step with the organization's api_keys row.

/** The schema released before the lookup: the upgrade starts from a database filled on it. */
const BEFORE_LOOKUP = '20261122-0200-webhooks';

interface OldKey {
  id: string;
  organizationId: string;
  token: string;
  revokedAt: number | null;
}

/** Inserts an organization and its keys with the statements of the old schema (no lookup exists). */
async function insertOldOrganization(
  handle: DatabaseHandle,
  keys: { scopes: string[]; revokedAt?: number }[],
): Promise<OldKey[]> {
  const organizationId = newId();
  const now = Date.parse('2026-11-01T10:00:00.000Z');
  await handle.db
    .insertInto('organizations')
    .values({ id: organizationId, name: 'Old org', created_at: now })
    .execute();
  await handle.db
    .insertInto('organization_counters')
    .values({ organization_id: organizationId, ticket_seq: 0 })
    .execute();
  const out: OldKey[] = [];
  for (const [i, k] of keys.entries()) {
    const token = generateToken();
    const id = newId();
    await handle.db
      .insertInto('api_keys')
      .values({
        id,
        organization_id: organizationId,
        name: `old ${i}`,
        prefix: displayPrefix(token),
        token_hash: hashToken(token),
        scopes: k.scopes.join(' '),
        created_at: now + i,
        last_used_at: null,
        revoked_at: k.revokedAt ?? null,
      })
      .execute();
    out.push({ id, organizationId, token, revokedAt: k.revokedAt ?? null });
  }
  return out;
}

for (const dialect of DIALECTS) {
  describe.skipIf(dialect === 'postgres' && !postgresAvailable())(
    `${dialect}: API keys issued before the lookup table`,
    () => {
      let database: TestDatabase;
      let app: App;
      let container: Container;
      let full: OldKey, readOnly: OldKey, revoked: OldKey, other: OldKey;
      const revokedAt = Date.parse('2026-11-02T10:00:00.000Z');

      beforeAll(async () => {
        database = await createTestDatabase(dialect, 'empty');
        const before = await migrateToLatest(database.handle, { upTo: BEFORE_LOOKUP });
        expect(before.results?.at(-1)?.migrationName).toBe(BEFORE_LOOKUP);
        [full, readOnly, revoked] = await insertOldOrganization(database.handle, [
          { scopes: [...ALL_SCOPES] },
          { scopes: ['tickets:read'] },
          { scopes: [...ALL_SCOPES], revokedAt },
        ]);
        [other] = await insertOldOrganization(database.handle, [{ scopes: [...ALL_SCOPES] }]);

        await migrateToLatest(database.handle);
        const config = loadConfig({ DATABASE_URL: database.url, RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'silent' });
        container = createContainer({ config, database: database.handle, clock: () => Date.now() });
        app = await buildApp(container);
        await app.ready();
      });

      afterAll(async () => {
        await app?.close();
        await database?.drop();
      });

      it('backfills one lookup row per key, revoked ones with their revocation time', async () => {
        const rows = await database.handle.db.selectFrom('api_key_lookup').selectAll().execute();
        const byKey = new Map(rows.map((r) => [r.key_id, r]));
        expect(rows).toHaveLength(4);
        for (const key of [full, readOnly, revoked, other]) {
          expect(byKey.get(key.id)).toEqual({
            token_hash: hashToken(key.token),
            owner_organization_id: key.organizationId,
            key_id: key.id,
            revoked_at: key.revokedAt,
          });
        }
      });

      it('authenticates the old tokens as their own organization, with their scopes', async () => {
        const listed = await api(app, full.token).get('/api/v1/api-keys');
        expect(listed.status).toBe(200);
        expect(listed.body.data.map((k: { id: string }) => k.id).sort()).toEqual(
          [full.id, readOnly.id, revoked.id].sort(),
        );
        const otherListed = await api(app, other.token).get('/api/v1/api-keys');
        expect(otherListed.status).toBe(200);
        expect(otherListed.body.data.map((k: { id: string }) => k.id)).toEqual([other.id]);

        expect((await api(app, readOnly.token).get('/api/v1/tickets')).status).toBe(200);
        expect((await api(app, readOnly.token).get('/api/v1/api-keys')).status).toBe(403);
        // Use is recorded in the organization's own row (after the response: recording is not awaited).
        await expect
          .poll(async () => (await api(app, full.token).get(`/api/v1/api-keys/${readOnly.id}`)).body.data.last_used_at)
          .not.toBeNull();
      });

      it('keeps a key revoked before the upgrade revoked', async () => {
        const res = await api(app, revoked.token).get('/api/v1/tickets');
        expect(res.status).toBe(401);
        expect(res.body.error.code).toBe('unauthorized');
        // Revoking it again (by id alone, as the CLI does) is a no-op that keeps the original time.
        const again = await container.apiKeys.revokeAnyOrganization(revoked.id);
        expect(again.revoked_at).toBe(new Date(revokedAt).toISOString());
      });

      it('revokes old keys through the API and by id alone, after which they get 401', async () => {
        expect((await api(app, full.token).delete(`/api/v1/api-keys/${readOnly.id}`)).status).toBe(200);
        expect((await api(app, readOnly.token).get('/api/v1/tickets')).status).toBe(401);
        await container.apiKeys.revokeAnyOrganization(other.id);
        expect((await api(app, other.token).get('/api/v1/tickets')).status).toBe(401);
        expect((await api(app, full.token).get('/api/v1/tickets')).status).toBe(200);
      });

      it('issues new keys next to the old ones', async () => {
        const created = await api(app, full.token).post('/api/v1/api-keys', { scopes: ['tickets:read'] });
        expect(created.status).toBe(201);
        expect((await api(app, created.body.data.token).get('/api/v1/tickets')).status).toBe(200);
      });
    },
  );
}

describeEachDialect('API key lookup', (ctx) => {
  const lookupOf = (keyId: string) =>
    ctx.database.db.selectFrom('api_key_lookup').selectAll().where('key_id', '=', keyId).executeTakeFirst();
  const keyRow = (keyId: string) =>
    ctx.database.db.selectFrom('api_keys').selectAll().where('id', '=', keyId).executeTakeFirstOrThrow();

  it('mirrors every create and revoke of api_keys in the same transaction', async () => {
    const org = await ctx.createOrg();
    // The organization's first key.
    const first = (await org.api.get('/api/v1/api-keys')).body.data[0];
    const firstRow = await keyRow(first.id);
    expect(await lookupOf(first.id)).toEqual({
      token_hash: firstRow.token_hash,
      owner_organization_id: org.id,
      key_id: first.id,
      revoked_at: null,
    });

    const created = await ctx.container.apiKeys.create(org.id, ['tickets:read']);
    expect((await lookupOf(created.id))?.token_hash).toBe(hashToken(created.token));

    const viaApi = (await org.api.post('/api/v1/api-keys', { scopes: ['billing:read'] })).body.data;
    await org.api.delete(`/api/v1/api-keys/${viaApi.id}`);
    expect((await lookupOf(viaApi.id))?.revoked_at).toBe((await keyRow(viaApi.id)).revoked_at);
    expect((await lookupOf(viaApi.id))?.revoked_at).not.toBeNull();

    await ctx.container.apiKeys.revokeAnyOrganization(created.id);
    expect((await lookupOf(created.id))?.revoked_at).toBe((await keyRow(created.id)).revoked_at);
  });

  it('writes neither row for an unknown organization', async () => {
    const before = await ctx.database.db
      .selectFrom('api_key_lookup')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await expect(
      ctx.container.apiKeys.create('00000000-0000-4000-8000-000000000000', ['tickets:read']),
    ).rejects.toThrow();
    const after = await ctx.database.db
      .selectFrom('api_key_lookup')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('authenticates nothing when the lookup names a key its organization no longer has active', async () => {
    const org = await ctx.createOrg();
    const token = await org.keyWith(['tickets:read']);
    const id = (
      await ctx.database.db
        .selectFrom('api_key_lookup')
        .select('key_id')
        .where('token_hash', '=', hashToken(token))
        .executeTakeFirstOrThrow()
    ).key_id;
    expect((await api(ctx.app, token).get('/api/v1/tickets')).status).toBe(200);
    // The organization's row is the authority: revoked there (not in the lookup), the token stops working.
    await ctx.database.db.updateTable('api_keys').set({ revoked_at: Date.now() }).where('id', '=', id).execute();
    ctx.clock.advance(ctx.config.apiKeyCacheTtlMs); // behind the service's back: once its cache entry expires
    expect((await api(ctx.app, token).get('/api/v1/tickets')).status).toBe(401);
  });
});
