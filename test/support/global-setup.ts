import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { PG_ADMIN_URL, dropDatabase, pgUrlFor, withAdminClient } from './pg-admin.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string | null;
  }
}

// One migrated template database per run; every PostgreSQL suite copies it (CREATE DATABASE ...
// TEMPLATE), which is far faster than migrating a fresh database each time.
export default async function setup(project: TestProject) {
  const template = `helpdesk_test_tpl_${process.pid}`;
  try {
    await withAdminClient((c) => c.query('select 1'));
  } catch (err) {
    if (process.env.CI === 'true' || process.env.REQUIRE_POSTGRES === 'true') {
      throw new Error(`PostgreSQL is required here but not reachable at ${PG_ADMIN_URL}: ${String(err)}`);
    }
    process.stdout.write(
      `\n*** PostgreSQL is not reachable at ${PG_ADMIN_URL}: the PostgreSQL half of the suite is SKIPPED. ***\n` +
        '*** Only the SQLite tests run. Start PostgreSQL (or set TEST_PG_URL) to run both. ***\n\n',
    );
    project.provide('pgTemplate', null);
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
  return async () => {
    await dropDatabase(template);
  };
}
