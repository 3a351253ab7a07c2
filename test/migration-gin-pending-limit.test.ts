import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { GIN_PENDING_LIST_KB, TRIGRAM_INDEXES } from '../src/db/migrations/20261124-0100-gin-pending-limit.js';
import { SUBJECT_TRIGRAM_INDEXES } from '../src/db/migrations/20261126-0100-subject-trigram-by-status.js';
import { describeEachDialect } from './support/harness.js';

// 20261124-0100: every trigram GIN index keeps at most GIN_PENDING_LIST_KB of pending entries, which
// each search reads through (the server default, 4 MB, cost a word search 12 ms instead of 3 after
// 7,000 creates at 10k tickets). The partitioned variant re-creates the indexes from their definitions,
// so its partitions' indexes must carry the setting too. SQLite's FTS5 has no pending list.

describeEachDialect(
  'migration: GIN pending-list limit',
  (ctx) => {
    it('bounds the pending list of every trigram index (PostgreSQL); SQLite searches FTS5 tables instead', async () => {
      const db = ctx.database.db;
      if (ctx.dialect === 'sqlite') {
        const { rows } = await sql<{
          name: string;
        }>`SELECT name FROM sqlite_master WHERE name LIKE '%_fts' ORDER BY name`.execute(db);
        expect(rows.map((r) => r.name)).toEqual(['customers_fts', 'kb_passages_fts', 'messages_fts', 'tickets_fts']);
        return;
      }
      const { rows } = await sql<{ name: string; options: string[] | null }>`
      SELECT c.relname AS name, c.reloptions AS options FROM pg_class c JOIN pg_index i ON i.indexrelid = c.oid
       JOIN pg_am am ON am.oid = c.relam
      WHERE am.amname = 'gin' AND c.relnamespace = 'public'::regnamespace`.execute(db);
      // Every trigram index is there under its own name (on a partitioned table: the parent's index; its
      // partitions' indexes are GIN indexes too), and every GIN index has the limit.
      // The subjects' index has since become two partial ones (20261126-0100), created with the limit.
      const current = [
        ...TRIGRAM_INDEXES.filter((n) => n !== 'tickets_subject_trgm'),
        ...Object.values(SUBJECT_TRIGRAM_INDEXES),
      ];
      expect(rows.map((r) => r.name)).not.toContain('tickets_subject_trgm');
      for (const name of current)
        expect(
          rows.map((r) => r.name),
          name,
        ).toContain(name);
      for (const r of rows) expect(r.options, r.name).toContain(`gin_pending_list_limit=${GIN_PENDING_LIST_KB}`);
    });
  },
  { partitioned: true },
);
