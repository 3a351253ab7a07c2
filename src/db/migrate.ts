import { Migrator, type Kysely, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import type { DatabaseConfig } from '../config.js';
import { openDatabase } from './database.js';
import * as core from './migrations/20261122-0001-core.js';
import * as plans from './migrations/20261122-0100-plans.js';
import * as webhooks from './migrations/20261122-0200-webhooks.js';
import * as tenantKeys from './migrations/20261122-0300-tenant-keys.js';
import * as apiKeyLookup from './migrations/20261122-0400-api-key-lookup.js';
import * as apiKeyHashNotGlobal from './migrations/20261122-0500-api-key-hash-not-global.js';
import * as ticketTagsList from './migrations/20261122-0700-ticket-tags-list.js';
import type { MigrationDialect } from './migrator.js';

interface MigrationModule {
  up(db: Kysely<any>, dialect: MigrationDialect): Promise<void>;
  down?(db: Kysely<any>, dialect: MigrationDialect): Promise<void>;
}

// Migrations are listed here rather than discovered on disk so they work the same under tsx, a
// bundle or a compiled build. Names are timestamps: append, never edit one that has landed.
const MIGRATIONS: Record<string, MigrationModule> = {
  '20261122-0001-core': core,
  '20261122-0100-plans': plans,
  '20261122-0200-webhooks': webhooks,
  '20261122-0300-tenant-keys': tenantKeys,
  '20261122-0400-api-key-lookup': apiKeyLookup,
  '20261122-0500-api-key-hash-not-global': apiKeyHashNotGlobal,
  '20261122-0700-ticket-tags-list': ticketTagsList,
};

class StaticProvider implements MigrationProvider {
  constructor(private readonly dialect: MigrationDialect) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const out: Record<string, Migration> = {};
    for (const [name, mod] of Object.entries(MIGRATIONS)) {
      out[name] = {
        up: (db) => mod.up(db, this.dialect),
        down: mod.down ? (db) => mod.down!(db, this.dialect) : undefined,
      };
    }
    return out;
  }
}

export class MigrationError extends Error {}

/** The migrations' names, in order. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(MIGRATIONS);

export interface MigrateOptions {
  /** Stop after this migration instead of the latest (upgrade tests fill a database as it was before one). */
  upTo?: string;
}

/** Brings the schema up to date (or up to options.upTo); throws MigrationError naming the migration that failed. */
export async function migrateToLatest(
  database: { db: Kysely<any>; dialect: MigrationDialect },
  options: MigrateOptions = {},
): Promise<MigrationResultSet> {
  const target = options.upTo;
  if (target !== undefined && !(target in MIGRATIONS)) throw new MigrationError(`unknown migration ${target}`);
  const migrator = new Migrator({ db: database.db, provider: new StaticProvider(database.dialect) });
  const result = target === undefined ? await migrator.migrateToLatest() : await migrator.migrateTo(target);
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    // No migration ran (e.g. the database could not be reached): report the cause itself.
    if (!failed) throw result.error;
    const cause = result.error instanceof Error ? result.error.message : String(result.error);
    throw new MigrationError(`migration ${failed.migrationName} failed: ${cause}`);
  }
  return result;
}

/**
 * Migrates the database `database` was opened on, through DATABASE_DIRECT_URL when one is configured:
 * Kysely's migrator holds its lock and DDL in long transactions that belong on a direct connection,
 * not on a transaction-mode PgBouncer.
 */
export async function migrateThroughDirectUrl(
  config: DatabaseConfig,
  database: { db: Kysely<any>; dialect: MigrationDialect },
): Promise<MigrationResultSet> {
  if (config.dialect !== 'postgres') return migrateToLatest(database);
  // A connection of its own, without the request timeouts: converting a large database (keys, backfills)
  // may take minutes, and each migration runs in one transaction, so a failure leaves nothing half-done.
  const direct = openDatabase({ dialect: 'postgres', url: config.directUrl ?? config.url }, { poolSize: 1, statementTimeoutMs: 0 });
  try {
    return await migrateToLatest(direct);
  } finally {
    await direct.close();
  }
}
