import { sql, type Expression, type SqlBool } from 'kysely';
import type { TenantDb } from '../db/database.js';
import type { TicketRow } from './ticket-payloads.js';
import type { TicketSearchTerm as SearchTerm } from './ticket-search.js';
import { TICKET_COLUMNS, normalizeTicket, sameOrganizationByKey } from './ticket-store.js';

// The ticket list query. Each filter is written so that an index of the core migration yields rows
// already in "number DESC" order: the partial index on non-closed tickets, (org, status, number),
// (org, priority, number), (customer_id, number), (org, assignee_id, number), ticket_tags(tag_id, ...).
// Search differs per engine (SEARCH below): FTS5 trigram tables on SQLite, pg_trgm GIN indexes under
// ILIKE on PostgreSQL; both combine subject, message and customer matches as one id set.

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

const likeAny = (column: string, patterns: string[]) =>
  sql`(${sql.join(
    patterns.map((p) => sql`${sql.ref(column)} LIKE ${p} ESCAPE '\\'`),
    sql` OR `,
  )})`;

/**
 * The search condition on `tickets`, per engine. Every subquery on a tenant table names the
 * organization itself. SQLite: an OR of indexable IN-terms, which the planner runs as a MULTI-INDEX OR
 * (each FTS5 match set looked up by rowid, deduplicated) and which never joins large id sets as text;
 * FTS5 MATCH on a quoted phrase is a case-insensitive substring match through the trigram index. Its
 * organization conditions on messages and customers carry a unary plus (as in sameOrganizationByKey):
 * rows come from the FTS rowids and are only checked, never found through an organization index.
 * PostgreSQL: a UNION of id sets, each served by a pg_trgm GIN index under ILIKE.
 */
const SEARCH = {
  sqlite: (orgId: string, term: SearchTerm): Expression<SqlBool> => {
    const parts = term.indexed ? sqliteFtsParts(orgId, term) : sqliteLikeParts(orgId, term);
    if (term.number !== null) {
      parts.push(sql`tickets.rid IN (SELECT rid FROM tickets WHERE organization_id = ${orgId} AND number = ${term.number})`);
    }
    return sql<SqlBool>`(${sql.join(parts, sql` OR `)})`;
  },
  postgres: (orgId: string, term: SearchTerm): Expression<SqlBool> => {
    const parts = pgSearchParts(orgId, term);
    if (term.number !== null) parts.push(sql`SELECT id FROM tickets WHERE organization_id = ${orgId} AND number = ${term.number}`);
    return sql<SqlBool>`${sql.ref('tickets.id')} IN (${sql.join(parts, sql` UNION `)})`;
  },
};

function sqliteFtsParts(orgId: string, term: SearchTerm) {
  const q = term.ftsPhrase;
  return [
    sql`tickets.rid IN (SELECT rowid FROM tickets_fts WHERE tickets_fts MATCH ${q})`,
    sql`tickets.id IN (SELECT ticket_id FROM messages WHERE +organization_id = ${orgId}
          AND rid IN (SELECT rowid FROM messages_fts WHERE messages_fts MATCH ${q}))`,
    sql`tickets.customer_id IN (SELECT id FROM customers WHERE +organization_id = ${orgId}
          AND rid IN (SELECT rowid FROM customers_fts WHERE customers_fts MATCH ${q}))`,
  ];
}

// Terms under 3 characters have no trigram, so they fall back to LIKE: a scan of the organization's
// tickets, messages and customers (SQLite's LIKE folds ASCII only, hence the case variants).
function sqliteLikeParts(orgId: string, term: SearchTerm) {
  const like = (column: string) => likeAny(column, term.likeVariants);
  return [
    like('tickets.subject'),
    sql`tickets.id IN (SELECT ticket_id FROM messages WHERE organization_id = ${orgId} AND ${like('content')})`,
    sql`tickets.customer_id IN (SELECT id FROM customers WHERE organization_id = ${orgId} AND (${like('email')} OR ${like('name')}))`,
  ];
}

// pg_trgm GIN indexes serve ILIKE '%term%' (for terms of 3+ characters; shorter ones scan).
function pgSearchParts(orgId: string, term: SearchTerm) {
  const p = term.likePattern;
  return [
    sql`SELECT id FROM tickets WHERE organization_id = ${orgId} AND subject ILIKE ${p} ESCAPE '\\'`,
    sql`SELECT m.ticket_id FROM messages m WHERE m.organization_id = ${orgId} AND m.content ILIKE ${p} ESCAPE '\\'`,
    sql`SELECT tc.id FROM tickets tc WHERE tc.organization_id = ${orgId} AND tc.customer_id IN
          (SELECT id FROM customers WHERE organization_id = ${orgId}
             AND (email ILIKE ${p} ESCAPE '\\' OR name ILIKE ${p} ESCAPE '\\'))`,
  ];
}

