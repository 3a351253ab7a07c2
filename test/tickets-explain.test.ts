import { sql } from 'kysely';
import pg from 'pg';
import { beforeAll, expect, it } from 'vitest';
import type { Db } from '../src/db/database.js';
import { parseSearch } from '../src/tickets/ticket-search.js';
import { countedPageStatement } from '../src/tickets/ticket-list-store.js';
import { pgWalkPage, WALK_CUSTOMER_SET } from '../src/tickets/ticket-search-sql.js';
import { compileListQuery, filteredTickets, type TicketFilter } from '../src/tickets/ticket-search-store.js';
import { describeEachDialect, type TestContext } from './support/harness.js';
import { explain } from './support/query-plan.js';

// The list queries must be served by the core migration's indexes, never by a scan of every
// ticket or message. SQLite is asked on empty tables without statistics (its heuristics are what a
// production database without ANALYZE uses); PostgreSQL, whose planner rightly prefers a seq scan
// on a tiny table, gets 20,000 analysed tickets first.

// The query is compiled through the organization's handle (so the tenant guard checks it too) and
// explained on the root connection.
const plan = (ctx: TestContext, org: string, f: TicketFilter): Promise<string> =>
  explain(ctx, compileListQuery(ctx.database.forOrganization(org), f, { limit: 20, offset: 40 }));

// Three of the seeded teams that hold tickets (md5('team' || i) as uuids, i = 2, 4, 6).
const TEAM_A = '60962ab1-d5d1-1d47-9644-b34c182ea283';
const TEAM_B = '8512eed9-20a9-b68c-84fb-b7cc7454378c';
const TEAM_C = '73de2902-1fd0-d8d2-cfd2-04d2d955a46d';

async function seedPostgres(db: Db, org: string): Promise<void> {
  await sql`INSERT INTO organizations (id, name, created_at) VALUES (${org}, 'plans', 0)`.execute(db);
  await sql`INSERT INTO customers (id, organization_id, email, email_key, name, metadata, ticket_count, created_at, updated_at)
    SELECT md5('c' || i)::uuid, ${org}, 'c' || i || '@example.com', 'c' || i || '@example.com', 'Customer ' || i, '{}', 40, 0, 0
    FROM generate_series(0, 499) i`.execute(db);
  await sql`INSERT INTO tags (id, organization_id, name, name_key, color, created_at, updated_at)
    SELECT md5('t' || i)::uuid, ${org}, 'tag' || i, 'tag' || i, '#000000', 0, 0 FROM generate_series(0, 19) i`.execute(
    db,
  );
  await sql`INSERT INTO teams (id, organization_id, name, created_at, updated_at)
    SELECT md5('team' || i)::uuid, ${org}, 'team' || i, 0, 0 FROM generate_series(0, 9) i`.execute(db);
  await sql`INSERT INTO tickets (id, organization_id, number, subject, status, priority, channel, customer_id, assignee_id,
      team_id, message_count, created_at, updated_at)
    SELECT md5('k' || i)::uuid, ${org}, i, 'Subject ' || md5(i::text),
      (ARRAY['OPEN','PENDING','ON_HOLD','RESOLVED','CLOSED','CLOSED'])[1 + i % 6], (ARRAY['LOW','MEDIUM','HIGH','URGENT'])[1 + i % 4],
      'API', md5('c' || (i % 500))::uuid, CASE WHEN i % 3 = 0 THEN 'agent-' || (i % 20) END,
      CASE WHEN i % 2 = 0 THEN md5('team' || (i % 10))::uuid END, 1, i, i
    FROM generate_series(1, 20000) i`.execute(db);
  await sql`INSERT INTO messages (id, organization_id, ticket_id, type, content, seq, created_at)
    SELECT md5('m' || i)::uuid, ${org}, md5('k' || i)::uuid, 'INBOUND', 'Message ' || md5('x' || i), 1, i
    FROM generate_series(1, 20000) i`.execute(db);
  await sql`INSERT INTO ticket_tags (ticket_id, tag_id, organization_id, created_at, status, number)
    SELECT md5('k' || i)::uuid, md5('t' || (i % 20))::uuid, ${org}, 0,
      (ARRAY['OPEN','PENDING','ON_HOLD','RESOLVED','CLOSED','CLOSED'])[1 + i % 6], i FROM generate_series(1, 20000, 10) i`.execute(
    db,
  );
  await sql`ANALYZE`.execute(db);
}

