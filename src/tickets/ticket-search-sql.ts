import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { TenantDb } from '../db/database.js';
import { pgCustomerMatch } from '../shared/search-sql.js';
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
  /** Only tickets with no assignee (`assignee_id=none`). */
  unassigned?: boolean;
  /** Only tickets of one of these teams (empty: none can match). */
  teamIds?: string[];
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
  // IS NULL as written here is what the partial indexes of unassigned tickets name (20261129-0400).
  if (f.unassigned) out.push(sql<SqlBool>`${col('assignee_id')} IS NULL`);
  if (f.teamIds) out.push(teamCondition(col('team_id'), f.teamIds));
  return out;
}

function teamCondition(column: RawBuilder<unknown>, ids: string[]): RawBuilder<SqlBool> {
  if (ids.length === 0) return sql<SqlBool>`1 = 0`;
  if (ids.length === 1) return sql<SqlBool>`${column} = ${ids[0]}`;
  return sql<SqlBool>`${column} IN (${sql.join(ids)})`;
}

export const and = (conds: RawBuilder<SqlBool>[]) =>
  conds.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`${sql.join(conds, sql` AND `)}`;

const likeAny = (column: RawBuilder<unknown>, patterns: string[]) =>
  sql<SqlBool>`(${sql.join(
    patterns.map((p) => sql`${column} LIKE ${p} ESCAPE '\\'`),
    sql` OR `,
  )})`;

/**
 * A per-ticket check of the term on `alias` (a row with id, number, subject and customer_id), in parts:
 * the subject, any message of the ticket (by its (organization, ticket) index), its customer (by key),
 * and the ticket number the term names. SQLite's LIKE folds ASCII only, hence its case variants;
 * PostgreSQL uses a case-insensitive regex.
 */
interface LikeParts {
  subject: RawBuilder<SqlBool>;
  messages: RawBuilder<SqlBool>;
  customer: RawBuilder<SqlBool>;
  number: RawBuilder<SqlBool> | null;
}

function likeParts(t: TenantDb, term: SearchTerm, alias: string): LikeParts {
  const org = t.organizationId;
  const a = (c: string) => sql.ref(`${alias}.${c}`);
  const match = t.pick({
    sqlite: (column: RawBuilder<unknown>) =>
      likeAny(column, term.likeVariants.length > 0 ? term.likeVariants : [term.likePattern]),
    // Checked row by row (never through a trigram index): ~* costs about half of ILIKE per row.
    postgres: (column: RawBuilder<unknown>) => sql<SqlBool>`${column} ~* ${term.regex}`,
  });
  const customerOrg = t.pick({ sqlite: sql`+c.organization_id`, postgres: sql`c.organization_id` });
  // PostgreSQL: OFFSET 0 keeps each EXISTS a per-ticket probe by key. Without it the planner may turn it
  // into a "hashed SubPlan", which reads every match of the term in the organization first (for a
  // 1-2 character term, which no trigram index serves, a parallel scan of every message).
  const probe = t.pick({ sqlite: sql``, postgres: sql` OFFSET 0` });
  return {
    subject: match(a('subject')),
    messages: sql<SqlBool>`EXISTS (SELECT 1 FROM messages m WHERE m.organization_id = ${org} AND m.ticket_id = ${a('id')} AND ${match(sql`m.content`)}${probe})`,
    customer: sql<SqlBool>`EXISTS (SELECT 1 FROM customers c WHERE c.id = ${a('customer_id')} AND ${customerOrg} = ${org}
      AND (${match(sql`c.email`)} OR ${match(sql`c.name`)})${probe})`,
    number: term.number !== null ? sql<SqlBool>`${a('number')} = ${term.number}` : null,
  };
}

/**
 * 1–2 characters: the per-ticket check (likeParts) in two parts of similar cost, each a statement of its
 * own over the same window (`rows`: id, number, subject, customer_id), returning its matches as (id,
 * number) rows: the subjects and messages, with a row (id null) whose number is how many tickets the
 * window held; and the customers, with the ticket whose number the term names (found anywhere).
 */
export function shortTermParts(
  t: TenantDb,
  f: TicketFilter,
  term: SearchTerm,
  rows: RawBuilder<unknown>,
): [RawBuilder<WalkRow>, RawBuilder<WalkRow>] {
  const p = likeParts(t, term, 'w');
  const byNumber = numberMatch(t, f, term);
  return [
    sql<WalkRow>`WITH w AS MATERIALIZED (${rows})
      SELECT NULL AS id, count(*) AS number FROM w
      UNION ALL SELECT w.id AS id, w.number AS number FROM w WHERE ${p.subject} OR ${p.messages}`,
    sql<WalkRow>`SELECT w.id AS id, w.number AS number FROM (${rows}) w WHERE ${p.customer}
      ${byNumber ? sql`UNION ALL SELECT id, number FROM (${byNumber}) n` : sql``}`,
  ];
}

