import type { Dialect } from './dialects.js';

// The type the landed migrations import (they are never edited). The runner lives in migrate.ts, so
// that migrations and the module listing them do not import each other.
export type MigrationDialect = Dialect;
