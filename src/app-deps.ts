import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import type { Clock } from './shared/clock.js';

/** What every domain's routes and services may depend on; each takes only the parts it uses. */
export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
}
