import { createHash, randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { parseDatabaseUrl } from '../../src/config.js';
import { openDatabase } from '../../src/db/database.js';
import { MIGRATION_NAMES, migrateToLatest } from '../../src/db/migrate.js';
import { orgSpec, orgStatements, type Engine, type OrgSpec } from './generate.js';

// Seeded databases are built once per (engine, size, migrations present, generator source) and cached:
// SQLite as a file under bench/.cache (copied for each run), PostgreSQL as a database
// helpdesk_bench_<size>_<hash> (the template of each run's copy). The rows are written at the schema
// of SEED_SCHEMA, the migration the generator was written for; the migrations after it then convert
// the filled database exactly as they convert a production one, so a schema change means a reseed, not
// an edit here (unless a migration needs data the generator does not write).

const SEED_SCHEMA = '20261122-0500-api-key-hash-not-global';
/** Bump when the way this file fills a database changes (generate.ts is hashed itself). */
const SEED_FORMAT = 1;
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
export const CACHE_DIR = join(root, 'bench', '.cache');
export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const BIG_ORG = 'bench-big';
const SEEDED_TABLES = ['users', 'tags', 'customers', 'tickets', 'messages', 'ticket_tags'];

export interface SeededDatabase {
  url: string;
  organizationId: string;
  spec: OrgSpec;
  /** Seconds spent seeding, or null when the cached copy was used. */
  seedSeconds: number | null;
  drop(): Promise<void>;
}

function cacheKey(): string {
  const h = createHash('sha256');
  h.update(
    readdirSync(join(root, 'src', 'db', 'migrations'))
      .sort()
      .join('\n'),
  );
  h.update(readFileSync(join(here, 'generate.ts')));
  h.update(`${SEED_SCHEMA} ${SEED_FORMAT}`);
  return h.digest('hex').slice(0, 10);
}

export function pgUrl(database: string): string {
  return Object.assign(new URL(PG_ADMIN_URL), { pathname: `/${database}` }).toString();
}

export async function pgAdmin<T = any>(text: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL });
  await c.connect();
  try {
    return (await c.query(text, params)).rows as T[];
  } finally {
    await c.end();
  }
}

/** The organizations of a data set: one big one (the benchmark's) and three small neighbours. */
export function dataSet(tickets: number, now: number): OrgSpec[] {
  const ids = Array.from({ length: 4 }, () => randomUUID());
  return [
    orgSpec(ids[0], BIG_ORG, 0, tickets, now),
    ...[1, 2, 3].map((n) => orgSpec(ids[n], `bench-small-${n}`, n, Math.max(100, Math.floor(tickets / 100)), now)),
  ];
}

async function migrate(url: string, upTo?: string): Promise<void> {
  const database = openDatabase(parseDatabaseUrl(url), { poolSize: 1, statementTimeoutMs: 0 });
  try {
    await migrateToLatest(database, upTo ? { upTo } : {});
  } finally {
    await database.close();
  }
}

