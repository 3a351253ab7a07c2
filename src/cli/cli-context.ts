import { loadConfig } from '../config.js';
import { createContainer, type Container } from '../container.js';
import { openDatabase } from '../db/database.js';
import { migrateThroughDirectUrl } from '../db/migrate.js';
import { systemClock } from '../shared/clock.js';

/**
 * Runs one administration command: configuration loaded, database opened and migrated, every
 * service built by the composition root; the database is closed afterwards, whatever happens.
 */
export async function withContext<T>(fn: (container: Container) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const database = openDatabase(config.database, { poolSize: 2 });
  try {
    await migrateThroughDirectUrl(config.database, database);
    return await fn(createContainer({ config, database, clock: systemClock }));
  } finally {
    await database.close();
  }
}
