import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from '../migrator.js';

// SQLite's FTS5 indexes (search) are merged in the background instead of by the statements that write
// them. With FTS5's defaults (automerge 4), every 64 leaf pages written, the write statement that
// crosses the mark also does up to 64 pages of merge work per level of the index, and a level that
// reaches 16 segments is merged whole at once (crisismerge). On the API's connection that work ran on
// the event loop inside whatever insert came next: a create's 10-row delivery insert took 116 ms of
// CPU, and under 200 creates/s the event loop stalled for 280-450 ms at a time (bench row 4; a
// standalone loop of 3,000 ticket-and-message inserts: worst 227 ms with automerge, 46 ms without).
// Now writers never merge (automerge 0); the server merges after its writes in short steps of their
// own (src/db/sqlite-fts-merge.ts). A level is still merged whole once it reaches 64 segments
// (crisismerge): the bound on how far search may fall behind if nothing merges (a CLI alone), where
// merging 64 small segments costs a write a few milliseconds.

export const FTS_TABLES = ['tickets_fts', 'messages_fts', 'customers_fts'];
export const FTS_CRISIS_MERGE = 64;

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  for (const table of FTS_TABLES) {
    // FTS5 configuration commands are inserts into the table's own hidden column; they persist in its
    // %_config table, for every connection.
    await sql.raw(`INSERT INTO ${table}(${table}, rank) VALUES ('automerge', 0)`).execute(db);
    await sql.raw(`INSERT INTO ${table}(${table}, rank) VALUES ('crisismerge', ${FTS_CRISIS_MERGE})`).execute(db);
  }
}
