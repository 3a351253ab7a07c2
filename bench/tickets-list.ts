// Ticket-list benchmark (run on demand, not part of the tests):
//   npx tsx bench/tickets-list.ts [--n 1000000] [--runs 20] [--dialect sqlite|postgres] [--keep] [--reuse]
// Seeds one organization with N tickets (SQLite: one transaction of prepared statements; PostgreSQL:
// multi-row inserts), then times GET /api/v1/tickets through the real app (app.inject) and prints ms
// per request plus the engine's plan for each list query.
import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompiledQuery } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { createContainer } from '../src/container.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Db, type TenantDb } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { createOrgService } from '../src/orgs/org-service.js';
import { systemClock } from '../src/shared/clock.js';
import { parseSearch } from '../src/tickets/ticket-search.js';
import { compileListQuery, type TicketFilter } from '../src/tickets/ticket-search-store.js';
import { COMMON_TERM, RARE_TERM, newPlan, seedPostgres, seedSqlite } from './tickets-seed.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] && !process.argv[i + 1].startsWith('--') ? process.argv[i + 1] : fallback;
}
const flag = (name: string) => process.argv.includes(`--${name}`);

const dialect = arg('dialect', 'sqlite') as 'sqlite' | 'postgres';
const n = Number(arg('n', dialect === 'sqlite' ? '1000000' : '200000'));
const runs = Number(arg('runs', '20'));
const pgAdmin = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const pgName = `helpdesk_bench_${n}`;
const sqlitePath = join(tmpdir(), `helpdesk-bench-${n}.db`);
const url = dialect === 'sqlite' ? `sqlite:${sqlitePath}` : Object.assign(new URL(pgAdmin), { pathname: `/${pgName}` }).toString();

async function admin(q: string) {
  const c = new pg.Client({ connectionString: pgAdmin });
  await c.connect();
  try {
    await c.query(q);
  } finally {
    await c.end();
  }
}

async function prepare(): Promise<{ orgId: string; token: string; reused: boolean }> {
  const reuse = flag('reuse') && dialect === 'sqlite' && existsSync(sqlitePath);
  if (!reuse) {
    if (dialect === 'sqlite') for (const ext of ['', '-wal', '-shm']) rmSync(sqlitePath + ext, { force: true });
    else {
      await admin(`DROP DATABASE IF EXISTS "${pgName}" WITH (FORCE)`);
      await admin(`CREATE DATABASE "${pgName}"`);
    }
  }
  const config = loadConfig({ DATABASE_URL: url });
  const database = openDatabase(config.database);
  await migrateToLatest(database);
  // A fresh organization each run keeps the token known; a reused file keeps its seeded one.
  const created = await createOrgService({ database: database, clock: systemClock }).create('bench');
  let orgId = created.organization.id;
  if (reuse) {
    const seeded = await database.db.selectFrom('organizations').select('id').where('name', '=', 'bench').orderBy('created_at').executeTakeFirstOrThrow();
    await database.db.updateTable('api_keys').set({ organization_id: seeded.id }).where('id', '=', created.api_key.id).execute();
    orgId = seeded.id;
  }
  await database.close();
  if (!reuse) {
    const started = Date.now();
    const plan = newPlan(orgId, n);
    if (dialect === 'sqlite') seedSqlite(sqlitePath, plan, Date.now());
    else await seedPostgres(url, plan, Date.now());
    process.stdout.write(`seeded ${n} tickets (${dialect}) in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  }
  return { orgId, token: created.api_key.token, reused: reuse };
}

async function main() {
  const { orgId, token } = await prepare();
  const config = loadConfig({ DATABASE_URL: url, RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'silent' });
  const database = openDatabase(config.database);
  const app = await buildApp(createContainer({ config, database, clock: systemClock }));
  await app.ready();
  const db = database.db;
  const customer = await db.selectFrom('customers').select('id').where('organization_id', '=', orgId).orderBy('rid', 'desc').limit(1).executeTakeFirstOrThrow();
  const tag = await db.selectFrom('tags').select('id').where('organization_id', '=', orgId).limit(1).executeTakeFirstOrThrow();

  const base: TicketFilter = { includeClosed: false };
  const scenarios: [string, string, TicketFilter][] = [
    ['default (open, newest first)', '', base],
    ['include_closed=true', '?include_closed=true', { ...base, includeClosed: true }],
    ['status=PENDING', '?status=PENDING', { ...base, status: 'PENDING' }],
    ['priority=URGENT', '?priority=URGENT', { ...base, priority: 'URGENT' }],
    ['page 200 (offset 3980)', '?page=200', base],
    ['customer_id', `?customer_id=${customer.id}`, { ...base, customerId: customer.id }],
    ['assignee_id', '?assignee_id=agent-3', { ...base, assigneeId: 'agent-3' }],
    ['tag_id', `?tag_id=${tag.id}`, { ...base, tagId: tag.id }],
    [`search rare "${RARE_TERM}"`, `?search=${RARE_TERM}`, { ...base, search: parseSearch(RARE_TERM) }],
    [`search common "${COMMON_TERM}"`, `?search=${COMMON_TERM}`, { ...base, search: parseSearch(COMMON_TERM) }],
    ['search ticket number "#4242"', '?search=%234242', { ...base, search: parseSearch('#4242') }],
    ['search email "customer123@"', '?search=customer123%40', { ...base, search: parseSearch('customer123@') }],
    ['search short "zq" (LIKE fallback)', '?search=zq', { ...base, search: parseSearch('zq') }],
  ];

  process.stdout.write(`\n${dialect}, ${n} tickets, ${runs} runs each (ms per request: median / mean / max)\n`);
  for (const [label, query, filter] of scenarios) {
    const times: number[] = [];
    let total = 0;
    let shortRuns = runs;
    for (let i = 0; i < shortRuns; i++) {
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url: `/api/v1/tickets${query}`, headers: { authorization: `Bearer ${token}` } });
      times.push(performance.now() - t0);
      if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
      total = JSON.parse(res.body).meta.pagination.total;
      // Slow scenarios (the LIKE fallback) get fewer runs so the benchmark stays short.
      if (i === 0 && times[0] > 2000) shortRuns = Math.min(runs, 3);
    }
    times.sort((a, b) => a - b);
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    process.stdout.write(
      `${label.padEnd(40)} ${times[Math.floor(times.length / 2)].toFixed(1).padStart(8)} / ${mean.toFixed(1).padStart(8)} / ${times[times.length - 1].toFixed(1).padStart(8)}   total=${total}\n`,
    );
    if (flag('explain')) process.stdout.write(await explain(db, database.forOrganization(orgId), filter));
  }
  await app.close();
  await database.close();
  if (!flag('keep') && dialect === 'sqlite') for (const ext of ['', '-wal', '-shm']) rmSync(sqlitePath + ext, { force: true });
  if (!flag('keep') && dialect === 'postgres') await admin(`DROP DATABASE IF EXISTS "${pgName}" WITH (FORCE)`);
}

async function explain(db: Db, t: TenantDb, filter: TicketFilter): Promise<string> {
  const q = compileListQuery(t, filter, { limit: 20, offset: 0 });
  const prefix = dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN ' : 'EXPLAIN ';
  const res = await db.executeQuery(CompiledQuery.raw(prefix + q.sql, [...q.parameters]));
  const lines = (res.rows as any[]).map((r) => (dialect === 'sqlite' ? `${r.detail}` : r['QUERY PLAN']));
  return lines.map((l) => `      ${l}\n`).join('');
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
