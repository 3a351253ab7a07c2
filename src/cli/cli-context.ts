import { loadConfig, type Config } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { migrateToLatest } from '../db/migrator.js';
import { systemClock, type Clock } from '../shared/clock.js';

export interface CommandContext {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
}

/** Runs a command with configuration loaded and the schema migrated, then closes the database. */
export type CliContext = <T>(fn: (ctx: CommandContext) => Promise<T>) => Promise<T>;

export const withContext: CliContext = async (fn) => {
  const config = loadConfig();
  const database = openDatabase(config.database, { poolSize: 2 });
  try {
    await migrateToLatest(database.db, database.dialect);
    return await fn({ config, database, clock: systemClock });
  } finally {
    await database.close();
  }
};
