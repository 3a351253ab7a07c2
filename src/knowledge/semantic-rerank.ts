import { createHash } from 'node:crypto';
import type { DatabaseHandle } from '../db/database.js';
import type { Clock } from '../shared/clock.js';
import type { AiProvider } from './ai-provider.js';
import { findEmbeddings, saveEmbeddings } from './embedding-store.js';
import type { Retrieval } from './retrieval.js';

// Semantic re-ranking of what keyword retrieval found, with the configured embedding model: each
// candidate article's best cosine similarity between the question and its passages, fused with the
// keyword rank (reciprocal rank fusion, k = 60). Passage embeddings are computed when first needed and
// cached (kb_passage_embeddings); the question's is computed each time. It reorders candidates only:
// whether anything is relevant stays the keyword coverage's decision, and an article sharing no word
// with the question is not found. Any failure keeps the keyword order.

const RRF_K = 60;
/** Bound on the embedding calls of one question (the answer goes on without them). */
const RERANK_TIMEOUT_MS = 3_000;

export function cosine(a: Float32Array, b: Float32Array): number {
  const n = Math.min(a.length, b.length);
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < n; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/** Articles ordered by fused rank: 1/(k + keyword rank) + 1/(k + semantic rank). */
export function fuse(keywordOrder: readonly string[], similarity: ReadonlyMap<string, number>): string[] {
  const semantic = [...keywordOrder].sort((a, b) => (similarity.get(b) ?? -1) - (similarity.get(a) ?? -1));
  const score = (id: string) => 1 / (RRF_K + keywordOrder.indexOf(id) + 1) + 1 / (RRF_K + semantic.indexOf(id) + 1);
  return [...keywordOrder].sort((a, b) => score(b) - score(a));
}

const textOf = (p: { title: string; heading: string; content: string }) => `${p.title}\n${p.heading}\n${p.content}`;
const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');

export function createSemanticReranker({
  database,
  clock,
  provider,
}: {
  database: DatabaseHandle;
  clock: Clock;
  provider: Pick<AiProvider, 'embed' | 'embeddingModel'>;
}) {
  const model = provider.embeddingModel!;
  return async function rerank(
    organizationId: string,
    question: string,
    found: Retrieval,
    signal?: AbortSignal,
  ): Promise<Retrieval> {
    if (found.articles.length < 2) return found;
    try {
      const bound = AbortSignal.timeout(RERANK_TIMEOUT_MS);
      const callSignal = signal ? AbortSignal.any([signal, bound]) : bound;
      const t = database.forOrganization(organizationId);
      const texts = new Map<string, string>();
      for (const a of found.articles) for (const p of a.passages) texts.set(hashOf(textOf(p)), textOf(p));
      const cached = await findEmbeddings(t, model, [...texts.keys()]);
      const missing = [...texts.keys()].filter((h) => !cached.has(h));
      const [q, ...fresh] = await provider.embed([question, ...missing.map((h) => texts.get(h)!)], callSignal);
      const entries = missing.map((hash, i) => ({ hash, vector: fresh[i]! }));
      for (const e of entries) cached.set(e.hash, e.vector);
      await saveEmbeddings(t, model, entries, clock());
      const similarity = new Map(
        found.articles.map((a) => [
          a.article_id,
          Math.max(...a.passages.map((p) => cosine(q!, cached.get(hashOf(textOf(p)))!))),
        ]),
      );
      const order = fuse(
        found.articles.map((a) => a.article_id),
        similarity,
      );
      const byId = new Map(found.articles.map((a) => [a.article_id, a]));
      return { ...found, articles: order.map((id) => byId.get(id)!) };
    } catch {
      return found;
    }
  };
}

export type SemanticReranker = ReturnType<typeof createSemanticReranker>;
