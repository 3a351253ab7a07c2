import { sql, type RawBuilder } from 'kysely';
import type { TenantDb } from '../db/database.js';
import { sumTicketCounts, ticketCountSum, type CountFilter } from './ticket-count-store.js';
import type { TicketRelations, TicketRow } from './ticket-payloads.js';
import { JSON_PARTS, parsed } from './ticket-read-store.js';
import { and, ticketConditions, type TicketFilter } from './ticket-search-sql.js';
import { TICKET_COLUMNS } from './ticket-store.js';

// The counted lists (open tickets, a status, a priority, or all): the default list is the most frequent
// request after the single ticket, so a page is ONE statement: the page of tickets (read in list order
// from the index that yields it), what each refers to (customer, assignee, team, tags as a JSON array)
// and the total from ticket_counts (exact, a read of at most 25 bucket rows). It used to be three
// (the total, the page, the relations by the page's ids), which on PostgreSQL were three round trips and
// on SQLite found the page's tickets twice. Only a page with no rows (past the end, or an empty list)
// reads the total on its own.

export interface PageWindow {
  limit: number;
  offset: number;
}

export interface CountedPage {
  entries: [TicketRow, TicketRelations][];
  total: number;
}

/** Pages at least this deep walk their offset through the index: off the event loop on SQLite files. */
export const DEEP_OFFSET = 10_000;
/** Time bound of one list read that may take long (a deep page, a search); past it the list answers 503. */
export const LIST_TIMEOUT_MS = 5_000;

/** Reads q bounded by LIST_TIMEOUT_MS (off the event loop on SQLite files: Sql.boundedRead). */
export const bounded = <R>(t: TenantDb, q: RawBuilder<R>): Promise<R[]> =>
  t.boundedRead({ compile: () => q.compile(t.db) }, LIST_TIMEOUT_MS);

const PAGE_COLUMNS = sql.raw(TICKET_COLUMNS.map((c) => `tickets.${c}`).join(', '));
/** Each ticket of the page as one JSON array: the ticket's columns, then its relations (see entryOf). */
const ITEM = sql.raw(
  [
    ...TICKET_COLUMNS.map((c) => `t.${c}`),
    'c.email',
    'c.name',
    'c.external_user_id',
    'u.name',
    'u.email',
    'tm.name',
  ].join(', '),
);

// The page comes back as ONE value, a JSON array of the tickets in list order (one row, whatever the
// page holds): creating a row object of two dozen columns per ticket cost more than the JSON text
// and its parse, and an aggregate answers an empty page with its total too.
type PageJson = (item: RawBuilder<unknown>, tags: RawBuilder<unknown>) => RawBuilder<unknown>;
const PAGE_JSON: Record<'sqlite' | 'postgres', PageJson> = {
  // json(): the tags come out of a subquery as text; json() makes them an array again, not a string.
  sqlite: (item, tags) => sql`json_group_array(json_array(${item}, json(${tags})) ORDER BY t.number DESC)`,
  postgres: (item, tags) => sql`coalesce(json_agg(json_build_array(${item}, ${tags}) ORDER BY t.number DESC), '[]')`,
};

type Item = [
  string,
  string,
  number,
  string,
  string,
  string,
  string,
  string,
  string | null,
  string | null,
  string | null,
  string | null,
  number,
  number,
  number,
  number | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  [string, string, string][],
];

/** The bucket filter (ticket_counts) that counts exactly the tickets of this list filter. */
export function countFilterOf(f: TicketFilter): CountFilter {
  return {
    statuses: f.status ? [f.status] : undefined,
    excludeStatus: !f.status && !f.includeClosed ? 'CLOSED' : undefined,
    priority: f.priority,
  };
}

