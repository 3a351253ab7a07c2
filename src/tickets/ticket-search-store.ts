import { sql, type RawBuilder } from 'kysely';
import type { TenantDb } from '../db/database.js';
import { isPostgresStatementTimeout, StatementTimeoutError } from '../db/statement-timeout.js';
import { AppError } from '../shared/errors.js';
import { noCappedTermHints, type CappedTermHints } from './capped-term-hints.js';
import { MAX_TEAM_FILTER } from './ticket-list-filters.js';
import type { TicketRow } from './ticket-payloads.js';
import type { TicketSearchTerm as SearchTerm } from './ticket-search.js';
import { LIST_TIMEOUT_MS, bounded, countedPageStatement, type PageWindow } from './ticket-list-store.js';
import { TICKET_COLUMNS, normalizeTicket, sameOrganizationByKey } from './ticket-store.js';
import {
  and,
  pgCappedSearch,
  pgSearchSet,
  pgWalkPage,
  shortTermParts,
  sqliteFtsCandidates,
  sqliteSubjectMatches,
  tagExists,
  ticketConditions,
  type TicketFilter,
} from './ticket-search-sql.js';

export type { TicketFilter } from './ticket-search-sql.js';

// The ticket list queries. Every list is "number DESC" and is read from an index that yields that
// order (core migration and 20261122-0700): the partial index on non-closed tickets, (org, status,
// number), (org, priority, number), the customer and assignee indexes, and ticket_tags' own list
// indexes, which carry a copy of the ticket's status and number.
//
// Lists whose total ticket_counts cannot give (customer, assignee, tag, search) are *capped*: at most
// TOTAL_CAP + 1 matches are ever read, in list order, so their cost is bounded by the cap instead of
// the organization's size. The total is exact up to TOTAL_CAP; above it the total is TOTAL_CAP and the
// answer says it is capped, and pages end there (pages past it are empty, like any page past the end).

/** Largest exact total of a counted list; beyond it the total is capped (meta.pagination.total_capped). */
export const TOTAL_CAP = 10_000;
/**
 * Search terms of 1–2 characters (no trigram): only the newest this many tickets of the list are
 * searched, each checked with its messages and customer by key. 10,000 cost PostgreSQL about 215 ms of
 * backend CPU at 1 M tickets (probing ~30,000 messages and matching their text dominates), over the
 * 100 ms goal; 5,000 halve it on both engines.
 */
export const SHORT_TERM_WINDOW = 5_000;
/** PostgreSQL: tickets examined in list order for a page of a capped term before sorting every match instead. */
const PG_WALK_WINDOW = 60_000;

export interface CappedList {
  rows: TicketRow[];
  /** Exact when !capped; TOTAL_CAP (or, for a short term, what the searched window held) otherwise. */
  total: number;
  capped: boolean;
}

/** True when the total can be read from ticket_counts instead of counting rows. */
export const countableFromBuckets = (f: TicketFilter): boolean =>
  !f.customerId && !f.assigneeId && !f.unassigned && !f.teamIds && !f.tagId && !f.search;

/**
 * The filter's tickets (search aside) as (id, number) rows in list order, at most `limit`. With a tag
 * the links' own index is read (status and number are on the link); the tickets are joined only when
 * another condition needs them. `numbersOnly` leaves the id out: what counting needs, and then the
 * list indexes alone answer (index-only scans: no table row is read, 38 -> 2 ms for an assignee's
 * 7,000 open tickets at 1 M tickets on PostgreSQL).
 */
