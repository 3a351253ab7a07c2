import { parseSearchTerm, type SearchTerm } from '../shared/search-term.js';

export { caseVariants, escapeLike, ftsPhrase, TRIGRAM_MIN } from '../shared/search-term.js';

export interface TicketSearchTerm extends SearchTerm {
  /** Ticket number when the term is digits with an optional leading '#'. */
  number: number | null;
}

export function parseSearch(raw: string | undefined): TicketSearchTerm | null {
  const term = parseSearchTerm(raw);
  if (!term) return null;
  const digits = /^#?(\d{1,15})$/.exec(term.text);
  return { ...term, number: digits ? Number(digits[1]) : null };
}
