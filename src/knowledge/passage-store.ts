import { sql } from 'kysely';
import type { TenantDb } from '../db/database.js';
import { newTimeOrderedId } from '../shared/ids.js';
import type { PassageDraft } from './markdown.js';
import { passageStems, storedStems } from './stems.js';
import { adjustTerms, TOTAL } from './term-store.js';

// Passages: a published article's sections, what search and the assistant read. Only published
// articles have them, so every search is over published content by construction. Full text on each
// engine: SQLite's FTS5 (porter stemmer; bm25 with the title weighted over the heading over the body)
// and PostgreSQL's english text search (weights A/B/C; ts_rank). Queries are ORs of words, so a
// question matches passages that share some of its words, not only all of them (a question of common
// words only asks for all of them: retrieval.ts).

export interface PassageHit {
  id: string;
  article_id: string;
  article_slug: string;
  title: string;
  heading: string;
  anchor: string;
  content: string;
  /** Its distinct stems, space-separated (stems.ts). */
  stems: string;
}

/**
 * Replaces an article's passages (none: the article is not published), and moves the organization's
 * term counts (term-store.ts) from the passages removed to those written, in the caller's transaction.
 */
export async function replacePassages(
  t: TenantDb,
  articleId: string,
  title: string,
  passages: readonly PassageDraft[],
): Promise<void> {
  const old = await t.selectFrom('kb_passages').select('stems').where('article_id', '=', articleId).execute();
  const delta = new Map<string, number>([[TOTAL, passages.length - old.length]]);
  for (const o of old) for (const s of storedStems(o.stems)) delta.set(s, (delta.get(s) ?? 0) - 1);
  if (old.length > 0) await t.deleteFrom('kb_passages').where('article_id', '=', articleId).execute();
  const rows = passages.map((p) => ({
    id: newTimeOrderedId(),
    article_id: articleId,
    position: p.position,
    title,
    heading: p.heading,
    anchor: p.anchor,
    content: p.content,
    stems: passageStems(title, p.heading, p.content),
  }));
  for (const r of rows) for (const s of storedStems(r.stems)) delta.set(s, (delta.get(s) ?? 0) + 1);
  if (old.length > 0 || rows.length > 0) await adjustTerms(t, delta);
  if (rows.length === 0) return;
  await t.insertInto('kb_passages', rows).execute();
  // PostgreSQL: the weighted text-search vector, from the columns just written.
  const vector = t.pick({
    sqlite: null,
    postgres: sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', heading), 'B')
      || setweight(to_tsvector('english', content), 'C')`,
  });
  if (vector) {
    await t
      .updateTable('kb_passages')
      .set({ tsv: vector } as never)
      .where('article_id', '=', articleId)
      .execute();
  }
}

/** FTS5 syntax for "any of these words" (each quoted: the words are data, never operators). */
export const ftsAnyOf = (words: readonly string[], join: 'OR' | 'AND' = 'OR'): string =>
  words.map((w) => `"${w.replace(/"/g, '""')}"`).join(` ${join} `);

/** A search's bound: far above what a capped query takes, it stops a runaway one (StatementTimeoutError). */
const SEARCH_TIMEOUT_MS = 5_000;

/** any: passages holding at least one of the words; all: every one; title: every one in their title. */
export type PassageMatch = 'any' | 'all' | 'title';

/**
 * The passages matching the words as `match` says, best first (at most `limit`), each with its
 * article's slug; `rankBy` (more words): ranked by those, among the passages the words match. The words
 * are already lower-cased and free of stop words (retrieval.ts). On a SQLite file the read runs in a
 * reader thread, off the event loop. On PostgreSQL the passages are ranked before their articles are
 * joined (one probe per passage kept, not per passage matched).
 */
export async function searchPassages(
  t: TenantDb,
  words: readonly string[],
  limit: number,
  match: PassageMatch = 'any',
  rankBy: readonly string[] = words,
): Promise<PassageHit[]> {
  if (words.length === 0) return [];
  const org = t.organizationId;
  const matched = ftsAnyOf(words, match === 'any' ? 'OR' : 'AND');
  const inTitle = match === 'title' ? `title : (${matched})` : matched;
  // FTS5's bm25 counts every word of the expression: the ranking words, required along with the
  // matching ones (which they include, so the rows are the same), weigh in without widening the match.
  const fts = rankBy === words ? inTitle : `(${inTitle}) AND (${ftsAnyOf(rankBy)})`;
  const tsWords = (list: readonly string[], join: string) =>
    list
      .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ''))
      .filter(Boolean)
      .join(join);
  const tsquery = tsWords(words, match === 'any' ? ' | ' : ' & ');
  const tsrank = rankBy === words ? tsquery : tsWords(rankBy, ' | ');
  const query = t.pick({
    sqlite: sql<PassageHit>`SELECT p.id AS id, p.article_id AS article_id, a.slug AS article_slug, p.title AS title,
        p.heading AS heading, p.anchor AS anchor, p.content AS content, p.stems AS stems
      FROM kb_passages_fts f JOIN kb_passages p ON p.rid = f.rowid
      JOIN kb_articles a ON a.organization_id = p.organization_id AND a.id = p.article_id
      WHERE kb_passages_fts MATCH ${fts} AND p.organization_id = ${org}
        AND a.organization_id = ${org} AND a.status = 'published'
      ORDER BY bm25(kb_passages_fts, 8.0, 4.0, 1.0), p.rid LIMIT ${limit}`,
    postgres: sql<PassageHit>`SELECT p.id AS id, p.article_id AS article_id, a.slug AS article_slug, p.title AS title,
        p.heading AS heading, p.anchor AS anchor, p.content AS content, p.stems AS stems
      FROM (SELECT p.rid, p.organization_id, p.id, p.article_id, p.title, p.heading, p.anchor, p.content, p.stems,
          ts_rank(p.tsv, r) AS rank
        FROM kb_passages p, to_tsquery('english', ${tsquery}) q, to_tsquery('english', ${tsrank}) r
        WHERE p.organization_id = ${org}
          AND ${match === 'title' ? sql`to_tsvector('english', p.title) @@ q` : sql`p.tsv @@ q`}
        ORDER BY rank DESC, p.rid LIMIT ${limit}) p
      JOIN kb_articles a ON a.organization_id = p.organization_id AND a.id = p.article_id
      WHERE a.organization_id = ${org} AND a.status = 'published'
      ORDER BY p.rank DESC, p.rid`,
  });
  const rows = await t.boundedRead({ compile: () => query.compile(t.db) }, SEARCH_TIMEOUT_MS);
  return rows.map((r) => ({ ...r, id: String(r.id), article_id: String(r.article_id) }));
}

