import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { App } from '../src/shared/http.js';
import { loadConfig } from '../src/config.js';
import { createContainer } from '../src/container.js';
import { MIGRATION_NAMES, migrateToLatest } from '../src/db/migrate.js';
import { api, type Api } from './support/api.js';
import { postUser, postWebhook } from './support/fixtures.js';
import {
  createTestClock,
  createTestDatabase,
  describeEachDialect,
  type TestContext,
  type TestDatabase,
} from './support/harness.js';

// Upgrading a filled database to the tenant-key migration loses nothing. The data is made through
// today's app (in a database at the latest schema, since today's code writes today's columns), then
// copied row for row, rid values included, into a database migrated only up to the migrations before
// 20261122-0300-tenant-keys: the state an existing installation is in. That database is upgraded in
// place, and every row and API answer must be as before, the backfilled message sequence equal to the
// one the app assigns, and the app must keep working on it.

const TARGET = '20261122-0300-tenant-keys';
const BEFORE = MIGRATION_NAMES[MIGRATION_NAMES.indexOf(TARGET) - 1]!;

// Parents before children, so every foreign key is satisfied as the rows arrive.
const TABLES = [
  'organizations',
  'organization_counters',
  'ticket_counts',
  'plans',
  'ticket_usage',
  'api_keys',
  'users',
  'teams',
  'team_members',
  'tags',
  'customers',
  'tickets',
  'messages',
  'ticket_tags',
  'invitations',
  'ai_credit_ledger',
  'webhooks',
  'webhook_deliveries',
];
// Columns later migrations add (and backfill): left out of the copy into the older schema.
const NEW_COLUMNS: Record<string, string[]> = {
  organizations: ['slug', 'help_center_enabled', 'help_center_title'],
  messages: ['seq', 'attachment_count'],
  ticket_tags: ['status', 'number'],
  webhooks: ['previous_secret', 'previous_secret_expires_at'],
  webhook_deliveries: ['event_id'],
  ticket_counts: ['stripe'],
  ticket_usage: ['stripe'],
  plans: ['ai_overage'],
  ai_credit_ledger: ['expires_at', 'reference', 'tokens'],
};
// Columns the old schema has and a later migration moves elsewhere: filled from the source's new home
// when copying, and left out of snapshots (20261122-0800 moved customer_count into customer_counts,
// compared on its own after the upgrade).
const MOVED_COLUMNS: Record<string, string[]> = { organization_counters: ['customer_count'] };
// Counters that 20261123-0100 spread over stripes: a total is the sum of its stripes' rows. Copied
// into the older schema, and compared, as one row per key with the summed count.
const STRIPED = new Set(['ticket_counts', 'ticket_usage']);

/** The rows of a striped counter table folded to one per key (stripe left out, counts summed). */
function foldStripes(rows: Record<string, unknown>[]): Record<string, unknown>[] {
  const byKey = new Map<string, Record<string, unknown>>();
  for (const { stripe: _stripe, count, ...key } of rows) {
    const k = JSON.stringify(Object.entries(key).sort(([a], [b]) => a.localeCompare(b)));
    const seen = byKey.get(k);
    if (seen) seen.count = Number(seen.count) + Number(count);
    else byKey.set(k, { ...key, count: Number(count) });
  }
  return [...byKey.values()];
}

const rowsOf = async (db: Kysely<any>, table: string): Promise<Record<string, unknown>[]> => {
  const rows = await db.selectFrom(table).selectAll().execute();
  return STRIPED.has(table) ? foldStripes(rows) : rows;
};

async function userTables(db: Kysely<any>, dialect: string): Promise<string[]> {
  const rows =
    dialect === 'sqlite'
      ? await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'`.execute(db)
      : await sql<{ name: string }>`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`.execute(db);
  return rows.rows
    .map((r) => r.name)
    .filter((n) => !n.startsWith('kysely_') && !n.startsWith('sqlite_') && !/_fts(_|$)/.test(n))
    .sort();
}

