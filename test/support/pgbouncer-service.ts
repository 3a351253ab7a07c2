import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createContainer, type Container } from '../../src/container.js';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.js';
import { migrateThroughDirectUrl } from '../../src/db/migrate.js';
import type { App } from '../../src/shared/http.js';
import type { WorkerHandle } from '../../src/webhooks/worker.js';
import { api, type Api } from './api.js';
import { isCI } from './ci.js';
import { postgresAvailable, type TestDatabase } from './harness.js';
import { findPgBouncer, startPgBouncer, type PgBouncer } from './pgbouncer.js';
import { silentLogger, type ReceivedRequest } from './webhook-receiver.js';

// The service as `serve` runs it, for the suites through a real PgBouncer (pgbouncer-*.test.ts).

const installed = findPgBouncer() !== null;

/** PgBouncer's server connections per database: fewer than the service's 16 clients, so it multiplexes. */
export const SERVER_POOL = 4;

/** Skipped without PostgreSQL, or locally without pgbouncer; under CI a missing pgbouncer fails instead. */
export const skipPgBouncerSuites = !postgresAvailable() || (!installed && !isCI());

/** Starts PgBouncer in front of a test database; throws (under CI) when the package is missing. */
export async function bouncerFor(testDb: TestDatabase): Promise<PgBouncer> {
  if (!installed)
    throw new Error(
      `pgbouncer is required here (CI=${process.env.CI}) but not installed: .ci/run installs the Debian package`,
    );
  return startPgBouncer({ target: testDb.url, poolSize: SERVER_POOL });
}

export interface Service {
  database: DatabaseHandle;
  app: App;
  worker: WorkerHandle;
  container: Container;
  createOrg(name: string): Promise<{ id: string; api: Api }>;
  close(): Promise<void>;
}

/** What `serve` does (src/server.ts: migrate, container, app, in-process worker), without signals or a socket. */
export async function startService(env: Record<string, string>): Promise<Service> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '0',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    DATABASE_POOL_SIZE: '16',
    ...env,
  });
  const database = openDatabase(config.database, { guardTenants: true });
  await migrateThroughDirectUrl(config.database, database);
  const container = createContainer({ config, database, clock: Date.now });
  const app = await buildApp(container);
  await app.ready();
  const worker = container.startWorker(silentLogger);
  return {
    database,
    app,
    worker,
    container,
    async createOrg(name) {
      const created = await container.orgs.create(name);
      return { id: created.organization.id, api: api(app, created.api_key.token) };
    },
    async close() {
      await app.close();
      await worker.stop();
      await database.close();
    },
  };
}

/** As a receiver checks it: HMAC over the raw bytes, constant-time compare. */
export function verifySignature(secret: string, req: ReceivedRequest): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(req.raw).digest('hex')}`);
  const given = Buffer.from(String(req.headers['x-webhook-signature'] ?? ''));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The migrations recorded as applied, read from the database itself. */
export const migrationsIn = async (db: DatabaseHandle) =>
  (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db.db)).rows.map((r) => r.name);