export function filteredTickets(
  t: TenantDb,
  f: TicketFilter,
  limit: number,
  extra: string[] = [],
  numbersOnly = false,
): RawBuilder<unknown> {
  const org = t.organizationId;
  const cols = extra.map((c) => sql`, tickets.${sql.ref(c)}`);
  if (f.tagId) {
    const linkStatus = ticketConditions({ includeClosed: f.includeClosed, status: f.status }, 'tt');
    const rest = ticketConditions({ ...f, status: undefined, includeClosed: true }, 'tickets');
    if (rest.length === 0 && extra.length === 0) {
      const id = numbersOnly ? sql`` : sql`tt.ticket_id AS id, `;
      return sql`SELECT ${id}tt.number AS number FROM ticket_tags tt
        WHERE tt.organization_id = ${org} AND tt.tag_id = ${f.tagId} AND ${and(linkStatus)}
        ORDER BY tt.number DESC LIMIT ${limit}`;
    }
    return sql`SELECT tickets.id AS id, tt.number AS number${sql.join(cols, sql``)} FROM ticket_tags tt
      JOIN tickets ON tickets.organization_id = tt.organization_id AND tickets.id = tt.ticket_id
      WHERE tt.organization_id = ${org} AND tt.tag_id = ${f.tagId} AND ${and([...linkStatus, ...rest])}
      ORDER BY tt.number DESC LIMIT ${limit}`;
  }
  if (mergesTeams(f)) {
    // One read in list order per team (its index), merged: PostgreSQL reads an IN list over the team
    // index out of list order, so it would fetch and sort every ticket of the teams. Each branch stops
    // at `limit`, so the merge costs at most teams × limit entries; a ticket has one team, so the
    // branches never repeat a ticket.
    const branches = f.teamIds!.map(
      (team) => sql`SELECT * FROM (${filteredTickets(t, { ...f, teamIds: [team] }, limit, extra, numbersOnly)}) b`,
    );
    // A count needs any `limit` of them (SQLite would otherwise sort each branch to merge them).
    const order = numbersOnly ? sql`` : sql`ORDER BY u.number DESC `;
    return sql`SELECT * FROM (${sql.join(branches, sql` UNION ALL `)}) u ${order}LIMIT ${limit}`;
  }
  const id = numbersOnly ? sql`` : sql`tickets.id AS id, `;
  return sql`SELECT ${id}tickets.number AS number${sql.join(cols, sql``)} FROM tickets
    WHERE tickets.organization_id = ${org} AND ${and(ticketConditions(f, 'tickets'))}
    ORDER BY tickets.number DESC LIMIT ${limit}`;
}

/** Several teams, read one by one and merged; past MAX_TEAM_FILTER (`mine` for a member of many) one IN list. */
const mergesTeams = (f: TicketFilter): boolean =>
  !!f.teamIds && f.teamIds.length > 1 && f.teamIds.length <= MAX_TEAM_FILTER;

/** A plan for a counted list: its candidate (id, number) rows. */
interface Plan {
  /** (id, number) rows, at most TOTAL_CAP + 1, any order. */
  candidates: RawBuilder<unknown>;
  /** The same rows' numbers alone, when an index can count them without reading tickets. */
  counted?: RawBuilder<unknown>;
  /** The first n candidates in list order, when cheaper to read for a page than all of them. */
  firstRows?: (n: number) => RawBuilder<unknown>;
}

/**
 * The one statement of a counted page: the candidates' count, and the page's ids (none past the end:
 * then the one row carries the total and a null id). Both halves read one snapshot. With `counted`
 * the count reads the index alone and the page only its rows; otherwise the candidates are computed
 * once (a walk or a search is too dear to run twice) and both halves read them.
 */
function pageStatement(plan: Plan, page: PageWindow): RawBuilder<{ id: string | null; total: number }> {
  const pageOf = (rows: RawBuilder<unknown>) =>
    sql`SELECT c.id AS id, c.number AS number FROM (${rows}) c ORDER BY c.number DESC LIMIT ${page.limit} OFFSET ${page.offset}`;
  const shape = (counted: RawBuilder<unknown>, rows: RawBuilder<unknown>) => sql`SELECT p.id AS id, n.total AS total
    FROM (SELECT count(*) AS total FROM (${counted}) x) n LEFT JOIN (${pageOf(rows)}) p ON 1 = 1
    ORDER BY p.number DESC`;
  if (plan.counted) {
    const rows = plan.firstRows ? plan.firstRows(page.offset + page.limit) : plan.candidates;
    return sql<{ id: string | null; total: number }>`${shape(plan.counted, rows)}`;
  }
  return sql<{ id: string | null; total: number }>`WITH cand AS MATERIALIZED (${plan.candidates})
    ${shape(sql`SELECT * FROM cand`, sql`SELECT * FROM cand`)}`;
}

