import { sql, type Expression, type SqlBool } from 'kysely';
import type { TenantDb } from './database.js';

// Rows of a batch as one JSON parameter: a statement over them has one text whatever the batch's
// size, so it is built, compiled and (on PostgreSQL) parsed and planned once, where a multi-row
// VALUES list or a chain of one statement per row is a new text for every size, each compiled by
// Kysely and planned by the server again (statement-template.ts binds the JSON at each call).

/**
 * JSON rows as a subquery with these columns: SQLite reads them with json_each, PostgreSQL with
 * json_to_recordset, which types them (the column types are PostgreSQL's; SQLite's ->> gives a JSON
 * number as a number and a string as text).
 */
export function jsonTable(t: TenantDb, rows: string, columns: Record<string, string>) {
  const names = Object.keys(columns);
  return t.pick({
    sqlite: sql`(select ${sql.join(names.map((c) => sql`value ->> ${sql.lit(c)} as ${sql.ref(c)}`))} from json_each(${rows}))`,
    postgres: sql`(select * from json_to_recordset(cast(${rows} as json)) as r(${sql.raw(names.map((c) => `${c} ${columns[c]}`).join(', '))}))`,
  });
}

/**
 * `column in (values)`: on PostgreSQL as `column = any(…)` over one array parameter (of `pgType`
 * elements), so the statement has one text whatever the number of values; on SQLite a list.
 */
export function inValues(t: TenantDb, column: string, values: readonly string[], pgType: string): Expression<SqlBool> {
  return t.pick<Expression<SqlBool>>({
    sqlite: sql<SqlBool>`${sql.ref(column)} in (${sql.join(values)})`,
    postgres: sql<SqlBool>`${sql.ref(column)} = any(cast(${values} as ${sql.raw(pgType)}[]))`,
  });
}
