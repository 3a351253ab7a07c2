import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, inject } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createContainer, type Container } from '../../src/container.js';
import { loadConfig, type Config } from '../../src/config.js';
import { openDatabase, type DatabaseHandle, type Dialect } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import type { App } from '../../src/shared/http.js';
import type { Scope } from '../../src/shared/scopes.js';
import { api, type Api } from './api.js';
import { createDatabaseFromTemplate, dropDatabase, pgUrlFor, withAdminClient } from './pg-admin.js';

// The raw request helper under api(), importable from here too.
export { call } from './api.js';

export const DIALECTS: Dialect[] = ['sqlite', 'postgres'];

export interface TestClock {
  (): number;
  /** Freezes time at ms (a number or ISO string); null goes back to the real clock. */
  set(at: number | string | null): void;
  advance(ms: number): void;
}

export function createTestClock(): TestClock {
  let frozen: number | null = null;
  const clock = (() => frozen ?? Date.now()) as TestClock;
  clock.set = (at) => {
    frozen = at === null ? null : typeof at === 'string' ? Date.parse(at) : at;
  };
  clock.advance = (ms) => {
    frozen = (frozen ?? Date.now()) + ms;
  };
  return clock;
}

export interface TestDatabase {
  dialect: Dialect;
  url: string;
  handle: DatabaseHandle;
  drop(): Promise<void>;
}

/**
 * A throwaway database of the given dialect: migrated (on PostgreSQL a copy of the run's plain or
 * partitioned template) or, with 'empty', not migrated at all (upgrade tests migrate it step by step).
 */
export async function createTestDatabase(
  dialect: 'sqlite',
  variant?: 'plain' | 'empty',
): Promise<TestDatabase & { /** The database file, for a second connection of the test's own. */ path: string }>;
export async function createTestDatabase(
  dialect: Dialect,
  variant?: 'plain' | 'partitioned' | 'empty',
): Promise<TestDatabase>;
export async function createTestDatabase(
  dialect: Dialect,
  variant: 'plain' | 'partitioned' | 'empty' = 'plain',
): Promise<TestDatabase & { path?: string }> {
  const suffix = `${process.pid}_${randomBytes(4).toString('hex')}`;
  if (dialect === 'sqlite') {
    const path = join(tmpdir(), `helpdesk-test-${suffix}.db`);
    const handle = openDatabase({ dialect: 'sqlite', path, url: `sqlite:${path}` }, { guardTenants: true });
    if (variant !== 'empty') await migrateToLatest(handle);
    return {
      dialect,
      url: `sqlite:${path}`,
      path,
      handle,
      async drop() {
        await handle.close().catch(() => undefined);
        for (const ext of ['', '-wal', '-shm']) rmSync(path + ext, { force: true });
      },
    };
  }
  const name = `helpdesk_test_${suffix}`;
  if (variant === 'empty') await withAdminClient((c) => c.query(`CREATE DATABASE "${name}"`));
  else {
    const template = inject(variant === 'partitioned' ? 'pgPartitionedTemplate' : 'pgTemplate');
    if (!template) throw new Error('PostgreSQL is not available');
    await createDatabaseFromTemplate(name, template);
  }
  const url = pgUrlFor(name);
  // Every statement of an organization-scoped handle is checked to stay inside its organization.
  const handle = openDatabase({ dialect: 'postgres', url }, { poolSize: 5, guardTenants: true });
  return {
    dialect,
    url,
    handle,
    async drop() {
      await handle.close().catch(() => undefined);
      await dropDatabase(name);
    },
  };
}

export const postgresAvailable = (): boolean => inject('pgTemplate') !== null;

export interface TestOrg {
  id: string;
  token: string;
  /** The API as this organization's full-scope key sees it. */
  api: Api;
  /** A new key of this organization with only the given scopes. */
  keyWith(scopes: Scope[]): Promise<string>;
}

export interface TestContext {
  dialect: Dialect;
  app: App;
  /** The composition root the app was built from (services for set-up that has no API route). */
  container: Container;
  database: DatabaseHandle;
  dbUrl: string;
  clock: TestClock;
  config: Config;
  createOrg(name?: string): Promise<TestOrg>;
}

export interface SuiteOptions {
  /** Environment overrides for loadConfig (rate limiting is off unless set here). */
  env?: Record<string, string>;
  /**
   * Also run the suite on PostgreSQL's partitioned variant (every tenant table hash-partitioned by
   * organization_id, as Citus distributes them; see partitioned-schema.ts), named
   * "postgres-partitioned: title". ctx.dialect is 'postgres' there. 'only': on that variant alone.
   */
  partitioned?: boolean | 'only';
  /** The engines to run on (default both): for behaviour only one engine has, such as row locks. */
  dialects?: readonly Dialect[];
}

type SuiteTarget = { name: string; dialect: Dialect; variant: 'plain' | 'partitioned' };

/**
 * Declares the same suite once per dialect, named "sqlite: title" and "postgres: title". The
 * PostgreSQL copy is skipped (and reported as skipped) when no PostgreSQL server is reachable.
 * ctx.clock is back on the real time after every test.
 */
export function describeEachDialect(title: string, body: (ctx: TestContext) => void, options: SuiteOptions = {}): void {
  const targets: SuiteTarget[] =
    options.partitioned === 'only'
      ? []
      : (options.dialects ?? DIALECTS).map((dialect) => ({ name: dialect, dialect, variant: 'plain' as const }));
  if (options.partitioned) targets.push({ name: 'postgres-partitioned', dialect: 'postgres', variant: 'partitioned' });
  for (const { name, dialect, variant } of targets) {
    const skip = dialect === 'postgres' && !postgresAvailable();
    describe.skipIf(skip)(`${name}: ${title}`, () => {
      const ctx = {} as TestContext;
      let testDb: TestDatabase;
      beforeAll(async () => {
        testDb = await createTestDatabase(dialect, variant);
        const config = loadConfig({
          DATABASE_URL: testDb.url,
          RATE_LIMIT_PER_MINUTE: '0',
          LOG_LEVEL: 'silent',
          WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
          // Off unless a suite tests it: a test process's event loop stalls (module loading, GC, two
          // shared cores), and a 503 there would fail unrelated tests.
          OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
          ...options.env,
        });
        const clock = createTestClock();
        const container = createContainer({ config, database: testDb.handle, clock });
        const app = await buildApp(container);
        await app.ready();
        Object.assign(ctx, {
          dialect,
          app,
          container,
          database: testDb.handle,
          dbUrl: testDb.url,
          clock,
          config,
          async createOrg(name = 'Test org') {
            const created = await container.orgs.create(name);
            const keys = container.apiKeys;
            return {
              id: created.organization.id,
              token: created.api_key.token,
              api: api(app, created.api_key.token),
              keyWith: async (scopes: Scope[]) => (await keys.create(created.organization.id, scopes)).token,
            };
          },
        } satisfies TestContext);
      });
      // Every test starts on the real clock: a test that freezes or moves it cannot leak that into the
      // next one (registered before the body's hooks, so it runs after them: a suite's own afterEach
      // that stops a worker still sees the test's clock).
      afterEach(() => {
        ctx.clock?.set(null);
      });
      afterAll(async () => {
        await ctx.app?.close();
        await testDb?.drop();
      });
      body(ctx);
    });
  }
}

export const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