/**
 * The plan for a filter; PostgreSQL's 3+ character terms are searched by pgIndexedSearch (pgSetPlan: its
 * fallback), 1–2 character terms by shortTermSearch.
 */
function planFor(t: TenantDb, f: TicketFilter): Plan {
  const term = f.search;
  const limit = TOTAL_CAP + 1;
  if (!term) {
    const plan: Plan = { candidates: filteredTickets(t, f, limit), counted: filteredTickets(t, f, limit, [], true) };
    // Several teams merge one read per team: for a page, each stops at the page's end.
    if (mergesTeams(f)) plan.firstRows = (n) => filteredTickets(t, f, n);
    return plan;
  }
  if (!term.indexed) throw new Error('a 1-2 character term is searched by shortTermSearch');
  return t.pick({ sqlite: { candidates: sqliteFtsCandidates(t, f, term, limit) }, postgres: pgSetPlan(t, f, term) });
}

/** The two statements of a 1–2 character search (shortTermParts) over the newest SHORT_TERM_WINDOW tickets of the list. */
const shortTermStatements = (t: TenantDb, f: TicketFilter, term: SearchTerm) =>
  shortTermParts(t, f, term, filteredTickets(t, f, SHORT_TERM_WINDOW, ['subject', 'customer_id']));

/** PostgreSQL, 3+ characters: every match through the trigram GIN indexes (cost ∝ the matches). */
function pgSetPlan(t: TenantDb, f: TicketFilter, term: SearchTerm): Plan {
  return {
    candidates: sql`SELECT tickets.id AS id, tickets.number AS number FROM tickets
      WHERE tickets.organization_id = ${t.organizationId} AND ${and(ticketConditions(f, 'tickets'))}
        AND tickets.id IN (${pgSearchSet(t, term)}) ${tagExists(t, f, 'tickets')}
      ORDER BY tickets.number DESC LIMIT ${TOTAL_CAP + 1}`,
  };
}

interface Found {
  ids: string[];
  /** Exact when !capped. */
  total: number;
  capped: boolean;
}

/** The walk's answer, or null when it found fewer matches than the page needs (the page is sorted instead). */
type Walked = string[] | null;

/**
 * PostgreSQL, 3+ characters. One statement counts the matches up to TOTAL_CAP + 1 through the GIN
 * indexes, each source stopping there, and below the cap also answers the page. Above it the page
 * is found by walking the list in order, which for a term that common reaches the page early; should
 * the walk window hold fewer matches than the page needs (a deep page, or matches only in old
 * tickets), the page is sorted from every match instead (cost ∝ the matches).
 * A search that was capped the last time (`hints`) starts the walk at once, in its own transaction on
 * another connection, so that count and walk run side by side (at 1 M tickets ~27 and ~25 ms of
 * backend time, which a search used to spend one after the other); the count still decides, and a
 * walk it does not need is dropped. Neither transaction waits for the other while it holds its
 * connection, so searches cannot deadlock on a full pool.
 */
async function pgIndexedSearch(
  t: TenantDb,
  f: TicketFilter,
  term: SearchTerm,
  page: PageWindow,
  hints: CappedTermHints,
): Promise<Found> {
  const walk = async (read: Read): Promise<Walked> => {
    const rows = await read(
      pgWalkPage(t, term, filteredTickets(t, f, PG_WALK_WINDOW, ['subject', 'customer_id']), page),
    );
    return rows.length === page.limit ? rows.map((r) => r.id) : null;
  };
  const sorted = async (read: Read, total: number): Promise<Found> => {
    const hits = await read(pageStatement(pgSetPlan(t, f, term), page));
    return { ids: hits.flatMap((h) => (h.id === null ? [] : [h.id])), total, capped: true };
  };
  const key = `${t.organizationId} ${JSON.stringify(f)}`;
  const early = page.limit > 0 && !t.db.isTransaction && hints.wasCapped(key) ? searchReads(t, walk) : null;
  // Unneeded, its failure (a timeout, say) is nobody's; needed, it is awaited below.
  early?.catch(() => undefined);
  const counted = await searchReads(t, async (read): Promise<Found | { total: number; walkPending: true }> => {
    const rows = await read(pgCappedSearch(t, f, term, TOTAL_CAP, page));
    const total = Number(rows[0].total);
    if (!rows[0].exact) return runPlan(read, pgSetPlan(t, f, term), page);
    if (total <= TOTAL_CAP) return { ids: rows.flatMap((r) => (r.id === null ? [] : [r.id])), total, capped: false };
    if (page.limit === 0) return { ids: [], total, capped: true };
    if (early) return { total, walkPending: true };
    const walked = await walk(read);
    return walked ? { ids: walked, total, capped: true } : sorted(read, total);
  });
  hints.note(key, 'walkPending' in counted || counted.capped);
  if (!('walkPending' in counted)) return counted;
  const walked = await early!;
  return walked
    ? { ids: walked, total: counted.total, capped: true }
    : searchReads(t, (read) => sorted(read, counted.total));
}