describeEachDialect('tickets: list query plans', (ctx) => {
  const org = '00000000-0000-4000-8000-00000000000a';
  const base: TicketFilter = { includeClosed: false };
  const explainFilter = (f: TicketFilter) => plan(ctx, org, f);
  const sqliteIdx = (name: string) => (name === 'tickets_number_uq' ? 'sqlite_autoindex_tickets_2' : name);

  beforeAll(async () => {
    if (ctx.dialect === 'postgres') await seedPostgres(ctx.database.db, org);
  });

  it.each<[string, TicketFilter, string[]]>([
    ['default list (closed excluded)', base, ['tickets_open_idx']],
    ['include_closed', { ...base, includeClosed: true }, ['tickets_number_uq']],
    ['status', { ...base, status: 'PENDING' }, ['tickets_status_idx']],
    ['priority', { ...base, priority: 'LOW' }, ['tickets_priority_idx|tickets_open_idx']],
    ['customer', { ...base, customerId: 'a1d0c6e8-3f02-7327-d846-1063f4ac58a6' }, ['tickets_customer_idx']],
    ['assignee', { ...base, assigneeId: 'agent-1' }, ['tickets_assignee_open_idx']],
    ['assignee, closed included', { ...base, assigneeId: 'agent-1', includeClosed: true }, ['tickets_assignee_idx']],
    // Unassigned and team filters (20261129-0400). SQLite may also read the assignee indexes, where
    // IS NULL fixes the leading column as an equality does (PostgreSQL cannot order by it).
    ['unassigned', { ...base, unassigned: true }, ['tickets_unassigned_open_idx|sqlite:tickets_assignee_open_idx']],
    [
      'unassigned, one status',
      { ...base, unassigned: true, status: 'PENDING' },
      ['tickets_unassigned_status_idx|sqlite:tickets_assignee_idx'],
    ],
    [
      'unassigned, closed included',
      { ...base, unassigned: true, includeClosed: true },
      ['tickets_unassigned_idx|sqlite:tickets_assignee_idx'],
    ],
    ['team', { ...base, teamIds: [TEAM_A] }, ['tickets_team_open_idx']],
    ['team, closed included', { ...base, teamIds: [TEAM_A], includeClosed: true }, ['tickets_team_idx']],
    ['several teams', { ...base, teamIds: [TEAM_A, TEAM_B, TEAM_C] }, ['tickets_team_open_idx']],
    // The tag filter reads the links' own indexes (status and number copied there), never the tickets.
    ['tag', { ...base, tagId: '00000000-0000-4000-8000-000000000002' }, ['ticket_tags_open_idx']],
    [
      'tag, closed included',
      { ...base, tagId: '00000000-0000-4000-8000-000000000002', includeClosed: true },
      ['ticket_tags_list_idx'],
    ],
    [
      'tag and status',
      { ...base, tagId: '00000000-0000-4000-8000-000000000002', status: 'PENDING' },
      ['ticket_tags_status_idx'],
    ],
  ])('uses the index for the %s query', async (_title, filter, indexes) => {
    const text = await explainFilter(filter);
    for (const alternatives of indexes) {
      const names = alternatives
        .split('|')
        .filter((n) => !n.startsWith('sqlite:') || ctx.dialect === 'sqlite')
        .map((n) => n.replace(/^sqlite:/, ''))
        .map((n) => (ctx.dialect === 'sqlite' ? sqliteIdx(n) : n));
      expect(
        names.some((n) => text.includes(n)),
        `${names.join(' or ')} in\n${text}`,
      ).toBe(true);
    }
    expect(text).not.toMatch(
      ctx.dialect === 'sqlite' ? /^SCAN (tickets|messages)\b(?! USING)/m : /Seq Scan on (tickets|messages)/,
    );
  });

  it('serves a search of 3+ characters from the trigram indexes, without scanning messages', async () => {
    const text = await explainFilter({ ...base, search: parseSearch('printer') });
    const expected =
      ctx.dialect === 'sqlite'
        ? ['tickets_fts', 'messages_fts', 'customers_fts']
        : // 500 customers are cheaper to scan than to look up; the ticket and message sides are what grow.
          ['tickets_subject_trgm', 'messages_content_trgm'];
    for (const name of expected) expect(text, text).toContain(name);
    expect(text).not.toMatch(
      ctx.dialect === 'sqlite'
        ? /^SCAN (tickets|messages|customers)\b(?! (USING|VIRTUAL))/m
        : /Seq Scan on (tickets|messages)/,
    );
  });

  it.each<[string, TicketFilter, string[], string[]]>([
    [
      "the default list: the open tickets' index alone",
      base,
      ['tickets_subject_trgm_open'],
      ['tickets_subject_trgm_closed'],
    ],
    [
      'closed included: both indexes',
      { ...base, includeClosed: true },
      ['tickets_subject_trgm_open', 'tickets_subject_trgm_closed'],
      [],
    ],
    [
      "status CLOSED: the closed tickets' index",
      { ...base, status: 'CLOSED' },
      ['tickets_subject_trgm_closed'],
      ['tickets_subject_trgm_open'],
    ],
    [
      "status PENDING: the open tickets' index",
      { ...base, status: 'PENDING' },
      ['tickets_subject_trgm_open'],
      ['tickets_subject_trgm_closed'],
    ],
  ])(
    'reads the subjects through their partial trigram indexes (20261126-0100), %s',
    async (_title, filter, used, unused) => {
      const text = await explainFilter({ ...filter, search: parseSearch('printer') });
      if (ctx.dialect === 'sqlite') {
        expect(text, text).toContain('tickets_fts');
        return;
      }
      for (const name of used) expect(text, text).toContain(`${name} `);
      for (const name of unused) expect(text, text).not.toContain(name);
      expect(text).not.toMatch(/Seq Scan on tickets/);
    },
  );

  it("asks the email index for an address's part before the @ only (its domain's trigrams are in every address there)", async () => {
    const f = { ...base, search: parseSearch('c12@example.com') };
    if (ctx.dialect === 'sqlite') {
      expect(await explainFilter(f)).toContain('customers_fts');
      return;
    }
    // 500 customers are cheaper to scan than to look up, so the plan shows the conditions rather than
    // the index: the only one the email trigram index can serve names the part before the '@'.
    const text = await explainFilter(f);
    expect(text, text).toMatch(
      /\(email ~~\* '%c12%'::text\) AND \(\(email \|\| ''::text\) ~~\* '%c12@example\.com%'::text\)/,
    );
    expect(text, text).not.toMatch(/\(email ~~\* '%c12@example\.com%'::text\)/);
  });

  it('checks a 1-2 character term ticket by ticket by key, never reading every message or customer', async () => {
    // A hashed subplan would first read every message and customer of the term (no index serves it).
    const text = await explainFilter({ ...base, search: parseSearch('zq') });
    expect(text).toContain('tickets_open_idx');
    expect(text).not.toMatch(
      ctx.dialect === 'sqlite'
        ? /^SCAN (messages|customers)\b(?! USING)/m
        : /Seq Scan on (tickets|messages|customers)|hashed SubPlan/,
    );
    // The walk runs once for both the count and the page (a second run doubled a rare term's cost).
    expect(text.match(ctx.dialect === 'sqlite' ? /SEARCH m USING/g : /on messages m(_\d+)?\b/g), text).toHaveLength(1);
  });

  it('postgres: the page walk of a capped term looks customers up in one set (read once), messages by key', async () => {
    if (ctx.dialect !== 'postgres') return;
    const t = ctx.database.forOrganization(org);
    const rows = filteredTickets(t, base, 60_000, ['subject', 'customer_id']);
    const text = await explain(
      ctx,
      pgWalkPage(t, parseSearch('customer 12')!, rows, { limit: 20, offset: 0 }).compile(t.db),
    );
    // The set: one hashed SubPlan over the matching customers (a CTE read once; 500 customers here are too
    // few for their trigram indexes); the key probe is only its fallback.
    const fallback = String.raw`CASE WHEN \(\$\d+ <= '${WALK_CUSTOMER_SET}'::bigint\) THEN \(hashed SubPlan \d+\) ELSE \(SubPlan \d+\) END`;
    expect(text, text).toMatch(new RegExp(fallback));
    expect(text.match(/CTE Scan on cs/g), text).toHaveLength(2);
    expect(text, text).toMatch(/Index Scan using messages_seq_uq on messages m/);
    expect(text, text).not.toMatch(/Seq Scan on (tickets|messages)/);
  });

  it('finds a ticket number through the (organization, number) index', async () => {
    const text = await explainFilter({ ...base, search: parseSearch('#17') });
    // PostgreSQL: either (organization, number) index; the partial one already holds the open tickets.
    expect(text).toMatch(
      ctx.dialect === 'sqlite'
        ? /sqlite_autoindex_tickets_2/
        : /(tickets_number_uq|tickets_open_idx) on tickets\b.*\n.*number = '17'/,
    );
  });
  // A named statement is planned generically (once per connection) only when that plan costs no more
  // than the custom ones. With LIMIT/OFFSET as parameters the default list never qualified, and
  // PostgreSQL planned it anew on every execution (as long as its execution): the first page carries
  // them as literals (ticket-list-store.ts pageWindow). Fails with `LIMIT $n OFFSET $m` on page 1.
  it('plans the default list once per connection on PostgreSQL (a generic plan after the first runs)', async () => {
    if (ctx.dialect !== 'postgres') return;
    const q = countedPageStatement(ctx.database.forOrganization(org), base, { limit: 25, offset: 0 }).compile(
      ctx.database.db,
    );
    const client = new pg.Client({ connectionString: ctx.dbUrl });
    await client.connect();
    try {
      for (let i = 0; i < 8; i++) await client.query({ name: 'default_list', text: q.sql, values: [...q.parameters] });
      const [plans] = (
        await client.query(`SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = 'default_list'`)
      ).rows;
      expect(Number(plans.generic_plans)).toBeGreaterThanOrEqual(3);
    } finally {
      await client.end();
    }
  });
});