/** Every row of every table, each table's rows in one canonical order (new columns left out). */
async function snapshot(db: Kysely<any>): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of TABLES) {
    const rows = await rowsOf(db, table);
    const skip = [...(NEW_COLUMNS[table] ?? []), ...(MOVED_COLUMNS[table] ?? [])];
    out[table] = rows
      .map((r) =>
        JSON.stringify(
          Object.fromEntries(
            Object.entries(r)
              .filter(([k]) => !skip.includes(k))
              .sort(([a], [b]) => a.localeCompare(b)),
          ),
        ),
      )
      .sort();
  }
  return out;
}

/** Each organization's customer total (the sum of its customer_counts stripes). */
const customerTotals = async (db: Kysely<any>) =>
  (
    await db
      .selectFrom('customer_counts')
      .select(['organization_id', sql<number>`sum(count)`.as('n')])
      .groupBy('organization_id')
      .orderBy('organization_id')
      .execute()
  ).map((r): [string, number] => [String(r.organization_id), Number(r.n)]);

/** Copies every row of the source into the older schema, leaving out the columns it does not have yet. */
async function copyRows(source: Kysely<any>, target: Kysely<any>, dialect: string): Promise<void> {
  const customerCounts = new Map(await customerTotals(source));
  for (const table of TABLES) {
    let rows = await rowsOf(source, table);
    if (table === 'organization_counters')
      rows = rows.map((r) => ({ ...r, customer_count: customerCounts.get(r.organization_id as string) ?? 0 }));
    const skip = NEW_COLUMNS[table] ?? [];
    for (const row of rows) {
      const cols = Object.keys(row).filter((c) => !skip.includes(c));
      const overriding = dialect === 'postgres' && 'rid' in row ? sql` OVERRIDING SYSTEM VALUE` : sql``;
      await sql`INSERT INTO ${sql.table(table)} (${sql.join(cols.map((c) => sql.ref(c)))})${overriding}
        VALUES (${sql.join(cols.map((c) => (row as any)[c]))})`.execute(target);
    }
    // An installation's identity sequences are past its rows: so must the copy's be.
    if (dialect === 'postgres' && rows.length > 0 && rows[0] && 'rid' in rows[0]) {
      await sql`SELECT setval(pg_get_serial_sequence(${table}, 'rid'), (SELECT max(rid) FROM ${sql.table(table)}))`.execute(
        target,
      );
    }
  }
}

/**
 * PostgreSQL keys, foreign keys and btree indexes of tenant tables (every table but organizations, the
 * api_key_lookup and mailbox_routes reference tables and the installation's own installation_secrets)
 * whose first column is not organization_id, or a foreign key whose referenced columns do not lead
 * with it (the organizations foreign keys themselves excepted).
 */