/** A row of a split walk (shortTermParts). */
export interface WalkRow {
  id: string | null;
  number: number;
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
export function sqliteFtsCandidates(
  t: TenantDb,
  f: TicketFilter,
  term: SearchTerm,
  limit: number,
): RawBuilder<unknown> {
  const org = t.organizationId;
  const q = term.ftsPhrase;
  const conds = sql.join([sql`1 = 1`, ...ticketConditions(f, 'k')], sql` AND `);
  const tag = tagExists(t, f, 'k');
  const streams = [
    sqliteSubjectMatches(t, f, term, limit),
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

/** SQLite, 3+ characters: the subject stream of sqliteFtsCandidates alone (list order), at most `limit`. */
export function sqliteSubjectMatches(
  t: TenantDb,
  f: TicketFilter,
  term: SearchTerm,
  limit: number,
): RawBuilder<unknown> {
  const conds = sql.join([sql`1 = 1`, ...ticketConditions(f, 'k')], sql` AND `);
  return sql`SELECT k.id AS id, k.number AS number FROM tickets_fts JOIN tickets k ON k.rid = tickets_fts.rowid
      WHERE tickets_fts MATCH ${term.ftsPhrase} AND +k.organization_id = ${t.organizationId} AND ${conds} ${tagExists(t, f, 'k')}
      ORDER BY tickets_fts.rowid DESC LIMIT ${limit}`;
}

/**
 * PostgreSQL: what lets the planner read the subjects' trigram indexes, which are partial (open tickets,
 * closed ones: migration 20261126-0100) and so serve only a condition that implies their predicate. A
 * list's own status condition does (status <> 'CLOSED', or a status, whose value the custom plans
 * searches run with can see: searchReads); a list with closed tickets, or none (`null`), gets both
 * predicates as alternatives, which the planner reads as one scan of each index.
 */
export function subjectIndexes(
  f: Pick<TicketFilter, 'status' | 'includeClosed'> | null,
  alias: string,
): RawBuilder<unknown> {
  if (f && (f.status || !f.includeClosed)) return sql``;
  const status = sql.ref(`${alias}.status`);
  return sql`AND (${status} <> 'CLOSED' OR ${status} = 'CLOSED')`;
}

/** PostgreSQL: the ids of every ticket the term matches, each source served by a pg_trgm GIN index. */
export function pgSearchSet(t: TenantDb, term: SearchTerm): RawBuilder<unknown> {
  const org = t.organizationId;
  const p = term.likePattern;
  const parts = [
    sql`SELECT id FROM tickets WHERE organization_id = ${org} AND subject ILIKE ${p} ESCAPE '\\' ${subjectIndexes(null, 'tickets')}`,
    sql`SELECT m.ticket_id FROM messages m WHERE m.organization_id = ${org} AND m.content ILIKE ${p} ESCAPE '\\'`,
    sql`SELECT tc.id FROM tickets tc WHERE tc.organization_id = ${org} AND tc.customer_id IN
          (SELECT id FROM customers WHERE organization_id = ${org}
             AND ${pgCustomerMatch(term)})`,
  ];
  if (term.number !== null)
    parts.push(sql`SELECT id FROM tickets WHERE organization_id = ${org} AND number = ${term.number}`);
  return sql.join(parts, sql` UNION `);
}

/** A row of pgCappedSearch: the (capped) total on every row, and a page id (null when the page is empty). */
export interface CappedSearchRow {
  total: string | number;
  exact: boolean;
  id: string | null;
}

/**
 * PostgreSQL, 3+ characters: the term's total, counted up to `cap + 1`, and, when it is at most `cap`,
 * the page, in one statement. Each source (subject, messages, customers, the number) is read through
 * its trigram GIN index and stops at cap + 1 tickets of the list, so a common term costs the cap, not
 * its matches; the subject source alone decides a capped total (the others are then never read).
 * When nothing was cut off their union is exactly the term's matches and the page is sorted from it.
 * `exact` is false only when the message source was cut off (its rows may repeat a ticket) and the
 * union still came to at most `cap`: the caller must then count without limits.
 */
export function pgCappedSearch(
  t: TenantDb,
  f: TicketFilter,
  term: SearchTerm,
  cap: number,
  page: { limit: number; offset: number },
): RawBuilder<CappedSearchRow> {
  const org = t.organizationId;
  const p = term.likePattern;
  const stop = cap + 1;
  const conds = and(ticketConditions(f, 'k'));
  const tag = tagExists(t, f, 'k');
  const sources = [
    sql`s AS (SELECT k.id, k.number FROM tickets k
      WHERE k.organization_id = ${org} AND k.subject ILIKE ${p} ESCAPE '\\' ${subjectIndexes(f, 'k')} AND ${conds} ${tag} LIMIT ${stop})`,
    // Each matching message's ticket by key (OFFSET 0: a probe per message, which stops with the
    // LIMIT, rather than a hash join that reads every ticket of the list first).
    sql`m AS (SELECT k.id, k.number FROM messages m CROSS JOIN LATERAL (SELECT k.id, k.number FROM tickets k
        WHERE k.organization_id = ${org} AND k.id = m.ticket_id AND ${conds} ${tag} OFFSET 0) k
      WHERE m.organization_id = ${org} AND m.content ILIKE ${p} ESCAPE '\\' LIMIT ${stop})`,
    sql`c AS (SELECT k.id, k.number FROM tickets k
      WHERE k.organization_id = ${org} AND ${conds} AND k.customer_id IN (SELECT cu.id FROM customers cu WHERE cu.organization_id = ${org}
        AND ${pgCustomerMatch(term, 'cu')}) ${tag} LIMIT ${stop})`,
  ];
  const byNumber = numberMatch(t, f, term);
  const union = [sql`SELECT id, number FROM s`, sql`SELECT id, number FROM m`, sql`SELECT id, number FROM c`];
  if (byNumber) union.push(sql`SELECT id, number FROM (${byNumber}) n`);
  // CASE evaluates its subqueries lazily: a full subject source never starts the other sources.
  return sql<CappedSearchRow>`WITH ${sql.join(sources, sql`, `)},
    u AS (${sql.join(union, sql` UNION `)}),
    st AS MATERIALIZED (SELECT CASE WHEN (SELECT count(*) FROM s) > ${cap} THEN ${stop}::bigint ELSE (SELECT count(*) FROM u) END AS total),
    sx AS (SELECT total, CASE WHEN total > ${cap} THEN true ELSE (SELECT count(*) FROM m) <= ${cap} END AS exact FROM st)
    SELECT sx.total AS total, sx.exact AS exact, pg.id AS id FROM sx LEFT JOIN LATERAL
      (SELECT u.id, u.number FROM u WHERE sx.total <= ${cap} AND sx.exact ORDER BY u.number DESC LIMIT ${page.limit} OFFSET ${page.offset}) pg ON true
    ORDER BY pg.number DESC`;
}

/** Matching customers up to which pgWalkPage checks a ticket's customer against their set, not by key. */
export const WALK_CUSTOMER_SET = 1_000;

/**
 * The page's ids in list order, from `rows` (the list's newest tickets as id, number, subject and
 * customer_id, in list order) checked one by one: stops as soon as the page is full.
 * The customer check: when the term matches at most WALK_CUSTOMER_SET customers of the organization
 * (read once, through the customers' trigram indexes, as pgCappedSearch's customer source does), each
 * ticket's customer is looked up in that set (a hashed SubPlan) instead of being read by key; the key
 * probes were 30,000 of a walk's 75,000 buffer reads over 7,500 tickets at 1 M tickets (walk 41 -> 27 ms).
 * A term common among customers keeps the probes (its set would cost more than it saves). The
 * customer check comes before the messages' one, which a ticket it matches then skips.
 */
export function pgWalkPage(
  t: TenantDb,
  term: SearchTerm,
  rows: RawBuilder<unknown>,
  page: { limit: number; offset: number },
): RawBuilder<{ id: string }> {
  const org = t.organizationId;
  const p = likeParts(t, term, 'w');
  const customer = sql<SqlBool>`CASE WHEN (SELECT count(*) FROM cs) <= ${WALK_CUSTOMER_SET} THEN w.customer_id IN (SELECT cs.id FROM cs)
    ELSE ${p.customer} END`;
  const parts = [p.subject, customer, p.messages, ...(p.number ? [p.number] : [])];
  return sql<{ id: string }>`WITH cs AS MATERIALIZED (SELECT cu.id FROM customers cu WHERE cu.organization_id = ${org}
      AND ${pgCustomerMatch(term, 'cu')} LIMIT ${WALK_CUSTOMER_SET + 1})
    SELECT w.id AS id FROM (${rows}) w WHERE (${sql.join(parts, sql` OR `)}) LIMIT ${page.limit} OFFSET ${page.offset}`;
}
