import { Redis } from 'ioredis';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { partitionTenantTables } from './partitioned-schema.js';
import { isCI, TEST_REDIS_URL } from './ci.js';
import { PG_ADMIN_URL, dropDatabase, pgUrlFor, withAdminClient } from './pg-admin.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string | null;
    /** The same schema with every tenant table hash-partitioned by organization_id (partitioned-schema.ts). */
    pgPartitionedTemplate: string | null;
  }
}

// One migrated template database per run; every PostgreSQL suite copies it (CREATE DATABASE ...
// TEMPLATE), which is far faster than migrating a fresh database each time.
async function redisProblem(): Promise<string | null> {
  const client = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    retryStrategy: () => null,
  });
  let cause: unknown = null; // the socket error (e.g. ECONNREFUSED) behind ioredis' "Connection is closed"
  client.on('error', (err) => (cause ??= err));
  try {
    await client.connect();
    await client.ping();
    return null;
  } catch (err) {
    return String(cause ?? err);
  } finally {
    client.disconnect();
  }
}

export default async function setup(project: TestProject) {
  const template = `helpdesk_test_tpl_${process.pid}`;
  // Under CI (any CI value but '', '0' or 'false') both servers are required: no half of the suite
  // may be skipped quietly. Redis is checked first, before anything is created.
  const ci = isCI();
  if (ci) {
    const problem = await redisProblem();
    if (problem)
      throw new Error(
        `Redis is required in CI (CI=${process.env.CI}) but not reachable at ${TEST_REDIS_URL}: ${problem}`,
      );
  }
  try {
    await withAdminClient((c) => c.query('select 1'));
  } catch (err) {
    if (ci || process.env.REQUIRE_POSTGRES === 'true') {
      throw new Error(
        `PostgreSQL is required here${ci ? ` (CI=${process.env.CI})` : ''} but not reachable at ${PG_ADMIN_URL}: ${String(err)}`,
      );
    }
    process.stdout.write(
      `\n*** PostgreSQL is not reachable at ${PG_ADMIN_URL}: the PostgreSQL half of the suite is SKIPPED. ***\n` +
        '*** Only the SQLite tests run. Start PostgreSQL (or set TEST_PG_URL) to run both. ***\n\n',
    );
    project.provide('pgTemplate', null);
    project.provide('pgPartitionedTemplate', null);
    return;
  }
  await dropDatabase(template);
  await withAdminClient((c) => c.query(`CREATE DATABASE "${template}"`));
  const handle = openDatabase({ dialect: 'postgres', url: pgUrlFor(template) }, { poolSize: 1 });
  try {
    await migrateToLatest(handle);
  } finally {
    await handle.close();
  }
  project.provide('pgTemplate', template);
  // The partitioned variant: a copy of the template converted in place (its report of constraints
  // that cannot be partitioned is asserted by test/partitioned-explain.test.ts).
  const partitioned = `${template}_part`;
  await dropDatabase(partitioned);
  await withAdminClient((c) => c.query(`CREATE DATABASE "${partitioned}" TEMPLATE "${template}"`));
  await partitionTenantTables(pgUrlFor(partitioned));
  project.provide('pgPartitionedTemplate', partitioned);
  return async () => {
    await dropDatabase(partitioned);
    await dropDatabase(template);
  };
}