describeEachDialect('tickets: filtered list totals', (ctx) => {
  const org = '00000000-0000-4000-8000-00000000000a';
  const base: TicketFilter = { includeClosed: false };
  const explainFilter = (f: TicketFilter) => plan(ctx, org, f);

  beforeAll(async () => {
    if (ctx.dialect === 'postgres') await seedPostgres(ctx.database.db, org);
  });

  // The count of a capped list reads only the numbers, so on PostgreSQL the list index answers it
  // alone; reading each match's ticket row for its id cost 38 ms for an assignee's 7,000 open tickets
  // at 1 M tickets. (SQLite never covers a query with a partial index whose condition the query
  // names, so there only the index with status as a column does; it reads the same index either way.)
  it.each<[string, TicketFilter, string]>([
    ['assignee', { ...base, assigneeId: 'agent-1' }, 'tickets_assignee_open_idx'],
    ['tag', { ...base, tagId: '00000000-0000-4000-8000-000000000002' }, 'ticket_tags_open_idx'],
    [
      'tag and status',
      { ...base, tagId: '00000000-0000-4000-8000-000000000002', status: 'PENDING' },
      'ticket_tags_status_idx',
    ],
  ])('counts the %s list from its index alone', async (_title, filter, index) => {
    const text = await explainFilter(filter);
    const sqlite =
      index === 'ticket_tags_status_idx' ? `USING COVERING INDEX ${index}\\b` : `USING (COVERING )?INDEX ${index}\\b`;
    expect(text, text).toMatch(
      new RegExp(ctx.dialect === 'sqlite' ? sqlite : `Index Only Scan (Backward )?using ${index}\\b`),
    );
  });

  it('merges the teams of a several-teams list, each read in list order', async () => {
    const text = await explainFilter({ ...base, teamIds: [TEAM_A, TEAM_B, TEAM_C] });
    if (ctx.dialect === 'postgres') {
      // The page: one backward read per team, merged in list order (here the count reads each team's
      // 1,333 entries by bitmap: fewer than the cap, so their order does not matter to it).
      expect(text, text).toMatch(/Merge Append[\s\S]*Index Scan Backward using tickets_team_open_idx/);
    } else {
      // The count streams the branches (no sort); only the page's short branches are sorted to merge.
      expect(text.match(/tickets_team_open_idx/g)?.length, text).toBe(6);
    }
    expect(text).not.toMatch(ctx.dialect === 'sqlite' ? /^SCAN tickets\b(?! USING)/m : /Seq Scan on tickets/);
  });

  it('counts the unassigned list from its partial index alone (PostgreSQL)', async () => {
    const text = await explainFilter({ ...base, unassigned: true });
    if (ctx.dialect === 'postgres')
      expect(text, text).toMatch(/Index Only Scan Backward using tickets_unassigned_open_idx/);
    else expect(text, text).toMatch(/USING (COVERING )?INDEX tickets_(unassigned|assignee)_open_idx\b/);
  });
});
