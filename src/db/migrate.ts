import { Migrator, type Kysely, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import * as core from './migrations/20261122-0001-core.js';
import * as plans from './migrations/20261122-0100-plans.js';
import * as webhooks from './migrations/20261122-0200-webhooks.js';
import * as tenantKeys from './migrations/20261122-0300-tenant-keys.js';
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

/**
 * Brings the schema up to date, or only up to (and including) the migration named `target` (the
 * upgrade test fills a database as it was before a migration); throws MigrationError naming the
 * migration that failed.
 */
export async function migrateToLatest(
  database: { db: Kysely<any>; dialect: MigrationDialect },
  target?: string,
): Promise<MigrationResultSet> {
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
