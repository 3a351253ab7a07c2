import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from '../migrator.js';

// PostgreSQL's trigram GIN indexes keep at most 512 kB of pending entries instead of the server's
// default (gin_pending_list_limit, 4 MB). With fastupdate (on by default) new rows' trigrams go to a
// pending list that every search reads through until (auto)vacuum or a full list merges it into the
// index, so an organization that keeps creating tickets paid for up to 4 MB on each search: 10k tickets
// after 7,000 creates with their messages, a word search took 12 ms instead of 3 and the bench's word
// search p50 54 ms instead of 7. At 512 kB a search reads at most an eighth of that (3.4 ms in the same
// test); inserts merge more often in smaller batches (bulk inserts 32-75 % slower: about 0.05 ms more
// per created ticket with its message, against ~4.5 ms of CPU per create). SQLite's FTS5 indexes have no
// pending list: nothing to do there.

export const GIN_PENDING_LIST_KB = 512;
export const TRIGRAM_INDEXES = [
  'tickets_subject_trgm',
  'messages_content_trgm',
  'customers_email_trgm',
  'customers_name_trgm',
];

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const index of TRIGRAM_INDEXES) {
    await sql`ALTER INDEX ${sql.ref(index)} SET (gin_pending_list_limit = ${sql.lit(GIN_PENDING_LIST_KB)})`.execute(db);
  }
}
