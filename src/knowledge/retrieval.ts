import type { TenantDb } from '../db/database.js';
import { type PassageHit, type PassageMatch, searchPassages } from './passage-store.js';
import { stemOf, stemSet, wordsOf } from './stems.js';
import { type TermCounts, termCounts } from './term-store.js';

// Retrieval without a model: the question becomes an OR of its meaningful words (stop words dropped;
// each engine stems them; on a large knowledge base, of its rarer words only: planQuery), the engine
// ranks passages (bm25 / ts_rank), and the best passages are grouped by article. Whether anything is relevant enough is decided here, the same on both engines:
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
  const words = wordsOf(question).filter((w) => w.length >= 2 && w.length <= 40 && !STOP_WORDS.has(w));
  return [...new Set(words)].slice(0, MAX_TERMS);
}

interface Scored {
  hit: PassageHit;
  score: number;
  /** The idf-weighted share of the question's words this passage has (0…1). */
  coverage: number;
}

/**
 * Passages a capped candidate set stands for (see retrieve): the candidates are counted as if they
 * were this many, the rest holding each stem as often as the knowledge base does.
 */
export interface Background {
  passages: number;
  /** The share of the organization's passages holding the stem (0…1). */
  share: (stem: string) => number;
}

/** Whether a passage's stored stems (stems.ts) hold the stem. */
const holds = (padded: string, stem: string) => padded.includes(` ${stem} `);

/**
 * Ranks candidate passages the same way on both engines: each question word found counts its
 * rarity among the candidates (a BM25-style idf; a word no candidate has counts as rarest), more in
 * the title and heading than in the body. A passage's coverage is the share of the question's total
 * weight it holds: "how do I reset the oil light on my car" matches a password article on "reset"
 * alone, a small share, since "oil", "light" and "car" are found nowhere.
 */
export function rankPassages(terms: readonly string[], hits: readonly PassageHit[], background?: Background): Scored[] {
  const termStems = [...new Set(terms.map(stemOf))];
  const fields = hits.map((h) => ({ title: stemSet(h.title), heading: stemSet(h.heading), all: ` ${h.stems} ` }));
  const extra = background?.passages ?? 0;
  const n = Math.max(hits.length + extra, 1);
  const idf = new Map(
    termStems.map((s) => {
      const df = fields.filter((f) => holds(f.all, s)).length + (extra > 0 ? extra * background!.share(s) : 0);
      return [s, Math.log(1 + (n - df + 0.5) / (df + 0.5))];
    }),
  );
  const total = termStems.reduce((sum, s) => sum + idf.get(s)!, 0) || 1;
  return hits.map((hit, i) => {
    const f = fields[i]!;
    let score = 0;
    let held = 0;
    for (const s of termStems) {
      if (!holds(f.all, s)) continue;
      const w = idf.get(s)!;
      held += w;
      score += w * (1 + (f.title.has(s) ? 1 : 0) + (f.heading.has(s) ? 0.5 : 0));
    }
    return { hit, score, coverage: held / total };
  });
}

/**
 * The most passages the engine is asked to match for one question (the sum of its words' passage
 * counts). A question's common words match most of a large knowledge base, and the engine ranks every
 * passage it matches before keeping the best CANDIDATES: past this, the most common words are left out.
 */
export const MAX_MATCHED = 1_000;

export interface QueryPlan {
  /** The words the engine matches. */
  words: string[];
  match: PassageMatch;
  /** Some words were left out, or all are required: ranking counts the candidates as a larger set. */
  capped: boolean;
}

/**
 * The engine's query for the question's words, from how many passages hold each (term-store.ts):
 * every word while they match at most MAX_MATCHED passages together; else the rarest words that do.
 * When each word alone matches more, the passages holding every word, if as independent words they
 * would be at most MAX_MATCHED; else the passages holding every word in their title.
 */
export function planQuery(terms: readonly string[], counts: TermCounts): QueryPlan {
  const df = (w: string) => counts.passages.get(stemOf(w)) ?? 0;
  const byRarity = [...terms].sort((a, b) => df(a) - df(b));
  if (byRarity.reduce((sum, w) => sum + df(w), 0) <= MAX_MATCHED)
    return { words: [...terms], match: 'any', capped: false };
  const words: string[] = [];
  let matched = 0;
  for (const w of byRarity) {
    if (matched + df(w) > MAX_MATCHED) break;
    matched += df(w);
    words.push(w);
  }
  if (matched > 0) return { words, match: 'any', capped: true };
  const common = byRarity.filter((w) => df(w) > 0);
  const together = common.reduce((n, w) => (n * df(w)) / Math.max(counts.total, 1), counts.total);
  return { words: common, match: together <= MAX_MATCHED ? 'all' : 'title', capped: true };
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
  const stems = [...new Set(terms.map(stemOf))];
  const counts = terms.length > 0 ? await termCounts(t, stems) : { total: 0, passages: new Map<string, number>() };
  const plan = planQuery(terms, counts);
  // A capped query matches fewer words but is ranked by all of them, so the candidates kept among
  // its matches are those holding most of the question.
  const search = (words: string[], match: PassageMatch) =>
    searchPassages(t, words, CANDIDATES, match, plan.capped ? terms : words);
  let hits = await search(plan.words, plan.match);
  // No title holds every one of the common words: any part of the passage; none does: the rarest word
  // alone (the costly cases, for questions made only of common words).
  if (hits.length === 0 && plan.match === 'title') hits = await search(plan.words, 'all');
  if (hits.length === 0 && plan.match !== 'any') hits = await search(plan.words.slice(0, 1), 'any');
  const background: Background | undefined =
    plan.capped && hits.length < CANDIDATES && counts.total > 0
      ? { passages: CANDIDATES - hits.length, share: (s) => (counts.passages.get(s) ?? 0) / counts.total }
      : undefined;
  // Best first; the engine's order breaks ties (the sort is stable).
  const ranked = rankPassages(terms, hits, background).sort((a, b) => b.score - a.score);
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
