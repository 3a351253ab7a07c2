// What every list's address carries besides its own filters: the words searched for (at most 200
// characters) and the page (from 2 on; page 1 is the address without it).

export interface WordsAndPage {
  q?: string;
  page?: number;
}

export function parseWordsAndPage(search: Record<string, unknown>): WordsAndPage {
  const page = Number(search.page);
  return {
    ...(typeof search.q === 'string' && search.q ? { q: search.q.slice(0, 200) } : {}),
    ...(Number.isInteger(page) && page > 1 ? { page } : {}),
  };
}