function filtered(t: TenantDb, f: TicketFilter) {
  let q = t.selectFrom('tickets');
  if (f.status) q = q.where('tickets.status', '=', f.status);
  // A literal (not a bound parameter) so the planner can match the partial index's predicate.
  else if (!f.includeClosed) q = q.where(sql<SqlBool>`tickets.status <> 'CLOSED'`);
  if (f.priority) q = q.where('tickets.priority', '=', f.priority);
  if (f.customerId) q = q.where('tickets.customer_id', '=', f.customerId);
  if (f.assigneeId) q = q.where('tickets.assignee_id', '=', f.assigneeId);
  if (f.tagId) {
    const tagId = f.tagId;
    q = q.where('tickets.id', 'in', (eb) =>
      eb
        .selectFrom('ticket_tags')
        .select('ticket_id')
        .where('ticket_tags.organization_id', '=', t.organizationId)
        .where('tag_id', '=', tagId),
    );
  }
  const term = f.search;
  if (term) q = q.where(t.pick(SEARCH)(t.organizationId, term));
  return q;
}

/** True when the total can be read from ticket_counts instead of counting rows. */
export const countableFromBuckets = (f: TicketFilter): boolean =>
  !f.customerId && !f.assigneeId && !f.tagId && !f.search;

export async function listTickets(t: TenantDb, f: TicketFilter, page: { limit: number; offset: number }): Promise<TicketRow[]> {
  const rows = await filtered(t, f)
    .select(TICKET_COLUMNS.map((c) => `tickets.${c}` as const))
    .orderBy('tickets.number', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map(normalizeTicket);
}

/** COUNT over the filtered (indexed) query; for filters ticket_counts cannot answer. */
export async function countTickets(t: TenantDb, f: TicketFilter): Promise<number> {
  const row = await filtered(t, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * One page plus the exact total in a single pass over the matching rows (a window count), for the
 * filters whose total has to be counted: counting and listing separately would do the work twice.
 * Only ids are sorted; the page's full rows are read afterwards by primary key.
 */
export async function listTicketsWithTotal(
  t: TenantDb,
  f: TicketFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: TicketRow[]; total: number }> {
  // No organization has 2^31 tickets: such an offset is past the end (and too big for some drivers).
  if (page.offset > 2 ** 31) return { rows: [], total: await countTickets(t, f) };
  const hits = await windowQuery(t, f, page).execute();
  if (hits.length === 0) return { rows: [], total: page.offset === 0 ? 0 : await countTickets(t, f) };
  // By primary key only (see sameOrganizationByKey): a page of ids must not become a walk of the organization.
  const rows = await t.db
    .selectFrom('tickets')
    .select(TICKET_COLUMNS)
    .where('id', 'in', hits.map((h) => h.id))
    .where(sameOrganizationByKey(t))
    .orderBy('number', 'desc')
    .execute();
  return { rows: rows.map(normalizeTicket), total: Number(hits[0].total) };
}

// The window count sits in a subquery without LIMIT: with the LIMIT directly above it, PostgreSQL
// costs a "fast start" plan (walk number order, probe each row) although the count has to read every
// match anyway; in the subquery it picks the plan that is best for the whole set.
function windowQuery(t: TenantDb, f: TicketFilter, page: { limit: number; offset: number }) {
  const matches = filtered(t, f).select(['tickets.id', 'tickets.number', sql<number>`count(*) over ()`.as('total')]);
  return t.db
    .selectFrom(matches.as('m'))
    .select(['m.id', 'm.total'])
    .orderBy('m.number', 'desc')
    .limit(page.limit)
    .offset(page.offset);
}

/** The SQL the list runs for this filter (the page query, or the windowed one when counted), for EXPLAIN. */
export function compileListQuery(t: TenantDb, f: TicketFilter, page: { limit: number; offset: number }) {
  if (!countableFromBuckets(f)) return windowQuery(t, f, page).compile();
  return filtered(t, f).select(['tickets.id']).orderBy('tickets.number', 'desc').limit(page.limit).offset(page.offset).compile();
}
