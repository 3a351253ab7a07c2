import type { Retrieval, RetrievedArticle } from './retrieval.js';

// The answers the assistant can give without a model: quotes of the best passages with their
// citations (extractive), or "nothing relevant" with the offer of a person (none).

export type AnswerMode = 'generated' | 'extractive' | 'none';

export interface Citation {
  article_id: string;
  title: string;
  url: string;
}

export interface ComposedAnswer {
  mode: AnswerMode;
  text: string;
  citations: Citation[];
}

export const NONE_TEXT =
  "I couldn't find anything in our help center that answers this. Would you like to talk to a person? " +
  'Leave your email address and our team will reply.';

/** Articles quoted at most in an extractive answer, and the length of each quote. */
const QUOTED_ARTICLES = 2;
const QUOTE_MAX = 600;

function quote(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= QUOTE_MAX) return clean;
  const cut = clean.slice(0, QUOTE_MAX);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('? '), cut.lastIndexOf('! '));
  return end > QUOTE_MAX / 2 ? cut.slice(0, end + 1) : `${cut.trimEnd()}…`;
}

/**
 * The extractive answer: the best passage of each of the best articles (the second only when it is
 * close to the first), each followed by its citation marker.
 */
export function extractiveAnswer(found: Retrieval, urlOf: (a: RetrievedArticle) => string): ComposedAnswer {
  if (!found.relevant || found.articles.length === 0) return { mode: 'none', text: NONE_TEXT, citations: [] };
  const chosen = found.articles.slice(0, QUOTED_ARTICLES);
  const parts = chosen.map((a, i) => {
    const p = a.passages[0]!;
    const heading = p.heading && p.heading !== a.title ? ` — ${p.heading}` : '';
    return `**${a.title}${heading}** [${i + 1}]\n> ${quote(p.content)}`;
  });
  return {
    mode: 'extractive',
    text: `Here is what our help center says:\n\n${parts.join('\n\n')}`,
    citations: chosen.map((a) => ({ article_id: a.article_id, title: a.title, url: urlOf(a) })),
  };
}
