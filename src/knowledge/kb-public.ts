import type { DatabaseHandle } from '../db/database.js';
import { listCollections } from './collection-store.js';
import { findPublishedBySlug, listPublished, type PublishedArticle } from './passage-store.js';
import { type Retrieval, retrieve } from './retrieval.js';

// What the public help center may read of an organization's knowledge base: published articles only
// (drafts and archived ones do not exist there), the collections that hold them, and search.

export interface PublicCollection {
  id: string | null;
  name: string;
  description: string | null;
  articles: PublishedArticle[];
}

export interface PublicSearchResult {
  id: string;
  title: string;
  slug: string;
  snippet: string;
}

const SNIPPET_MAX = 240;

/** The passage cut around the first question word it holds, at most SNIPPET_MAX characters. */
export function snippetOf(content: string, terms: readonly string[]): string {
  const text = content.replace(/\s+/g, ' ').trim();
  if (text.length <= SNIPPET_MAX) return text;
  const lower = text.toLowerCase();
  const positions = terms.map((t) => lower.indexOf(t.slice(0, Math.max(3, t.length - 2)))).filter((i) => i >= 0);
  const at = positions.length > 0 ? Math.min(...positions) : 0;
  const start = Math.max(0, Math.min(at - 60, text.length - SNIPPET_MAX));
  const cut = text.slice(start, start + SNIPPET_MAX);
  return `${start > 0 ? '…' : ''}${cut}${start + SNIPPET_MAX < text.length ? '…' : ''}`;
}

export function createKbPublic({ database }: { database: DatabaseHandle }) {
  /** Collections in order, each with its published articles; articles in no collection last. */
  async function home(organizationId: string): Promise<PublicCollection[]> {
    const t = database.forOrganization(organizationId);
    const [collections, articles] = await Promise.all([listCollections(t), listPublished(t)]);
    const out: PublicCollection[] = collections.map((c) => ({
      id: c.id,
      name: c.name,
      description: c.description,
      articles: articles.filter((a) => a.collection_id === c.id),
    }));
    const loose = articles.filter(
      (a) => a.collection_id === null || !collections.some((c) => c.id === a.collection_id),
    );
    if (loose.length > 0) out.push({ id: null, name: 'Articles', description: null, articles: loose });
    return out.filter((c) => c.articles.length > 0);
  }

  /** The published article a slug names (its current slug or a former one: the caller redirects). */
  async function article(organizationId: string, slug: string): Promise<PublishedArticle | null> {
    return (await findPublishedBySlug(database.forOrganization(organizationId), slug)) ?? null;
  }

  async function published(organizationId: string): Promise<PublishedArticle[]> {
    return listPublished(database.forOrganization(organizationId));
  }

  /** What retrieval finds for the question (the assistant's view too). */
  function retrieveFor(organizationId: string, question: string, maxArticles = 10): Promise<Retrieval> {
    return retrieve(database.forOrganization(organizationId), question, maxArticles);
  }

  /** At most 10 articles, best first, each with a snippet of its best passage. */
  async function search(organizationId: string, q: string): Promise<PublicSearchResult[]> {
    const found = await retrieveFor(organizationId, q, 10);
    return found.articles.map((a) => ({
      id: a.article_id,
      title: a.title,
      slug: a.slug,
      snippet: snippetOf(a.passages[0]?.content ?? '', found.terms),
    }));
  }

  return { home, article, published, search, retrieve: retrieveFor };
}

export type KbPublic = ReturnType<typeof createKbPublic>;
export type { PublishedArticle } from './passage-store.js';
