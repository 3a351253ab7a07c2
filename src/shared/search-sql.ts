import { sql, type RawBuilder } from 'kysely';
import type { SearchTerm } from './search-term.js';

/**
 * PostgreSQL: a customer email column against the term (ILIKE '%term%'), for the ticket and the
 * customer searches alike. For an address, the trigram index is given its part before the '@' only
 * (SearchTerm.emailIndexPattern); the whole term is checked on an expression the index cannot serve
 * (`|| ''`), so the planner does not hand it the domain's common trigrams too. Same rows either way.
 */
export function pgEmailMatch(column: RawBuilder<unknown>, term: SearchTerm): RawBuilder<boolean> {
  const whole = sql<boolean>`${column} ILIKE ${term.likePattern} ESCAPE '\\'`;
  if (term.emailIndexPattern === null) return whole;
  return sql<boolean>`(${column} ILIKE ${term.emailIndexPattern} ESCAPE '\\' AND (${column} || '') ILIKE ${term.likePattern} ESCAPE '\\')`;
}
