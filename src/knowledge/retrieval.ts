import { stemmer } from 'stemmer';
import type { TenantDb } from '../db/database.js';
import { type PassageHit, searchPassages } from './passage-store.js';

// Retrieval without a model: the question becomes an OR of its meaningful words (stop words dropped;
// each engine stems them), the engine ranks passages (bm25 / ts_rank), and the best passages are
// grouped by article. Whether anything is relevant enough is decided here, the same on both engines:
// the idf-weighted share of the question's meaningful words (stemmed) that the best passage holds
// (rankPassages). Below MIN_COVERAGE the answer is "none". The threshold was tuned on the evaluation set
// in test/fixtures (docs/knowledge-base.md gives the numbers).

// Common English words that carry no topic, plus words every help question uses ("how do I").
const STOP_WORDS = new Set(
  `a about above after again against all am an and any are aren as at be because been before being below between both
  but by can cannot could did didn do does doesn doing don down during each few for from further get gets getting got had
  has have having he her here hers herself him himself his how i if in into is isn it its itself just let lets me more
  most my myself no nor not now of off on once only or other our ours ourselves out over own same she should so some
  such than that the their theirs them themselves then there these they this those through to too under until up very
  was we were what when where which while who whom why will with would you your yours yourself yourselves please
  hello hi thanks thank want need like know tell help someone anyone something anything way ok okay also still yet
  really much many every happen happens happened mean means use using used make made go going able`
    .split(/\s+/)
    .filter(Boolean),
);

/** Most words a question is searched with (longer questions keep their first ones). */
const MAX_TERMS = 24;

/** The question's meaningful words: lower-cased, accents folded, stop words and 1-letter words out. */
export function questionTerms(question: string): string[] {
  const words = question
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 2 && w.length <= 40 && !STOP_WORDS.has(w));
  return [...new Set(words)].slice(0, MAX_TERMS);
}

const stemsOf = (text: string): Set<string> =>
  new Set(
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      .map((w) => stemmer(w)),
  );

interface Scored {
  hit: PassageHit;
  score: number;
  /** The idf-weighted share of the question's words this passage has (0…1). */
  coverage: number;
}

/**
 * Ranks candidate passages the same way on both engines: each question word found counts its
 * rarity among the candidates (a BM25-style idf; a word no candidate has counts as rarest), more in
 * the title and heading than in the body. A passage's coverage is the share of the question's total
 * weight it holds: "how do I reset the oil light on my car" matches a password article on "reset"
 * alone, a small share, since "oil", "light" and "car" are found nowhere.
 */
export function rankPassages(terms: readonly string[], hits: readonly PassageHit[]): Scored[] {
  const termStems = [...new Set(terms.map((t) => stemmer(t)))];
  const fields = hits.map((h) => ({
    title: stemsOf(h.title),
    heading: stemsOf(h.heading),
    all: stemsOf(`${h.title} ${h.heading} ${h.content}`),
  }));
  const n = Math.max(hits.length, 1);
  const idf = new Map(
    termStems.map((s) => {
      const df = fields.filter((f) => f.all.has(s)).length;
      return [s, Math.log(1 + (n - df + 0.5) / (df + 0.5))];
    }),
  );
  const total = termStems.reduce((sum, s) => sum + idf.get(s)!, 0) || 1;
  return hits.map((hit, i) => {
    const f = fields[i]!;
    let score = 0;
    let held = 0;
    for (const s of termStems) {
      if (!f.all.has(s)) continue;
      const w = idf.get(s)!;
      held += w;
      score += w * (1 + (f.title.has(s) ? 1 : 0) + (f.heading.has(s) ? 0.5 : 0));
    }
    return { hit, score, coverage: held / total };
  });
}

/** Below this share of the question's words in the best passage, nothing is relevant enough. */
export const MIN_COVERAGE = 0.15;

export interface RetrievedArticle {
  article_id: string;
  slug: string;
  title: string;
  /** Its best passages, best first (at most PASSAGES_PER_ARTICLE). */
  passages: PassageHit[];
}

export interface Retrieval {
  terms: string[];
  /** Best first. */
  articles: RetrievedArticle[];
  /** Share of the question's words in the best passage (0 when nothing matched). */
  confidence: number;
  /** True when the best passage is relevant enough to answer from. */
  relevant: boolean;
}

const CANDIDATES = 200;
const PASSAGES_PER_ARTICLE = 2;

export async function retrieve(t: TenantDb, question: string, maxArticles = 10): Promise<Retrieval> {
  const terms = questionTerms(question);
  const hits = await searchPassages(t, terms, CANDIDATES);
  // Best first; the engine's order breaks ties (the sort is stable).
  const ranked = rankPassages(terms, hits).sort((a, b) => b.score - a.score);
  const byArticle = new Map<string, RetrievedArticle>();
  for (const { hit } of ranked) {
    let entry = byArticle.get(hit.article_id);
    if (!entry) {
      if (byArticle.size >= maxArticles) continue;
      entry = { article_id: hit.article_id, slug: hit.article_slug, title: hit.title, passages: [] };
      byArticle.set(hit.article_id, entry);
    }
    if (entry.passages.length < PASSAGES_PER_ARTICLE) entry.passages.push(hit);
  }
  const confidence = ranked[0]?.coverage ?? 0;
  return { terms, articles: [...byArticle.values()], confidence, relevant: confidence >= MIN_COVERAGE };
}