async function keysNotLeadingWithOrganization(db: Kysely<any>): Promise<string[]> {
  const constraints = await sql<{ name: string }>`
    SELECT c.conname AS name FROM pg_constraint c
     WHERE c.connamespace = 'public'::regnamespace AND c.contype IN ('p', 'u', 'f')
       AND c.conrelid::regclass::text NOT IN ('organizations', 'api_key_lookup', 'widget_key_lookup', 'widget_visitor_lookup', 'installation_secrets', 'kysely_migration', 'kysely_migration_lock')
       AND c.conrelid::regclass::text NOT IN ('organizations', 'api_key_lookup', 'mailbox_routes', 'installation_secrets', 'kysely_migration', 'kysely_migration_lock')
       AND NOT (c.contype = 'f' AND c.confrelid = 'organizations'::regclass)
       AND ((SELECT attname FROM pg_attribute WHERE attrelid = c.conrelid AND attnum = c.conkey[1]) <> 'organization_id'
         OR (c.contype = 'f' AND (SELECT attname FROM pg_attribute WHERE attrelid = c.confrelid AND attnum = c.confkey[1]) <> 'organization_id'))`.execute(
    db,
  );
  const indexes = await sql<{ name: string }>`
    SELECT i.indexrelid::regclass::text AS name FROM pg_index i
      JOIN pg_class t ON t.oid = i.indrelid JOIN pg_class ix ON ix.oid = i.indexrelid JOIN pg_am am ON am.oid = ix.relam
     WHERE t.relnamespace = 'public'::regnamespace AND am.amname = 'btree'
       AND t.relname NOT IN ('organizations', 'api_key_lookup', 'widget_key_lookup', 'widget_visitor_lookup', 'installation_secrets', 'kysely_migration', 'kysely_migration_lock')
       AND t.relname NOT IN ('organizations', 'api_key_lookup', 'mailbox_routes', 'installation_secrets', 'kysely_migration', 'kysely_migration_lock')
       AND (SELECT attname FROM pg_attribute WHERE attrelid = i.indrelid AND attnum = i.indkey[0]) IS DISTINCT FROM 'organization_id'`.execute(
    db,
  );
  return [...new Set([...constraints.rows, ...indexes.rows].map((r) => r.name))].sort();
}

// Global on purpose after 20261122-0300: tokens were still looked up before the organization was known
// (the lookup table of 0400 and the drop of 0500 end that), and the worker's first step reads the queue
// across organizations.
const KNOWN_EXCEPTIONS = ['api_keys_token_hash_key', 'webhook_deliveries_due_idx'];
// The one global index at the latest schema: staff sign in by email before any organization is known
// (a person may hold staff accounts in several organizations), so that read spans organizations.
// The inbound mail queue's due index is global for the same reason as the delivery queue's: the
// processor finds the organizations with queued mail before it claims inside each one.
// organization_slugs is not a tenant table: the help center finds an organization by its public slug,
// so its key is the slug. widget_rate_windows is not a tenant table either: the visitor limits' windows
// are keyed by their bucket (a client address's budget is counted before any widget is trusted).
const EXCEPTIONS_AT_LATEST: string[] = [
  'inbound_emails_queued_idx',
  'organization_slugs_pkey',
  'users_email_login_idx',
  'widget_rate_windows_ends_idx',
  'widget_rate_windows_pkey',
];

interface Filled {
  orgs: { api: Api; token: string; ticketIds: string[]; webhookId: string; customerSearch: string }[];
}

