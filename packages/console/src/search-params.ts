// The address's query string as the pages read it: every value a string, as typed. The router's default
// reads values as JSON, so a search for "12345" (a ticket number) came back as a number, and one for
// "17e868" as Infinity, and the pages, which keep only string searches, dropped them. Each page's
// validator turns its own values into numbers where it wants them (page=2, days=90).

export function parseSearch(query: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(query.startsWith('?') ? query.slice(1) : query)) {
    // The first value of a repeated key wins, as a hand-edited address usually means the first.
    if (!(key in out)) out[key] = value;
  }
  return out;
}

export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}
