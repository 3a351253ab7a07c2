import { Pool } from 'undici';

// The knowledge-base rows' data: 10,000 published articles made from a fixed vocabulary (help-desk words
// and made-up ones, drawn with a skew so some words are common and most are rare), created through the
// API, and the questions the rows ask, drawn from the articles' own words (so each has an answer).

export const ARTICLES = 10_000;

/** A small deterministic PRNG (mulberry32): the same corpus on every run and engine. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const COMMON = `account password invoice billing export import team plan email widget ticket customer agent admin
  report integration webhook token key login sign reset refund payment card subscription upgrade downgrade
  notification mobile app browser domain language timezone schedule tag macro workflow rule trigger queue
  priority status assign merge archive search filter label attachment upload download security privacy`
  .split(/\s+/)
  .filter(Boolean);
const SYLLABLES = 'ka lo mi su te ra no vi de pa zu fe ri go ma be ci du la ne to pi'.split(' ');

export function vocabulary(): string[] {
  const rnd = random(7);
  const made = new Set<string>();
  while (made.size < 4_000) {
    const n = 2 + Math.floor(rnd() * 3);
    made.add(Array.from({ length: n }, () => SYLLABLES[Math.floor(rnd() * SYLLABLES.length)]).join(''));
  }
  return [...COMMON, ...made];
}

export interface CorpusArticle {
  title: string;
  body: string;
  words: string[];
}

export function corpus(): CorpusArticle[] {
  const words = vocabulary();
  const rnd = random(11);
  // Skewed: low indexes (the help-desk words first) come up far more often.
  const word = () => words[Math.floor(words.length * rnd() ** 2.5)]!;
  const sentence = (n: number) => Array.from({ length: n }, word).join(' ');
  return Array.from({ length: ARTICLES }, (_, i) => {
    const titleWords = Array.from({ length: 3 + Math.floor(rnd() * 3) }, word);
    const sections = Array.from({ length: 3 }, () => `## ${sentence(3)}\n\n${sentence(40)}.\n\n${sentence(30)}.`);
    const title = `${titleWords.join(' ')} ${i}`;
    const body = `${sentence(25)}.\n\n${sections.join('\n\n')}`;
    return { title, body, words: [...titleWords, ...body.split(/[^a-z]+/).filter((w) => w.length > 2)] };
  });
}

/** Creates the corpus's articles (published) through the API, `concurrency` at a time. */
export async function createArticles(base: string, token: string, articles: CorpusArticle[], concurrency = 8) {
  const pool = new Pool(base, { connections: concurrency });
  let next = 0;
  const worker = async () => {
    while (next < articles.length) {
      const a = articles[next++]!;
      const res = await pool.request({
        method: 'POST',
        path: '/api/v1/kb/articles',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: a.title, body_markdown: a.body, status: 'published' }),
      });
      const text = await res.body.text();
      if (res.statusCode !== 201) throw new Error(`POST /kb/articles: ${res.statusCode} ${text.slice(0, 200)}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  await pool.close();
}

/** What rows 15 and 16 share: the help center's slug, a client of the `serve` process they measure, the corpus. */
export interface KbBench {
  slug: string;
  pool: Pool;
  articles: CorpusArticle[];
}

/** One client's run: WARMUP untimed calls, then calls for `seconds` (at least 100); sorted latencies. */
export async function timed(run: () => Promise<void>, seconds: number): Promise<number[]> {
  for (let i = 0; i < 30; i++) await run();
  const out: number[] = [];
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end || out.length < 100) {
    const started = performance.now();
    await run();
    out.push(performance.now() - started);
  }
  return out.sort((a, b) => a - b);
}