function fillSqlite(path: string, orgs: OrgSpec[]): void {
  const db = new SQLite(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -500000');
  const marks = SEEDED_TABLES.map(() => '?').join(', ');
  // Secondary indexes are dropped and rebuilt after the load (same definitions, built once instead of row by row).
  const indexes = db
    .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${marks})`)
    .all(...SEEDED_TABLES) as { name: string; sql: string }[];
  db.transaction(() => {
    for (const ix of indexes) db.exec(`DROP INDEX "${ix.name}"`);
    for (const o of orgs) for (const s of orgStatements('sqlite', o)) db.exec(s);
    for (const ix of indexes) db.exec(ix.sql);
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

async function fillPostgres(url: string, orgs: OrgSpec[]): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    // Foreign-key triggers off while loading rows that are consistent by construction.
    await c.query(`SET session_replication_role = replica; SET maintenance_work_mem = '512MB'`);
    const indexes = (
      await c.query(
        `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = ANY($1)
           AND indexname NOT IN (SELECT conname FROM pg_constraint)`,
        [SEEDED_TABLES],
      )
    ).rows as { indexname: string; indexdef: string }[];
    await c.query('BEGIN');
    for (const ix of indexes) await c.query(`DROP INDEX "${ix.indexname}"`);
    for (const o of orgs) for (const s of orgStatements('postgres', o)) await c.query(s);
    for (const ix of indexes) await c.query(ix.indexdef);
    await c.query('COMMIT');
    await c.query('SET session_replication_role = DEFAULT');
  } finally {
    await c.end();
  }
}

async function build(engine: Engine, url: string, tickets: number): Promise<void> {
  if (!MIGRATION_NAMES.includes(SEED_SCHEMA)) throw new Error(`migration ${SEED_SCHEMA} is gone: update bench/seed`);
  await migrate(url, SEED_SCHEMA);
  const orgs = dataSet(tickets, Date.now());
  if (engine === 'sqlite') fillSqlite(url.slice('sqlite:'.length), orgs);
  else await fillPostgres(url, orgs);
  await migrate(url);
  // PostgreSQL would have autovacuumed a database this size; SQLite gets no statistics (the service never runs ANALYZE).
  if (engine === 'postgres') {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query('VACUUM ANALYZE').finally(() => c.end());
  }
}

const log = (s: string) => process.stderr.write(`${s}\n`);

/** A private copy of the cached seeded database of this size (seeded first when not cached). */
export async function seededCopy(engine: Engine, sizeLabel: string, tickets: number): Promise<SeededDatabase> {
  const key = `${sizeLabel}_${cacheKey()}`;
  let seedSeconds: number | null = null;
  const started = Date.now();
  if (engine === 'sqlite') {
    mkdirSync(CACHE_DIR, { recursive: true });
    const cached = join(CACHE_DIR, `sqlite_${key}.db`);
    if (!existsSync(cached)) {
      for (const f of readdirSync(CACHE_DIR))
        if (f.startsWith(`sqlite_${sizeLabel}_`)) rmSync(join(CACHE_DIR, f), { force: true });
      log(`seeding SQLite (${sizeLabel}) …`);
      const tmp = `${cached}.${process.pid}.tmp`;
      await build('sqlite', `sqlite:${tmp}`, tickets);
      renameSync(tmp, cached);
      seedSeconds = (Date.now() - started) / 1000;
    }
    const copy = join(CACHE_DIR, `run-${process.pid}-${randomUUID().slice(0, 8)}.db`);
    copyFileSync(cached, copy);
    const url = `sqlite:${copy}`;
    return { url, ...(await describe(url, tickets)), seedSeconds, drop: async () => sqliteRemove(copy) };
  }
  const template = `helpdesk_bench_${key}`;
  const exists = await pgAdmin(`SELECT 1 FROM pg_database WHERE datname = $1`, [template]);
  if (exists.length === 0) {
    await pruneStale(sizeLabel, template);
    log(`seeding PostgreSQL (${sizeLabel}) …`);
    const tmp = `${template}_tmp${process.pid}`;
    await pgAdmin(`DROP DATABASE IF EXISTS "${tmp}"`);
    await pgAdmin(`CREATE DATABASE "${tmp}"`);
    await build('postgres', pgUrl(tmp), tickets);
    await pgAdmin(`ALTER DATABASE "${tmp}" RENAME TO "${template}"`);
    seedSeconds = (Date.now() - started) / 1000;
  }
  const run = `helpdesk_bench_run_${process.pid}_${randomUUID().slice(0, 6)}`;
  await pgAdmin(`CREATE DATABASE "${run}" TEMPLATE "${template}"`);
  const url = pgUrl(run);
  return {
    url,
    ...(await describe(url, tickets)),
    seedSeconds,
    drop: async () => void (await pgAdmin(`DROP DATABASE IF EXISTS "${run}" WITH (FORCE)`)),
  };
}

export function sqliteRemove(path: string): void {
  for (const ext of ['', '-wal', '-shm']) rmSync(path + ext, { force: true });
}

/** Other generations' templates of this size, and per-run copies left by runs that died. */
async function pruneStale(sizeLabel: string, keep: string): Promise<void> {
  const rows = await pgAdmin<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE datname LIKE 'helpdesk\\_bench\\_%'`,
  );
  for (const { datname } of rows) {
    const runPid = /^helpdesk_bench_run_(\d+)_/.exec(datname)?.[1];
    const stale = runPid
      ? !alive(Number(runPid))
      : datname.startsWith(`helpdesk_bench_${sizeLabel}_`) && datname !== keep;
    if (stale) await pgAdmin(`DROP DATABASE IF EXISTS "${datname}"`).catch(() => undefined);
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The big organization's id and shape (OrgSpec) as stored (its ids are regenerated per seeding). */
async function describe(url: string, tickets: number): Promise<{ organizationId: string; spec: OrgSpec }> {
  const database = openDatabase(parseDatabaseUrl(url), { poolSize: 1 });
  try {
    const org = await database.db
      .selectFrom('organizations')
      .select(['id', 'created_at'])
      .where('name', '=', BIG_ORG)
      .executeTakeFirstOrThrow();
    const spec = orgSpec(org.id, BIG_ORG, 0, tickets, Number(org.created_at) + 2 * 365 * 86_400_000);
    return { organizationId: org.id, spec };
  } finally {
    await database.close();
  }
}
