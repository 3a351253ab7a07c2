import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { TenantDb } from '../db/database.js';
import type { TicketSearchTerm as SearchTerm } from './ticket-search.js';

// The search condition per engine. Every subquery on a tenant table names the organization itself;
// on SQLite the organization conditions of rows reached by key carry a unary plus (as in
// sameOrganizationByKey) so that the planner finds rows by key and only checks them.

export interface TicketFilter {
  /** Exact status; otherwise closed tickets are excluded unless includeClosed. */
  status?: string;
  includeClosed: boolean;
  priority?: string;
  customerId?: string;
  assigneeId?: string;
  tagId?: string;
  search?: SearchTerm | null;
}

/** The list conditions on a tickets alias (raw SQL), each naming a column of that alias. */
export function ticketConditions(f: TicketFilter, alias: string): RawBuilder<SqlBool>[] {
  const col = (c: string) => sql.ref(`${alias}.${c}`);
  const out: RawBuilder<SqlBool>[] = [];
  if (f.status) out.push(sql<SqlBool>`${col('status')} = ${f.status}`);
  // A literal (not a bound parameter) so the planner can match the partial indexes' predicate.
  else if (!f.includeClosed) out.push(sql<SqlBool>`${col('status')} <> 'CLOSED'`);
  if (f.priority) out.push(sql<SqlBool>`${col('priority')} = ${f.priority}`);
  if (f.customerId) out.push(sql<SqlBool>`${col('customer_id')} = ${f.customerId}`);
  if (f.assigneeId) out.push(sql<SqlBool>`${col('assignee_id')} = ${f.assigneeId}`);
  return out;
}

export const and = (conds: RawBuilder<SqlBool>[]) => (conds.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`${sql.join(conds, sql` AND `)}`);

const likeAny = (column: RawBuilder<unknown>, patterns: string[]) =>
  sql<SqlBool>`(${sql.join(
    patterns.map((p) => sql`${column} LIKE ${p} ESCAPE '\\'`),
    sql` OR `,
  )})`;

/**
 * A per-ticket check of the term on `alias` (a row with id, number, subject and customer_id): the
 * subject, any message of the ticket (by its (organization, ticket) index) and its customer (by key).
 * SQLite's LIKE folds ASCII only, hence its case variants; PostgreSQL uses ILIKE.
 */
export function likeMatch(t: TenantDb, term: SearchTerm, alias: string): RawBuilder<SqlBool> {
  const org = t.organizationId;
  const a = (c: string) => sql.ref(`${alias}.${c}`);
  const match = t.pick({
    sqlite: (column: RawBuilder<unknown>) => likeAny(column, term.likeVariants.length > 0 ? term.likeVariants : [term.likePattern]),
    postgres: (column: RawBuilder<unknown>) => sql<SqlBool>`${column} ILIKE ${term.likePattern} ESCAPE '\\'`,
  });
  const customerOrg = t.pick({ sqlite: sql`+c.organization_id`, postgres: sql`c.organization_id` });
  const parts = [
    match(a('subject')),
    sql<SqlBool>`EXISTS (SELECT 1 FROM messages m WHERE m.organization_id = ${org} AND m.ticket_id = ${a('id')} AND ${match(sql`m.content`)})`,
    sql<SqlBool>`EXISTS (SELECT 1 FROM customers c WHERE c.id = ${a('customer_id')} AND ${customerOrg} = ${org}
      AND (${match(sql`c.email`)} OR ${match(sql`c.name`)}))`,
  ];
  return sql<SqlBool>`(${sql.join(parts, sql` OR `)})`;
}

/** The ticket whose number the term names, as an (id, number) row set (empty when it names none). */
export function numberMatch(t: TenantDb, f: TicketFilter, term: SearchTerm): RawBuilder<unknown> | null {
  if (term.number === null) return null;
  return sql`SELECT tickets.id AS id, tickets.number AS number FROM tickets
    WHERE tickets.organization_id = ${t.organizationId} AND tickets.number = ${term.number}
      AND ${sql.join([sql`1 = 1`, ...ticketConditions(f, 'tickets')], sql` AND `)} ${tagExists(t, f, 'tickets')}`;
}

