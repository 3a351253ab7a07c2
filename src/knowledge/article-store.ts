import type { TenantDb } from '../db/database.js';
import type { KbArticleRevisionTable, KbArticleTable } from './kb-tables.js';
import { replacePassages } from './passage-store.js';

// Data access for articles, their slugs (current and former) and their revisions.

export type ArticleRow = Omit<KbArticleTable, 'organization_id'>;
export type RevisionRow = Omit<KbArticleRevisionTable, 'organization_id'>;

export const ARTICLE_COLUMNS = [
  'id',
  'collection_id',
  'title',
  'slug',
  'body_markdown',
  'body_html',
  'status',
  'locale',
  'author_id',
  'author_name',
  'published_at',
  'created_at',
  'updated_at',
] as const;

export const normArticle = (r: ArticleRow): ArticleRow => ({
  ...r,
  published_at: r.published_at === null ? null : Number(r.published_at),
  created_at: Number(r.created_at),
  updated_at: Number(r.updated_at),
});

export async function findArticle(t: TenantDb, id: string, options: { lock?: boolean } = {}) {
  const row = await t
    .selectFrom('kb_articles')
    .select(ARTICLE_COLUMNS)
    .where('id', '=', id)
    .$if(options.lock === true && t.rowLocks, (q) => q.forUpdate())
    .executeTakeFirst();
  return row && normArticle(row);
}

export interface ArticleFilter {
  status?: string;
  collectionId?: string;
  /** Lower-cased words every one of which the title or body must contain. */
  words: string[];
}

function filtered(t: TenantDb, f: ArticleFilter) {
  let q = t.selectFrom('kb_articles');
  if (f.status) q = q.where('status', '=', f.status);
  if (f.collectionId) q = q.where('collection_id', '=', f.collectionId);
  for (const word of f.words) {
    const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['title']), 'like', eb.val(pattern)),
        eb(eb.fn('lower', ['body_markdown']), 'like', eb.val(pattern)),
      ]),
    );
  }
  return q;
}

/** A page of articles, most recently updated first, and how many match. */
export async function listArticles(t: TenantDb, f: ArticleFilter, limit: number, offset: number) {
  const rows = await filtered(t, f)
    .select(ARTICLE_COLUMNS)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const total = await filtered(t, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return { rows: rows.map(normArticle), total: Number(total?.n ?? 0) };
}

export async function insertArticle(t: TenantDb, row: ArticleRow): Promise<void> {
  await t.insertInto('kb_articles', row).execute();
}

export async function updateArticle(t: TenantDb, id: string, changes: Partial<ArticleRow>): Promise<void> {
  await t.updateTable('kb_articles').set(changes).where('id', '=', id).execute();
}

export async function deleteArticle(t: TenantDb, id: string): Promise<void> {
  // Through the passage store, so the organization's term counts lose the passages too.
  await replacePassages(t, id, '', []);
  await t.deleteFrom('kb_article_slugs').where('article_id', '=', id).execute();
  await t.deleteFrom('kb_article_revisions').where('article_id', '=', id).execute();
  await t.deleteFrom('kb_articles').where('id', '=', id).execute();
}

// ---- slugs ----

/** Which article a slug names (current or former), with that article's current slug. */
export async function findSlugOwner(t: TenantDb, slug: string) {
  return t.selectFrom('kb_article_slugs').select(['slug', 'article_id']).where('slug', '=', slug).executeTakeFirst();
}

export async function takenSlugs(t: TenantDb, candidates: string[]): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  const rows = await t.selectFrom('kb_article_slugs').select('slug').where('slug', 'in', candidates).execute();
  return new Set(rows.map((r) => r.slug));
}

/** Gives the slug to the article: a new row, or a former slug of another article handed over. */
export async function claimSlug(t: TenantDb, slug: string, articleId: string, now: number): Promise<void> {
  const owner = await findSlugOwner(t, slug);
  if (!owner) await t.insertInto('kb_article_slugs', { slug, article_id: articleId, created_at: now }).execute();
  else if (owner.article_id !== articleId) {
    await t
      .updateTable('kb_article_slugs')
      .set({ article_id: articleId, created_at: now })
      .where('slug', '=', slug)
      .execute();
  }
}

// ---- revisions ----

export async function insertRevision(t: TenantDb, row: RevisionRow): Promise<void> {
  await t.insertInto('kb_article_revisions', row).execute();
}

const REVISION_COLUMNS = [
  'id',
  'article_id',
  'title',
  'body_markdown',
  'author_id',
  'author_name',
  'created_at',
] as const;

export async function listRevisions(t: TenantDb, articleId: string): Promise<RevisionRow[]> {
  const rows = await t
    .selectFrom('kb_article_revisions')
    .select(REVISION_COLUMNS)
    .where('article_id', '=', articleId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({ ...r, created_at: Number(r.created_at) }));
}

export async function findRevision(t: TenantDb, articleId: string, id: string): Promise<RevisionRow | undefined> {
  const row = await t
    .selectFrom('kb_article_revisions')
    .select(REVISION_COLUMNS)
    .where('article_id', '=', articleId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { ...row, created_at: Number(row.created_at) };
}

/** A staff user as an article's author (undefined: no such user in this organization). */
export async function findAuthor(t: TenantDb, userId: string) {
  return t.selectFrom('users').select(['id', 'name']).where('id', '=', userId).executeTakeFirst();
}
