import { type DatabaseHandle, isUniqueViolation, type TenantDb } from '../db/database.js';
import { iso, isoOrNull, type Clock } from '../shared/clock.js';
import { conflict, notFound, validationError } from '../shared/errors.js';
import { newTimeOrderedId, pathUuid } from '../shared/ids.js';
import { offsetOf, paginationMeta } from '../shared/pagination.js';
import { slugCandidates } from '../shared/slug.js';
import type { EventRecorder } from '../webhooks/event-recorder.js';
import * as store from './article-store.js';
import type { CollectionService } from './collection-service.js';
import type {
  ArticleStatus,
  ArticleView,
  CreateArticleInput,
  ListArticlesInput,
  RevisionView,
  UpdateArticleInput,
} from './kb-schemas.js';
import { renderMarkdown, splitPassages } from './markdown.js';
import { replacePassages } from './passage-store.js';

// Articles: Markdown written by staff, rendered and sanitized once on save. A slug is made from the
// title when none is given, unique in the organization; a changed slug keeps the old one pointing at
// the article (the help center redirects it). Publishing takes a revision (the article as published),
// and a revision can be restored. A published article is split into passages for search and the
// assistant in the same transaction, so what is searchable is exactly what is published. Each change
// raises article.created, article.updated or article.deleted (data: the article) with it.

export interface ArticleServiceDeps {
  database: DatabaseHandle;
  clock: Clock;
  collections: Pick<CollectionService, 'assertExists'>;
  events: Pick<EventRecorder, 'record'>;
}

