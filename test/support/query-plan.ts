import { CompiledQuery, sql, type Compilable } from 'kysely';
import type { DatabaseHandle, Dialect } from '../../src/db/database.js';

// How the plan tests ask an engine for its plan. Two kinds on PostgreSQL, which are not the same:
// `explain` plans the statement with its parameters' values known (a custom plan), and `genericPlan`
// plans it as a prepared statement does once it settles on a generic plan (the pool prepares every
// statement), the values unknown. A plain EXPLAIN with bound parameters is a custom plan even under
// `plan_cache_mode = force_generic_plan`; only EXECUTE of a prepared statement honours that setting
// (a statement whose partial index matched a bound `0` only through its value passed the former).

/** A query, or a statement's text and values (as compiled, or as captured from the driver). */
export type PlannedQuery = Compilable<unknown> | { sql: string; parameters: readonly unknown[] };

interface PlanContext {
  dialect: Dialect;
  database: DatabaseHandle;
}

const compiled = (q: PlannedQuery): { sql: string; parameters: readonly unknown[] } =>
  'compile' in q ? q.compile() : q;

/** Plan lines: SQLite's EXPLAIN QUERY PLAN details, PostgreSQL's EXPLAIN with the statement's own parameters. */
export async function explain(ctx: PlanContext, query: PlannedQuery, { costs = true } = {}): Promise<string> {
  const c = compiled(query);
  const prefix = ctx.dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN' : costs ? 'EXPLAIN' : 'EXPLAIN (COSTS OFF)';
  const res = await ctx.database.db.executeQuery(CompiledQuery.raw(`${prefix} ${c.sql}`, [...c.parameters]));
  return (res.rows as Array<{ detail?: string; 'QUERY PLAN'?: string }>)
    .map((r) => r.detail ?? r['QUERY PLAN'])
    .join('\n');
}

let prepared = 0;
const literal = (v: unknown): string => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);

/**
 * PostgreSQL's generic plan of the statement. With `seqscan: false` a sequential scan shows only where
 * no index can serve the statement (priced out, not forbidden). `before` runs first in the same
 * transaction, which is rolled back (rows and statistics it adds go with it).
 */
export async function genericPlan(
  ctx: PlanContext,
  query: PlannedQuery,
  {
    seqscan = true,
    before = async () => {},
  }: { seqscan?: boolean; before?: (run: (text: string) => Promise<unknown>) => Promise<void> } = {},
): Promise<string> {
  if (ctx.dialect !== 'postgres') throw new Error('genericPlan is PostgreSQL only');
  const c = compiled(query);
  // Named afresh each time: a prepared statement is the session's, not the transaction's, so one left
  // by a failed EXPLAIN outlives the rollback on that pooled connection.
  const name = `generic_plan_${++prepared}`;
  const rollback = new Error('rollback');
  let text = '';
  await ctx.database
    .transaction(async (tx) => {
      const run = (statement: string) => tx.executeQuery(CompiledQuery.raw(statement));
      await before(run);
      if (!seqscan) await sql`SET LOCAL enable_seqscan = off`.execute(tx);
      await sql`SET LOCAL plan_cache_mode = force_generic_plan`.execute(tx);
      await run(`PREPARE ${name} AS ${c.sql}`);
      const res = await run(`EXPLAIN EXECUTE ${name}(${c.parameters.map(literal).join(', ')})`);
      text = (res.rows as Array<{ 'QUERY PLAN': string }>).map((r) => r['QUERY PLAN']).join('\n');
      await run(`DEALLOCATE ${name}`);
      throw rollback;
    })
    .catch((err: unknown) => {
      if (err !== rollback) throw err;
    });
  return text;
}