/** Several organizations with one of everything the app stores, made through the API and services. */
async function fill(ctx: TestContext): Promise<Filled> {
  const orgs: Filled['orgs'] = [];
  for (let o = 0; o < 3; o++) {
    const org = await ctx.createOrg(`Org ${o}`);
    const http = org.api;
    await ctx.container.plans.setPlan(org.id, {
      tickets_limit: 1000,
      seats_limit: 50,
      webhooks_limit: 10,
      ai_credits_included: 5,
    });
    await ctx.container.plans.purchaseCredits(org.id, 20);
    await ctx.container.plans.consumeCredits(org.id, 3);
    await org.keyWith(['tickets:read']);
    const users = [];
    for (let u = 0; u < 3; u++) {
      const res = await postUser(http, `agent-${o}-${u}`);
      expect(res.status).toBe(201);
      users.push(res.body.data.id as string);
    }
    const team = await http.post('/api/v1/teams', { name: `Team ${o}`, member_ids: users.slice(0, 2) });
    expect(team.status).toBe(201);
    const tags = [];
    for (const name of ['billing', 'bug', 'urgent']) {
      const res = await http.post('/api/v1/tags', { name: `${name}-${o}`, color: '#00ff00' });
      expect(res.status).toBe(201);
      tags.push(res.body.data.id as string);
    }
    const hook = await postWebhook(http, { name: `hook ${o}`, events: ['ticket.created', 'message.created'] });
    expect(hook.status).toBe(201);
    expect((await http.post('/api/v1/invitations', { email: `invitee-${o}@example.com`, role: 'agent' })).status).toBe(
      201,
    );
    // Customers made in the same millisecond as well as later ones: their list order must hold.
    ctx.clock.set(1_790_000_000_000 + o * 1000);
    for (let c = 0; c < 4; c++)
      expect(
        (await http.post('/api/v1/customers', { email: `direct-${o}-${c}@example.com`, name: `Direct ${c}` })).status,
      ).toBe(201);
    ctx.clock.set(null);
    const ticketIds: string[] = [];
    for (let k = 0; k < 5; k++) {
      const res = await http.post('/api/v1/tickets', {
        subject: `Subject ${o}-${k}`,
        message: `First message ${k}`,
        customer: { email: `cust-${o}-${k % 3}@example.com`, name: `Customer ${k % 3}` },
        tag_ids: tags.slice(0, 1 + (k % 3)),
      });
      expect(res.status).toBe(201);
      const id = res.body.data.id as string;
      ticketIds.push(id);
      for (let m = 0; m < k; m++) {
        const body = m % 2 ? { content: `Reply ${m}`, user_id: users[m % 3] } : { content: `Follow-up ${m}` };
        expect((await http.post(`/api/v1/tickets/${id}/messages`, body)).status).toBe(201);
      }
      if (k % 2 === 0) {
        const patch = await http.patch(`/api/v1/tickets/${id}`, {
          team_id: team.body.data.id,
          assignee_id: users[0],
          status: 'PENDING',
        });
        expect(patch.status).toBe(200);
      }
    }
    orgs.push({ api: http, token: org.token, ticketIds, webhookId: hook.body.data.id, customerSearch: `cust-${o}` });
  }
  return { orgs };
}

/** The answers an organization's clients see: compared before and after the upgrade. */
async function answers(http: Api, org: Filled['orgs'][number]): Promise<unknown[]> {
  const paths = [
    '/api/v1/tickets?include_closed=true',
    '/api/v1/tickets?limit=2&page=2',
    '/api/v1/customers',
    '/api/v1/customers?limit=3&page=2',
    `/api/v1/customers?search=${org.customerSearch}`,
    '/api/v1/users',
    '/api/v1/teams',
    '/api/v1/tags',
    '/api/v1/invitations',
    '/api/v1/webhooks',
    `/api/v1/webhooks/${org.webhookId}/deliveries`,
    ...org.ticketIds.map((id) => `/api/v1/tickets/${id}`),
  ];
  const out = [];
  for (const path of paths) {
    const res = await http.get(path);
    expect(res.status, path).toBe(200);
    out.push({ path, body: res.body });
  }
  return out;
}