/**
 * SQLite, 3+ characters. The subject stream is read first, alone: when it holds more than TOTAL_CAP
 * matches the total is capped whatever the other streams hold, and the pages are those subject
 * matches, newest first. Otherwise every stream is read (the subject one again: cheap below the cap).
 * Reading the message stream as well cost ~400 ms for a word in 15 % of 1 M tickets (its ~30,000
 * matching messages, each looked up with its ticket, to find 10,001 distinct tickets).
 */
async function sqliteIndexedSearch(
  t: TenantDb,
  f: TicketFilter,
  term: SearchTerm,
  read: Read,
  page: PageWindow,
): Promise<Found> {
  const subject = await runPlan(read, { candidates: sqliteSubjectMatches(t, f, term, TOTAL_CAP + 1) }, page);
  if (subject.capped) return subject;
  return runPlan(read, planFor(t, f), page);
}

/**
 * 1–2 characters: the newest SHORT_TERM_WINDOW tickets of the list, each checked for the term by key,
 * as two statements at once (shortTermStatements: subjects and messages; customers and the named
 * number), each on a reader thread of its own (SQLite) or a connection of its own (PostgreSQL). As one
 * statement the walk took 75-130 ms on SQLite and 112-127 ms on PostgreSQL at 1 M tickets on a slow
 * 2-core machine (page reads and text matching on ~15,000 messages and 5,000 customers). The window holds
 * fewer tickets than TOTAL_CAP, so no walk stops early: the union of both parts is what one statement
 * found, counted and paged here. Each part reads its own snapshot: a ticket that matched throughout the
 * request is found as before; one written meanwhile is found as one of them saw it.
 */
async function shortTermSearch(t: TenantDb, f: TicketFilter, term: SearchTerm, page: PageWindow): Promise<Found> {
  const [messages, customers] = shortTermStatements(t, f, term);
  const [first, second] = await Promise.all([
    searchReads(t, (read) => read(messages)),
    searchReads(t, (read) => read(customers)),
  ]);
  const windowRows = Number(first.find((r) => r.id === null)?.number ?? 0);
  const numbers = new Map<string, number>();
  for (const r of [...first, ...second]) if (r.id !== null) numbers.set(r.id, Number(r.number));
  const ids = [...numbers.keys()].sort((a, b) => numbers.get(b)! - numbers.get(a)!);
  return {
    ids: ids.slice(page.offset, page.offset + page.limit),
    total: ids.length,
    capped: ids.length > TOTAL_CAP || windowRows >= SHORT_TERM_WINDOW,
  };
}

type Read = <R>(q: RawBuilder<R>) => Promise<R[]>;

/**
 * Runs a search's reads bounded by LIST_TIMEOUT_MS: on SQLite each in a reader thread; on PostgreSQL
 * in one transaction with that statement_timeout and without JIT compilation (which the planner
 * would choose from the estimated cost of these statements and which costs more than they take), and
 * with custom plans only: the statements are prepared (named), and after five runs PostgreSQL may switch
 * to a generic plan, one that cannot see the term's pattern or its selectivity (measured on 10k
 * tickets: a word search went from 8 to 85 ms per execution from the sixth run on).
 * Inside a caller's transaction they run there, unbounded (as boundedRead does).
 */
