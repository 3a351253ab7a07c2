import { sql } from 'kysely';
import type { TenantDb } from '../db/database.js';

// kb_terms: how many of an organization's passages hold each stem, kept with the passages (in the
// same transaction), and under the empty stem how many passages there are. Retrieval reads it to
// know, before asking the engine, how many passages each word of a question would match: the common
// ones would make the engine rank most of the knowledge base (retrieval.ts).

/** The row counting the organization's passages. */
export const TOTAL = '';

/** Rows per statement (three parameters each: well under either engine's parameter limit). */
const CHUNK = 500;

/**
 * Adds each delta to its stem's count. The passage total is always written first, so concurrent
 * writers of one organization queue on that row before any other: they cannot deadlock on the rest.
 */
export async function adjustTerms(t: TenantDb, delta: ReadonlyMap<string, number>): Promise<void> {
  const changed = [...delta].filter(([stem, n]) => n !== 0 && stem !== TOTAL).sort(([a], [b]) => (a < b ? -1 : 1));
  const rows = [
    { stem: TOTAL, passages: delta.get(TOTAL) ?? 0 },
    ...changed.map(([stem, passages]) => ({ stem, passages })),
  ];
  for (let i = 0; i < rows.length; i += CHUNK) {
    await t
      .insertInto('kb_terms', rows.slice(i, i + CHUNK))
      .onConflict((oc) =>
        oc.columns(['organization_id', 'stem']).doUpdateSet({ passages: sql`kb_terms.passages + excluded.passages` }),
      )
      .execute();
  }
  const gone = changed.filter(([, n]) => n < 0).map(([stem]) => stem);
  for (let i = 0; i < gone.length; i += CHUNK) {
    await t
      .deleteFrom('kb_terms')
      .where('stem', 'in', gone.slice(i, i + CHUNK))
      .where('passages', '<=', 0)
      .execute();
  }
}

export interface TermCounts {
  /** The organization's passages. */
  total: number;
  /** Passages holding each stem asked for (0 for a stem none holds). */
  passages: Map<string, number>;
}

export async function termCounts(t: TenantDb, stems: readonly string[]): Promise<TermCounts> {
  const rows = await t
    .selectFrom('kb_terms')
    .select(['stem', 'passages'])
    .where('stem', 'in', [TOTAL, ...stems])
    .execute();
  const found = new Map(rows.map((r) => [r.stem, Number(r.passages)]));
  return {
    total: found.get(TOTAL) ?? 0,
    passages: new Map(stems.map((s) => [s, found.get(s) ?? 0])),
  };
}
