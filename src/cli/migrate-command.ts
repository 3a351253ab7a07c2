import type { Command } from 'commander';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateThroughDirectUrl } from '../db/migrate.js';
import { write } from './output.js';

/** Adds `migrate` (the one command that does not go through withContext: it reports what it applied). */
export function registerMigrateCommand(program: Command): void {
  program
    .command('migrate')
    .description('bring the database schema up to date')
    .action(async () => {
      const config = loadConfig();
      const database = openDatabase(config.database, { poolSize: 1 });
      try {
        const result = await migrateThroughDirectUrl(config.database, database);
        const applied = result.results?.filter((r) => r.status === 'Success').map((r) => r.migrationName) ?? [];
        write(applied.length ? `applied: ${applied.join(', ')}\n` : 'schema is up to date\n');
      } finally {
        await database.close();
      }
    });
}
