import { stemmer } from 'stemmer';

// Words and their stems, the way retrieval compares a question with a passage. A passage's stems are
// computed once, when it is written (kb_passages.stems), so ranking candidates stems nothing but the
// question and the short titles and headings, and those through a cache: the same few thousand words
// come back in every question.

/** Lower-cased words with accents folded (letters and digits; everything else separates words). */
export const wordsOf = (text: string): string[] =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

const CACHE_MAX = 50_000;
const cache = new Map<string, string>();

/** The word's Porter stem (cached; the cache starts over when full). */
export function stemOf(word: string): string {
  let stem = cache.get(word);
  if (stem === undefined) {
    if (cache.size >= CACHE_MAX) cache.clear();
    stem = stemmer(word);
    cache.set(word, stem);
  }
  return stem;
}

export const stemSet = (text: string): Set<string> => new Set(wordsOf(text).map(stemOf));

/** What kb_passages.stems holds: the distinct stems of the title, heading and body, space-separated. */
export const passageStems = (title: string, heading: string, content: string): string =>
  [...stemSet(`${title} ${heading} ${content}`)].sort().join(' ');

/** The stems kb_passages.stems holds, as a set. */
export const storedStems = (stems: string): Set<string> => new Set(stems === '' ? [] : stems.split(' '));