export interface PublishedArticle {
  id: string;
  collection_id: string | null;
  title: string;
  slug: string;
  body_html: string;
  body_markdown: string;
  locale: string;
  published_at: number | null;
  updated_at: number;
}

const PUBLISHED = [
  'id',
  'collection_id',
  'title',
  'slug',
  'body_html',
  'body_markdown',
  'locale',
  'published_at',
  'updated_at',
] as const;

const normPublished = (r: PublishedArticle): PublishedArticle => ({
  ...r,
  published_at: r.published_at === null ? null : Number(r.published_at),
  updated_at: Number(r.updated_at),
});

/** Every published article, by title. */
export async function listPublished(t: TenantDb): Promise<PublishedArticle[]> {
  const rows = await t
    .selectFrom('kb_articles')
    .select(PUBLISHED)
    .where('status', '=', 'published')
    .orderBy('title')
    .orderBy('id')
    .execute();
  return rows.map(normPublished);
}

/** The published article a slug names (current or former slug), or undefined. */
export async function findPublishedBySlug(t: TenantDb, slug: string): Promise<PublishedArticle | undefined> {
  const owner = await t.selectFrom('kb_article_slugs').select('article_id').where('slug', '=', slug).executeTakeFirst();
  if (!owner) return undefined;
  const row = await t
    .selectFrom('kb_articles')
    .select(PUBLISHED)
    .where('id', '=', owner.article_id)
    .where('status', '=', 'published')
    .executeTakeFirst();
  return row && normPublished(row);
}

/** Published articles by id (those of them that are). */
export async function publishedByIds(t: TenantDb, ids: readonly string[]): Promise<PublishedArticle[]> {
  if (ids.length === 0) return [];
  const rows = await t
    .selectFrom('kb_articles')
    .select(PUBLISHED)
    .where('status', '=', 'published')
    .where('id', 'in', [...ids])
    .execute();
  return rows.map(normPublished);
}