/**
 * The first page's LIMIT and OFFSET as literals, later pages' as parameters. PostgreSQL plans a named
 * statement generically (once per connection) only when that plan costs no more than the custom ones:
 * with a parameter as LIMIT it assumes a larger page (and 10 % of the rows as OFFSET), and so planned
 * the default list anew on every execution (0.35-0.5 ms of planning for 0.45 ms of execution at 10k
 * tickets). The first page is by far the most read; the limit is 1-100, so literals make at most 100
 * texts per filter shape, while deeper pages keep one text each (they would otherwise exhaust the
 * prepared-statement names, pg-prepared-statements.ts).
 */
function pageWindow(page: PageWindow): RawBuilder<unknown> {
  if (page.offset !== 0) return sql`LIMIT ${page.limit} OFFSET ${page.offset}`;
  return sql.raw(`LIMIT ${Math.trunc(page.limit)}`);
}

/** The one statement of a counted page (exported for EXPLAIN): one row, { page: JSON array, total }. */
export function countedPageStatement(
  t: TenantDb,
  f: TicketFilter,
  page: PageWindow,
): RawBuilder<{ page: unknown; total: number | string }> {
  const org = t.organizationId;
  const tags = t.pick(JSON_PARTS)(org).tags;
  // The joined tables name the organization by parameter, not through the page (a subquery): that is
  // what lets a partitioned PostgreSQL prune them to the organization's partition.
  return sql<{ page: unknown; total: number | string }>`SELECT ${t.pick(PAGE_JSON)(ITEM, tags)} AS page,
      (${ticketCountSum(t, countFilterOf(f))}) AS total
    FROM (SELECT ${PAGE_COLUMNS} FROM tickets
           WHERE tickets.organization_id = ${org} AND ${and(ticketConditions(f, 'tickets'))}
           ORDER BY tickets.number DESC ${pageWindow(page)}) t
    LEFT JOIN customers c ON c.organization_id = ${org} AND c.id = t.customer_id
    LEFT JOIN users u ON u.organization_id = ${org} AND u.id = t.assignee_id
    LEFT JOIN teams tm ON tm.organization_id = ${org} AND tm.id = t.team_id`;
}

/** A page of a list whose total ticket_counts gives, with each ticket's relations, and the exact total. */
export async function readCountedPage(t: TenantDb, f: TicketFilter, page: PageWindow): Promise<CountedPage> {
  const statement = countedPageStatement(t, f, page);
  let row: { page: unknown; total: number | string };
  if (page.offset < DEEP_OFFSET) {
    [row] = (await statement.execute(t.db)).rows;
  } else {
    // Past the end there is nothing to read (and no huge OFFSET to hand to the engine).
    const total = await sumTicketCounts(t, countFilterOf(f));
    if (page.offset >= total) return { entries: [], total };
    [row] = await bounded(t, statement);
  }
  return { entries: (parsed(row.page) as Item[]).map(entryOf), total: Number(row.total) };
}

/** One ticket of the page as the stored ticket (numbers as numbers on both engines) and its relations. */
function entryOf(i: Item): [TicketRow, TicketRelations] {
  // The customer is LEFT JOINed so that a ticket without one (the foreign key forbids it) is an error, not a gap.
  if (i[16] === null) throw new Error(`ticket ${i[0]} refers to a missing customer`);
  const row: TicketRow = {
    id: i[0],
    organization_id: i[1],
    number: Number(i[2]),
    subject: i[3],
    status: i[4],
    priority: i[5],
    channel: i[6],
    customer_id: i[7],
    assignee_id: i[8],
    team_id: i[9],
    external_organization_id: i[10],
    external_organization_name: i[11],
    message_count: Number(i[12]),
    created_at: Number(i[13]),
    updated_at: Number(i[14]),
    closed_at: i[15] === null ? null : Number(i[15]),
  };
  const relations: TicketRelations = {
    customer: { id: row.customer_id, email: i[16], name: i[17], external_user_id: i[18] },
    assignee: row.assignee_id && i[20] !== null ? { id: row.assignee_id, name: i[19]!, email: i[20] } : null,
    team: row.team_id && i[21] !== null ? { id: row.team_id, name: i[21] } : null,
    tags: i[22].map(([id, name, color]) => ({ id, name, color })),
  };
  return [row, relations];
}
