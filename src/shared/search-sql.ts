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

/**
 * PostgreSQL: a customer row (columns of `alias`, or unqualified) against the term: its email (pgEmailMatch)
 * or its name, each as ILIKE '%term%', so that the customers' trigram indexes serve both. What the customer
 * search matches, and what the ticket search counts as a match by customer.
 */
export function pgCustomerMatch(term: SearchTerm, alias?: string): RawBuilder<boolean> {
  const col = (c: string) => sql.ref(alias ? `${alias}.${c}` : c);
  return sql<boolean>`(${pgEmailMatch(col('email'), term)} OR ${col('name')} ILIKE ${term.likePattern} ESCAPE '\\')`;
}
