import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from '../migrator.js';
import { GIN_PENDING_LIST_KB } from './20261124-0100-gin-pending-limit.js';

// PostgreSQL: the subjects' trigram index is split in two partial indexes, open tickets and closed
// ones, each row in exactly one of them (so a write costs what it did). A search of the default list
// (open tickets) reads only the first: a word in 15 % of 1 M tickets counted its 10,001 open subject
// matches in 19 ms instead of 41-55 (bench row 8), since the whole index gave twice the matches
// (77,386 against 38,554), half of them closed tickets to fetch and throw away. Lists that include
// closed tickets read both (the search conditions say so: ticket-search-sql.ts, subjectIndexes).
// SQLite searches its FTS5 tables: nothing to do there.

/** The two partial indexes, by which tickets they hold. */
export const SUBJECT_TRIGRAM_INDEXES = {
  open: 'tickets_subject_trgm_open',
  closed: 'tickets_subject_trgm_closed',
} as const;

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  if (dialect !== 'postgres') return;
  const limit = sql.lit(GIN_PENDING_LIST_KB);
  await sql`CREATE INDEX ${sql.ref(SUBJECT_TRIGRAM_INDEXES.open)} ON tickets USING gin (subject gin_trgm_ops)
    WITH (gin_pending_list_limit = ${limit}) WHERE status <> 'CLOSED'`.execute(db);
  await sql`CREATE INDEX ${sql.ref(SUBJECT_TRIGRAM_INDEXES.closed)} ON tickets USING gin (subject gin_trgm_ops)
    WITH (gin_pending_list_limit = ${limit}) WHERE status = 'CLOSED'`.execute(db);
  await sql`DROP INDEX tickets_subject_trgm`.execute(db);
}