async function searchReads<T>(t: TenantDb, fn: (read: Read) => Promise<T>): Promise<T> {
  if (t.pick({ sqlite: true, postgres: false }) || t.db.isTransaction) return fn((q) => bounded(t, q));
  try {
    return await t.transaction(async (trx) => {
      await sql`SELECT set_config('statement_timeout', ${String(LIST_TIMEOUT_MS)}, true), set_config('jit', 'off', true),
        set_config('plan_cache_mode', 'force_custom_plan', true)`.execute(trx.db);
      const scoped = trx.forOrganization(t.organizationId);
      return fn(async (q) => (await q.execute(scoped.db)).rows);
    });
  } catch (err) {
    throw isPostgresStatementTimeout(err) ? new StatementTimeoutError(LIST_TIMEOUT_MS) : err;
  }
}

/**
 * A counted page: the page's rows and the total (exact up to TOTAL_CAP). Pages at or past the cap are
 * empty. Searches run off the event loop on SQLite files and under a statement timeout on PostgreSQL.
 */
export async function listTicketsCapped(
  t: TenantDb,
  f: TicketFilter,
  page: PageWindow,
  hints = noCappedTermHints,
): Promise<CappedList> {
  const term = f.search;
  const window = { limit: Math.max(0, Math.min(page.limit, TOTAL_CAP - page.offset)), offset: page.offset };
  let found: Found;
  if (!term) found = await runPlan((q) => q.execute(t.db).then((r) => r.rows), planFor(t, f), window);
  else if (!term.indexed) found = await shortTermSearch(t, f, term, window);
  else if (t.pick({ sqlite: false, postgres: true })) found = await pgIndexedSearch(t, f, term, window, hints);
  else found = await searchReads(t, (read) => sqliteIndexedSearch(t, f, term, read, window));
  return { rows: await readTickets(t, found.ids), total: Math.min(found.total, TOTAL_CAP), capped: found.capped };
}

async function runPlan(read: Read, plan: Plan, page: PageWindow): Promise<Found> {
  const rows = await read(pageStatement(plan, page));
  const total = Number(rows[0].total);
  return { ids: rows.flatMap((r) => (r.id === null ? [] : [r.id])), total, capped: total > TOTAL_CAP };
}

/** Full rows of a page of ids, by primary key only (see sameOrganizationByKey), in list order. */
async function readTickets(t: TenantDb, ids: string[]): Promise<TicketRow[]> {
  if (ids.length === 0) return [];
  const rows = await t.db
    .selectFrom('tickets')
    .select(TICKET_COLUMNS)
    .where('id', 'in', ids)
    .where(sameOrganizationByKey(t))
    .orderBy('number', 'desc')
    .execute();
  return rows.map(normalizeTicket);
}

/** The SQL the list runs for this filter (the page query, or the counted one), for EXPLAIN. */
export function compileListQuery(t: TenantDb, f: TicketFilter, page: PageWindow) {
  // The counted lists' page, relations and total: one statement (ticket-list-store.ts).
  if (countableFromBuckets(f)) return countedPageStatement(t, f, page).compile(t.db);
  const term = f.search;
  if (term?.indexed && t.pick({ sqlite: false, postgres: true }))
    return pgCappedSearch(t, f, term, TOTAL_CAP, page).compile(t.db);
  if (term && !term.indexed) {
    const [messages, customers] = shortTermStatements(t, f, term);
    return sql`SELECT * FROM (${messages}) a UNION ALL SELECT * FROM (${customers}) b`.compile(t.db);
  }
  return pageStatement(planFor(t, f), page).compile(t.db);
}

/** A list read cancelled by its time bound becomes a 503 the client may retry (or narrow). */
export function searchTimeout(err: unknown): never {
  if (err instanceof StatementTimeoutError) {
    throw new AppError(
      503,
      'service_unavailable',
      'the list took too long; narrow it with filters or a longer search term',
      [],
      {
        'retry-after': '5',
      },
    );
  }
  throw err;
}
