import { createRequire } from 'node:module';
import type Pg from 'pg';

// node-postgres is loaded when a PostgreSQL database is first opened, not with the database layer: a
// SQLite server, its webhook thread and the CLI on SQLite never use it (2.8 MB of heap in each isolate
// that loaded it). Its types are imported as types only. test/module-graph.test.ts keeps it that way.

let driver: typeof Pg | null = null;

/** The pg module, loaded and set up on first use. */
export function pgDriver(): typeof Pg {
  if (driver === null) {
    driver = createRequire(import.meta.url)('pg') as typeof Pg;
    // bigint columns hold epoch milliseconds and counters, all far below 2^53.
    driver.types.setTypeParser(20, (value) => Number(value));
  }
  return driver;
}