export const articleView = (r: store.ArticleRow): ArticleView => ({
  id: r.id,
  collection_id: r.collection_id,
  title: r.title,
  slug: r.slug,
  body_markdown: r.body_markdown,
  body_html: r.body_html,
  status: r.status as ArticleStatus,
  locale: r.locale,
  author: r.author_id === null ? null : { id: r.author_id, name: r.author_name ?? '' },
  published_at: isoOrNull(r.published_at),
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

const revisionView = (r: store.RevisionRow): RevisionView => ({
  id: r.id,
  article_id: r.article_id,
  title: r.title,
  body_markdown: r.body_markdown,
  author: r.author_id === null ? null : { id: r.author_id, name: r.author_name ?? '' },
  created_at: iso(r.created_at),
});

const searchWords = (search: string | undefined) =>
  (search ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w.length > 0)
    .slice(0, 8);

const slugLock = (organizationId: string) => `kb-slugs:${organizationId}`;

export function createArticleService({ database, clock, collections, events }: ArticleServiceDeps) {
  async function author(t: TenantDb, userId: string | null) {
    if (userId === null) return { author_id: null, author_name: null };
    const user = await store.findAuthor(t, userId);
    return user ? { author_id: user.id, author_name: user.name } : { author_id: null, author_name: null };
  }

  async function freeSlug(t: TenantDb, title: string): Promise<string> {
    const candidates = slugCandidates(title, 'article');
    for (let i = 0; i < candidates.length; i += 50) {
      const batch = candidates.slice(i, i + 50);
      const taken = await store.takenSlugs(t, batch);
      const free = batch.find((c) => !taken.has(c));
      if (free) return free;
    }
    throw conflict('no free slug for this title', 'slug');
  }

  /** A slug asked for: free, a former slug of any article (handed over), else 409. */
  async function checkSlug(t: TenantDb, slug: string, articleId: string): Promise<void> {
    const owner = await store.findSlugOwner(t, slug);
    if (!owner || owner.article_id === articleId) return;
    const other = await store.findArticle(t, owner.article_id);
    if (other && other.slug === slug) throw conflict('another article has this slug', 'slug');
  }

  /** The writes every save shares: passages, the revision on publish, the event. */
  async function afterSave(
    t: TenantDb,
    row: store.ArticleRow,
    type: 'article.created' | 'article.updated',
    revision: boolean,
  ): Promise<ArticleView> {
    const published = row.status === 'published';
    await replacePassages(t, row.id, row.title, published ? splitPassages(row.title, row.body_markdown) : []);
    if (revision) {
      await store.insertRevision(t, {
        id: newTimeOrderedId(),
        article_id: row.id,
        title: row.title,
        body_markdown: row.body_markdown,
        author_id: row.author_id,
        author_name: row.author_name,
        created_at: row.updated_at,
      });
    }
    const view = articleView(row);
    await events.record(t, { type, occurredAt: row.updated_at, data: view });
    return view;
  }

  /**
   * Two writes claiming one slug at once: the loser's unique violation. A slug made from the title is
   * made again (the next free one); a slug asked for is 409, as if the other write had come first.
   */
  async function slugRace<T>(autoSlug: boolean, run: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await run();
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        if (!autoSlug || attempt >= 3) throw conflict('another article has this slug', 'slug');
      }
    }
  }

  async function create(
    organizationId: string,
    input: CreateArticleInput,
    userId: string | null,
  ): Promise<ArticleView> {
    if (input.title.trim() === '') throw validationError('title must not be blank', 'title', 'blank');
    return slugRace(input.slug === undefined, () => createOnce(organizationId, input, userId));
  }

  async function createOnce(organizationId: string, input: CreateArticleInput, userId: string | null) {
    return database.forOrganization(organizationId).transaction(async (t) => {
      // Slugs are claimed one write at a time per organization (a no-op where writers are serial).
      await t.lockKey(slugLock(organizationId));
      if (input.collection_id) await collections.assertExists(t, input.collection_id);
      const now = clock();
      const id = newTimeOrderedId();
      if (input.slug) await checkSlug(t, input.slug, id);
      const slug = input.slug ?? (await freeSlug(t, input.title));
      const status = input.status ?? 'draft';
      const row: store.ArticleRow = {
        id,
        collection_id: input.collection_id?.toLowerCase() ?? null,
        title: input.title.trim(),
        slug,
        body_markdown: input.body_markdown,
        body_html: renderMarkdown(input.body_markdown),
        status,
        locale: input.locale ?? 'en',
        ...(await author(t, userId)),
        published_at: status === 'published' ? now : null,
        created_at: now,
        updated_at: now,
      };
      await store.insertArticle(t, row);
      await store.claimSlug(t, slug, id, now);
      return afterSave(t, row, 'article.created', status === 'published');
    });
  }

  async function update(
    organizationId: string,
    rawId: string,
    input: UpdateArticleInput,
    userId: string | null,
  ): Promise<ArticleView> {
    if (input.title !== undefined && input.title.trim() === '') {
      throw validationError('title must not be blank', 'title', 'blank');
    }
    const id = pathUuid(rawId, 'article');
    return slugRace(false, () => updateOnce(organizationId, id, input, userId));
  }

  async function updateOnce(organizationId: string, id: string, input: UpdateArticleInput, userId: string | null) {
    return database.forOrganization(organizationId).transaction(async (t) => {
      if (input.slug !== undefined) await t.lockKey(slugLock(organizationId));
      const row = await store.findArticle(t, id, { lock: true });
      if (!row) throw notFound('article');
      if (input.collection_id) await collections.assertExists(t, input.collection_id);
      const now = clock();
      const next: store.ArticleRow = { ...row, updated_at: now, ...(await author(t, userId ?? row.author_id)) };
      if (input.title !== undefined) next.title = input.title.trim();
      if (input.body_markdown !== undefined) {
        next.body_markdown = input.body_markdown;
        next.body_html = renderMarkdown(input.body_markdown);
      }
      if (input.collection_id !== undefined) next.collection_id = input.collection_id?.toLowerCase() ?? null;
      if (input.locale !== undefined) next.locale = input.locale;
      if (input.status !== undefined) next.status = input.status;
      if (input.slug !== undefined && input.slug !== row.slug) {
        await checkSlug(t, input.slug, id);
        await store.claimSlug(t, input.slug, id, now);
        next.slug = input.slug;
      }
      const publishing = next.status === 'published' && row.status !== 'published';
      if (publishing) next.published_at = now;
      const contentChanged = next.title !== row.title || next.body_markdown !== row.body_markdown;
      await store.updateArticle(t, id, next);
      return afterSave(t, next, 'article.updated', publishing || (next.status === 'published' && contentChanged));
    });
  }

  async function get(organizationId: string, rawId: string): Promise<ArticleView> {
    const row = await store.findArticle(database.forOrganization(organizationId), pathUuid(rawId, 'article'));
    if (!row) throw notFound('article');
    return articleView(row);
  }

  async function list(organizationId: string, query: ListArticlesInput) {
    const t = database.forOrganization(organizationId);
    const filter: store.ArticleFilter = {
      status: query.status,
      collectionId: query.collection_id?.toLowerCase(),
      words: searchWords(query.search),
    };
    const { rows, total } = await store.listArticles(t, filter, query.limit, offsetOf(query));
    return { data: rows.map(articleView), meta: paginationMeta(query, total) };
  }

  async function remove(organizationId: string, rawId: string): Promise<void> {
    const id = pathUuid(rawId, 'article');
    await database.forOrganization(organizationId).transaction(async (t) => {
      const row = await store.findArticle(t, id, { lock: true });
      if (!row) throw notFound('article');
      await store.deleteArticle(t, id);
      const now = clock();
      await events.record(t, { type: 'article.deleted', occurredAt: now, data: articleView(row) });
    });
  }

  async function revisions(organizationId: string, rawId: string): Promise<RevisionView[]> {
    const t = database.forOrganization(organizationId);
    const id = pathUuid(rawId, 'article');
    if (!(await store.findArticle(t, id))) throw notFound('article');
    return (await store.listRevisions(t, id)).map(revisionView);
  }

  /** Puts a revision's title and body back (a published article republishes them: a new revision). */
  async function restore(organizationId: string, rawId: string, rawRevision: string, userId: string | null) {
    const id = pathUuid(rawId, 'article');
    const revisionId = pathUuid(rawRevision, 'revision');
    const t = database.forOrganization(organizationId);
    const revision = await store.findRevision(t, id, revisionId);
    if (!revision) throw notFound('revision');
    return update(organizationId, id, { title: revision.title, body_markdown: revision.body_markdown }, userId);
  }

  return { create, update, get, list, remove, revisions, restore };
}

export type ArticleService = ReturnType<typeof createArticleService>;