describeEachDialect('migration upgrade: tenant keys', (ctx) => {
  let old: TestDatabase;
  let upgradedApp: App | undefined;

  beforeAll(async () => {
    old = await createTestDatabase(ctx.dialect, 'empty');
    await migrateToLatest(old.handle, { upTo: BEFORE });
  });
  afterAll(async () => {
    await upgradedApp?.close();
    await old?.drop();
  });

  it('keeps every row and answer, backfills the message sequence, and the app keeps working', async () => {
    const filled = await fill(ctx);
    const source = ctx.database.db;
    const target = old.handle.db;
    expect(await userTables(target, ctx.dialect)).toEqual([...TABLES].sort());

    await copyRows(source, target, ctx.dialect);
    const before = await snapshot(target);
    for (const table of TABLES) expect(before[table]!.length, `rows of ${table}`).toBeGreaterThan(0);
    expect(before).toEqual(await snapshot(source));
    const expectedAnswers = [];
    for (const org of filled.orgs) expectedAnswers.push(await answers(org.api, org));

    if (ctx.dialect === 'postgres') {
      // The check below sees what the upgrade must change.
      expect(await keysNotLeadingWithOrganization(target)).toEqual(
        expect.arrayContaining([
          'customers_pkey',
          'customers_id_key',
          'tickets_customer_id_fkey',
          'messages_ticket_idx',
          'tickets_team_idx',
        ]),
      );
    }
    const result = await migrateToLatest(old.handle, { upTo: TARGET });
    expect(result.results?.map((r) => [r.migrationName, r.status])).toEqual([[TARGET, 'Success']]);

    // Every row is still there, unchanged.
    expect(await snapshot(target)).toEqual(before);
    // The backfilled sequence is the one the app assigned (1, 2, … per ticket in insertion order).
    const seqs = async (db: Kysely<any>) =>
      (await db.selectFrom('messages').select(['id', 'seq']).orderBy('id').execute()).map((r) => [r.id, Number(r.seq)]);
    expect(await seqs(target)).toEqual(await seqs(source));

    if (ctx.dialect === 'postgres') expect(await keysNotLeadingWithOrganization(target)).toEqual(KNOWN_EXCEPTIONS);

    // The same answers from an app on the upgraded database (brought to the latest schema the app needs).
    await migrateToLatest(old.handle);
    expect(await snapshot(target)).toEqual(before);
    expect(await customerTotals(target)).toEqual(await customerTotals(source));
    // 20261122-0700 backfilled the tag links' copy of their ticket's status and number.
    const links = async (db: Kysely<any>) =>
      (
        await db
          .selectFrom('ticket_tags')
          .select(['ticket_id', 'tag_id', 'status', 'number'])
          .orderBy('ticket_id')
          .orderBy('tag_id')
          .execute()
      ).map((r) => [r.ticket_id, r.tag_id, r.status, Number(r.number)]);
    expect(await links(target)).toEqual(await links(source));
    if (ctx.dialect === 'postgres') expect(await keysNotLeadingWithOrganization(target)).toEqual(EXCEPTIONS_AT_LATEST);
    const config = loadConfig({
      DATABASE_URL: old.url,
      RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'silent',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    });
    const container = createContainer({ config, database: old.handle, clock: createTestClock() });
    upgradedApp = await buildApp(container);
    await upgradedApp.ready();
    for (const [i, org] of filled.orgs.entries()) {
      const http = api(upgradedApp, org.token);
      expect(await answers(http, org)).toEqual(expectedAnswers[i]);
    }

    // And it keeps working: a new ticket and messages take the next numbers in their ticket.
    const http = api(upgradedApp, filled.orgs[1]!.token);
    const created = await http.post('/api/v1/tickets', {
      subject: 'After the upgrade',
      message: 'one',
      customer: { email: 'new@example.com' },
    });
    expect(created.status).toBe(201);
    expect((await http.post(`/api/v1/tickets/${created.body.data.id}/messages`, { content: 'two' })).status).toBe(201);
    const existing = filled.orgs[1]!.ticketIds[4]!; // 5 messages before the upgrade
    expect((await http.post(`/api/v1/tickets/${existing}/messages`, { content: 'sixth' })).status).toBe(201);
    const seqOf = async (ticketId: string) =>
      (
        await target
          .selectFrom('messages')
          .select(['content', 'seq'])
          .where('ticket_id', '=', ticketId)
          .orderBy('seq')
          .execute()
      ).map((r) => [r.content, Number(r.seq)]);
    expect(await seqOf(created.body.data.id)).toEqual([
      ['one', 1],
      ['two', 2],
    ]);
    expect((await seqOf(existing)).at(-1)).toEqual(['sixth', 6]);
    const read = await http.get(`/api/v1/tickets/${existing}`);
    expect(read.body.data.messages.map((m: any) => m.content).at(-1)).toBe('sixth');
    expect(read.body.data.messages).toHaveLength(6);
    const customers = await http.get('/api/v1/customers?limit=1');
    expect(customers.body.data[0].email).toBe('new@example.com');
  });
});