/** The tag condition on a tickets alias, by the link's key (ticket, tag). */
export function tagExists(t: TenantDb, f: TicketFilter, alias: string): RawBuilder<unknown> {
  if (!f.tagId) return sql``;
  const linkOrg = t.pick({ sqlite: sql`+tt.organization_id`, postgres: sql`tt.organization_id` });
  return sql`AND EXISTS (SELECT 1 FROM ticket_tags tt WHERE tt.ticket_id = ${sql.ref(`${alias}.id`)} AND tt.tag_id = ${f.tagId}
    AND ${linkOrg} = ${t.organizationId})`;
}

/**
 * SQLite, 3+ characters: three streams read newest first from the FTS5 trigram indexes (subject,
 * message, customer), each stopping at `limit` matching tickets, so a common term costs the cap, not
 * its matches; their union (deduplicated) are the candidates. Within an organization tickets' rowids
 * follow their numbers, so the subject stream is list order; the message and customer streams are
 * ordered by the match's own recency.
 */
export function sqliteFtsCandidates(t: TenantDb, f: TicketFilter, term: SearchTerm, limit: number): RawBuilder<unknown> {
  const org = t.organizationId;
  const q = term.ftsPhrase;
  const conds = sql.join([sql`1 = 1`, ...ticketConditions(f, 'k')], sql` AND `);
  const tag = tagExists(t, f, 'k');
  const streams = [
    sql`SELECT k.id AS id, k.number AS number FROM tickets_fts JOIN tickets k ON k.rid = tickets_fts.rowid
      WHERE tickets_fts MATCH ${q} AND +k.organization_id = ${org} AND ${conds} ${tag} ORDER BY tickets_fts.rowid DESC LIMIT ${limit}`,
    sql`SELECT DISTINCT k.id AS id, k.number AS number FROM messages_fts JOIN messages m ON m.rid = messages_fts.rowid
      JOIN tickets k ON k.id = m.ticket_id
      WHERE messages_fts MATCH ${q} AND +m.organization_id = ${org} AND +k.organization_id = ${org} AND ${conds} ${tag}
      ORDER BY messages_fts.rowid DESC LIMIT ${limit}`,
    sql`SELECT k.id AS id, k.number AS number FROM customers_fts JOIN customers c ON c.rid = customers_fts.rowid
      JOIN tickets k ON k.customer_id = c.id
      WHERE customers_fts MATCH ${q} AND +c.organization_id = ${org} AND +k.organization_id = ${org} AND ${conds} ${tag}
      ORDER BY customers_fts.rowid DESC LIMIT ${limit}`,
  ].map((s) => sql`SELECT id, number FROM (${s})`);
  const byNumber = numberMatch(t, f, term);
  return sql.join(byNumber ? [...streams, byNumber] : streams, sql` UNION `);
}

/** PostgreSQL: the ids of every ticket the term matches, each source served by a pg_trgm GIN index. */
export function pgSearchSet(t: TenantDb, term: SearchTerm): RawBuilder<unknown> {
  const org = t.organizationId;
  const p = term.likePattern;
  const parts = [
    sql`SELECT id FROM tickets WHERE organization_id = ${org} AND subject ILIKE ${p} ESCAPE '\\'`,
    sql`SELECT m.ticket_id FROM messages m WHERE m.organization_id = ${org} AND m.content ILIKE ${p} ESCAPE '\\'`,
    sql`SELECT tc.id FROM tickets tc WHERE tc.organization_id = ${org} AND tc.customer_id IN
          (SELECT id FROM customers WHERE organization_id = ${org}
             AND (email ILIKE ${p} ESCAPE '\\' OR name ILIKE ${p} ESCAPE '\\'))`,
  ];
  if (term.number !== null) parts.push(sql`SELECT id FROM tickets WHERE organization_id = ${org} AND number = ${term.number}`);
  return sql.join(parts, sql` UNION `);
}
