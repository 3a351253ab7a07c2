import { sql, type Kysely } from 'kysely';
import { stemmer } from 'stemmer';
import type { MigrationDialect } from '../migrator.js';
import { GIN_PENDING_LIST_KB } from './20261124-0100-gin-pending-limit.js';

// Retrieval's term counts (src/knowledge/term-store.ts): kb_passages.stems holds each passage's distinct
// stems, computed when it is written, and kb_terms how many of an organization's passages hold each stem
// (the empty stem: how many passages it has). Both are filled here for the passages already published,
// with the same words and stems as src/knowledge/stems.ts at the time of this migration. On PostgreSQL,
// an index of the passages' titles alone: a question made only of common words is searched in titles
// first, which the passages' whole-text index cannot tell apart from bodies without reading every match.

const wordsOf = (text: string): string[] =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

const BATCH = 500;

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  const pg = dialect === 'postgres';
  const uuid = sql.raw(pg ? 'uuid' : 'text');
  await sql`ALTER TABLE kb_passages ADD COLUMN stems text NOT NULL DEFAULT ''`.execute(db);
  await sql`CREATE TABLE kb_terms (
    organization_id ${uuid} NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    stem text NOT NULL,
    passages integer NOT NULL,
    CONSTRAINT kb_terms_pk PRIMARY KEY (organization_id, stem))`.execute(db);
  if (pg) {
    await sql`CREATE INDEX kb_passages_title_idx ON kb_passages USING gin (organization_id, to_tsvector('english', title))
      WITH (gin_pending_list_limit = ${sql.lit(GIN_PENDING_LIST_KB)})`.execute(db);
  }
  await fillTermCounts(db);
}

/** Each passage's stems and every organization's term counts, from the passages' text. */
export async function fillTermCounts(db: Kysely<any>): Promise<void> {
  const counts = new Map<string, Map<string, number>>();
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('kb_passages')
      .select(['rid', 'organization_id', 'title', 'heading', 'content'])
      .where('rid', '>', after)
      .orderBy('rid')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    for (const r of rows) {
      const stems = [...new Set(wordsOf(`${r.title} ${r.heading} ${r.content}`).map((w) => stemmer(w)))].sort();
      await db
        .updateTable('kb_passages')
        .set({ stems: stems.join(' ') })
        .where('rid', '=', r.rid)
        .execute();
      const org = String(r.organization_id);
      let byStem = counts.get(org);
      if (!byStem) counts.set(org, (byStem = new Map()));
      for (const s of ['', ...stems]) byStem.set(s, (byStem.get(s) ?? 0) + 1);
    }
    after = Number(rows[rows.length - 1]!.rid);
  }
  for (const [org, byStem] of counts) {
    const rows = [...byStem].map(([stem, passages]) => ({ organization_id: org, stem, passages }));
    for (let i = 0; i < rows.length; i += BATCH)
      await db
        .insertInto('kb_terms')
        .values(rows.slice(i, i + BATCH))
        .execute();
  }
}
