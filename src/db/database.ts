import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, sql, SqliteDialect, type RawBuilder, type Transaction } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import { DIALECTS, type Dialect } from './dialects.js';
import { NOTIFIERS, type Notifier } from './notifications.js';
import type { Database } from './schema.js';
import { Sql, type Engine, type TenantDb } from './sql-handle.js';
import { statementNamer, type StatementNamer } from './pg-prepared-statements.js';
import { createSqliteReader, type SqliteReader } from './sqlite-reader.js';

export type { Dialect } from './dialects.js';
export { Sql, TenantDb } from './sql-handle.js';
export { isDatabaseUnavailable, isForeignKeyViolation, isMalformedValue, isUniqueViolation } from './database-errors.js';
export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;

export interface DatabaseHandle {
  /** The root Kysely handle (migrations, tests); stores get a Sql or TenantDb handle instead. */
  db: Db;
  dialect: Dialect;
  /** Runs fn in one transaction (Kysely's SQLite driver already runs one connection at a time). */
  transaction<T>(fn: (trx: Tx) => Promise<T>): Promise<T>;
  /** The root connection for work that spans organizations (authentication, the delivery queue). */
  system: Sql;
  /** The root connection scoped to one organization; `.transaction(fn)` opens a scoped transaction. */
  forOrganization(organizationId: string): TenantDb;
  /** Listens for commits that called notify(channel); returns the stop function. */
  listen(channel: string, onNotify: () => void, onError: (err: unknown) => void): () => Promise<void>;
  /**
   * A number that changes whenever another connection (another process) has committed to the
   * database, for caches that must see such writes at once where no notification can carry them
   * (SQLite: PRAGMA data_version, a few microseconds); null where notifications do (PostgreSQL).
   */
  writesElsewhere(): number | null;
  /**
   * A value that changes whenever anything may have been written to the database, by this process
   * (every statement that is not read-only, committed or not) or another (SQLite's data_version), for
   * caches of representations read from it; null where it cannot be known in-process (PostgreSQL:
   * other processes write without telling).
   */
  readVersion(): string | null;
  ping(): Promise<void>;
  /** The connection pool's use (PostgreSQL), read by the metrics; null where there is no pool (SQLite). */
  poolStats(): PoolStats | null;
  close(): Promise<void>;
}

export interface PoolStats {
  /** Connections open (idle or checked out) and the most allowed. */
  total: number;
  idle: number;
  max: number;
  /** Callers queued for a connection. */
  waiting: number;
}

export interface OpenOptions {
  poolSize?: number;
  /** Check that every statement of an organization-scoped handle is confined to it (tests). */
  guardTenants?: boolean;
  /** PostgreSQL: the server-side bound of each statement inside a transaction (default 25 s; tests lower it). */
  statementTimeoutMs?: number;
  /** PostgreSQL: the bound on connecting, and on waiting for a free pooled connection (default 5 s; tests lower it). */
  connectTimeoutMs?: number;
}

/** Builds the handle-facing parts (engine, system handle, scoping, listening) of an opened database. */
function handles(
  dialect: Dialect,
  db: Db,
  transaction: <T>(fn: (trx: Tx) => Promise<T>) => Promise<T>,
  notifier: Notifier,
  guardTenants: boolean,
  reader: SqliteReader | null = null,
): Pick<DatabaseHandle, 'system' | 'forOrganization' | 'listen'> {
  const engine: Engine = {
    dialect,
    features: DIALECTS[dialect],
    transaction: (fn) => transaction((trx) => fn(trx)),
    notify: (executor, channel) => notifier.notify(executor, channel),
    guardTenants,
    reader,
  };
  const system = new Sql(db, engine);
  return {
    system,
    forOrganization: (organizationId) => system.forOrganization(organizationId),
    listen: (channel, onNotify, onError) => notifier.listen(channel, onNotify, onError),
  };
}

// bigint columns hold epoch milliseconds and counters, all far below 2^53.
pg.types.setTypeParser(20, (value) => Number(value));

export function openDatabase(config: DatabaseConfig, options: OpenOptions = {}): DatabaseHandle {
  const guard = options.guardTenants ?? false;
  if (config.dialect === 'sqlite') return openSqlite(config.path, guard);
  return openPostgres(config, {
    max: options.poolSize ?? config.poolSize ?? 10,
    guardTenants: guard,
    statementTimeoutMs: options.statementTimeoutMs ?? PG_STATEMENT_TIMEOUT_MS,
    connectTimeoutMs: options.connectTimeoutMs ?? PG_CONNECT_TIMEOUT_MS,
  });
}

function openSqlite(path: string, guardTenants: boolean): DatabaseHandle {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const writes = { count: 0 };
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite, writes) }) });
  const transaction = <T>(fn: (trx: Tx) => Promise<T>) => connectionTransaction(db, BEGIN_IMMEDIATE, fn);
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  // Slow reads (search) run in reader threads on their own connections (sqlite-reader.ts); a private
  // in-memory database has nothing they could open.
  const reader = path === ':memory:' ? null : createSqliteReader(path);
  return {
    db,
    dialect: 'sqlite',
    transaction,
    ...handles('sqlite', db, transaction, NOTIFIERS.sqlite(path), guardTenants, reader),
    writesElsewhere: () => dataVersion.get() as number,
    readVersion: () => `${writes.count}.${dataVersion.get() as number}`,
    poolStats: () => null,
    async ping() {
      sqlite.prepare('select 1').get();
    },
    async close() {
      await reader?.close();
      await db.destroy();
    },
  };
}

// BEGIN IMMEDIATE takes the write lock up front, so a writer in another process (the CLI next to a
// running server) makes us wait through busy_timeout instead of failing with SQLITE_BUSY when a
// deferred transaction tries to upgrade from reading to writing.
const BEGIN_IMMEDIATE = sql.raw('BEGIN IMMEDIATE');

/** Runs fn on one connection between `begin` (the statement(s) opening the transaction) and COMMIT. */
function connectionTransaction<T>(db: Db, begin: RawBuilder<unknown>, fn: (trx: Tx) => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    let result: T;
    try {
      // Inside the try: when a statement after BEGIN fails, the connection must not go back to the
      // pool with its transaction open (ROLLBACK without one is only a warning).
      await begin.execute(conn);
      // A connection-bound Kysely offers everything our code uses of a Transaction.
      result = await fn(conn as unknown as Tx);
    } catch (err) {
      await sql`ROLLBACK`.execute(conn).catch(() => undefined);
      throw err;
    }
    try {
      await sql`COMMIT`.execute(conn);
    } catch (err) {
      await sql`ROLLBACK`.execute(conn).catch(() => undefined);
      throw err;
    }
    return result;
  });
}

// Kysely prepares every query anew; on better-sqlite3 preparing costs more than running a primary-key
// read, so prepared statements are kept per SQL text (queries are parameterized, the set is small).
// Kysely runs one statement at a time on its single connection, so reusing one is safe. A statement
// that may write (not read-only for SQLite) counts in `writes` before it runs (readVersion).
function withStatementCache(sqlite: SQLite.Database, writes: { count: number }, max = 1000) {
  const cache = new Map<string, Pick<SQLite.Statement, 'reader' | 'all' | 'run' | 'iterate'>>();
  const counted = (stmt: SQLite.Statement): Pick<SQLite.Statement, 'reader' | 'all' | 'run' | 'iterate'> => ({
    reader: stmt.reader,
    all: (...p: unknown[]) => (writes.count++, stmt.all(...p)),
    run: (...p: unknown[]) => (writes.count++, stmt.run(...p)),
    iterate: (...p: unknown[]) => (writes.count++, stmt.iterate(...p)),
  });
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let stmt = cache.get(sql);
      if (!stmt) {
        const prepared = sqlite.prepare(sql);
        stmt = prepared.readonly ? prepared : counted(prepared);
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
        cache.set(sql, stmt);
      }
      return stmt;
    },
  };
}

// A database that stops answering must not hang requests forever: connecting (and waiting for a free
// pooled connection), and each statement, are bounded, so callers get an error (503) instead of a
// request that never ends. The HTTP layer bounds the whole request on top (src/http/deadline-plugin.ts):
// these stay below it so the database work is abandoned, and rolled back, by the time the client hears.
export const PG_CONNECT_TIMEOUT_MS = 5_000;
export const PG_STATEMENT_TIMEOUT_MS = 25_000;
/** Client-side margin over the server-side statement timeout (a server that does not answer at all). */
const CLIENT_TIMEOUT_MARGIN_MS = 2_000;
const PING_TIMEOUT_MS = 2_000;

// Concurrent transactions may deadlock (40P01) or fail serialization (40001); PostgreSQL has rolled
// the loser back entirely, so running it again is safe and is what its documentation recommends.
// A foreign-key violation (23503) in a transaction that checked the referenced row first means another
// transaction deleted that row in between (a user removed while a team naming them was created, a tag
// while a ticket was tagged): the rerun sees the deletion, so its own checks answer (400 not_found, or
// a success without the row) instead of a 500. A foreign key our checks do not cover would fail the
// same way every time and still surface after the last attempt.
const RETRYABLE = new Set(['40P01', '40001', '23503']);

/**
 * An error that makes the transaction run again from the start (PostgreSQL's serialization failure
 * code): for a transaction that finds another one committed, between two of its statements, something
 * its first statements had to see (the event log's per-ticket order: see tickets/ticket-store.ts).
 */
export const rerunTransaction = (message: string): Error => Object.assign(new Error(message), { code: '40001' });
const MAX_ATTEMPTS = 5;

async function withRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= MAX_ATTEMPTS || !RETRYABLE.has((err as { code?: string }).code ?? '')) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
    }
  }
}

type PostgresConfig = Extract<DatabaseConfig, { dialect: 'postgres' }>;

/** The URL for session-level work (LISTEN, migrations): DATABASE_DIRECT_URL, else DATABASE_URL. */
export function directUrlOf(config: PostgresConfig): string {
  return config.directUrl ?? config.url;
}

interface PostgresOptions {
  max: number;
  guardTenants: boolean;
  statementTimeoutMs: number;
  connectTimeoutMs: number;
}

/**
 * A cut database link must never take the process down, and a connection that failed must never be
 * used again. node-postgres emits 'error' on a client whose socket fails; the pool listens only while
 * the client is idle, and an 'error' nobody listens to is an uncaught exception (the process used to
 * exit when a cut hit a checked-out connection). So every client gets a listener for its whole life;
 * its pending and later queries fail ("Connection terminated unexpectedly", "… is not queryable"), which
 * the API answers with 503, and the pool discards it on release (it checks the client is queryable).
 * A client-side timeout leaves the unanswered statement on the connection, and everything queued
 * behind it (ROLLBACK included) would wait as long again: the connection is destroyed instead, which
 * fails them at once and makes the server roll back.
 */
function hardenPool(pool: pg.Pool, namer: StatementNamer | null): void {
  pool.on('error', () => undefined); // idle clients: the pool removes them itself
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    const run = (args: unknown[]): unknown => {
      const result = query(...args);
      if (result instanceof Promise) {
        result.catch((err: unknown) => {
          if (/Query read timeout/.test((err as Error)?.message ?? '')) {
            (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
          }
        });
      }
      return result;
    };
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const named = namer ? namer.name(args) : args;
      const result = run(named);
      if (named === args || !(result instanceof Promise)) return result;
      // A pooler that does not carry prepared statements (pg-prepared-statements.ts): run it again unnamed.
      return result.catch((err: unknown) => {
        if (!namer!.notCarried(err)) throw err;
        if (client.getTransactionStatus() === 'I') return run(args);
        throw rerunTransaction('the connection does not keep prepared statements; the transaction runs again without them');
      });
    };
  });
}

const onPreparedStatementsRefused = (err: unknown) =>
  process.emitWarning(
    `PostgreSQL prepared statements switched off: the connection does not keep them (${(err as Error).message}); a transaction-mode pooler before PgBouncer 1.21? Set DATABASE_PREPARED_STATEMENTS=false to skip the first attempt.`,
    { code: 'HELPDESK_PREPARED_STATEMENTS' },
  );

function openPostgres(config: PostgresConfig, options: PostgresOptions): DatabaseHandle {
  const { max, guardTenants, statementTimeoutMs, connectTimeoutMs } = options;
  // No session state on pooled connections, startup parameters included (node-postgres would send a
  // statement_timeout option as one, which PgBouncer in transaction mode refuses): the server-side
  // limit is set per transaction below, and the client-side one bounds every statement, including
  // single statements outside a transaction and a server that does not answer at all.
  const pool = new pg.Pool({
    connectionString: config.url,
    max,
    // Bounds both connecting and waiting in the pool's queue for a free connection.
    connectionTimeoutMillis: connectTimeoutMs,
    // 0 means unbounded (migrations): PostgreSQL reads statement_timeout = 0 as "no limit" too.
    query_timeout: statementTimeoutMs > 0 ? statementTimeoutMs + CLIENT_TIMEOUT_MARGIN_MS : undefined,
    keepAlive: true,
  });
  // On unless turned off; switched off by itself behind a pooler that does not carry them.
  const namer = config.preparedStatements === false ? null : statementNamer(onPreparedStatementsRefused);
  hardenPool(pool, namer);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  // The server-side limit of every transaction: SET LOCAL lasts until COMMIT/ROLLBACK, so it holds under
  // PgBouncer's transaction pooling too. Sent with BEGIN as one simple-protocol query (no parameters:
  // node-postgres then allows several statements), so it costs no extra round trip. An integer we own.
  const begin = sql.raw(`BEGIN; SET LOCAL statement_timeout = ${Math.trunc(statementTimeoutMs)}`);
  const transaction = <T>(fn: (trx: Tx) => Promise<T>) => withRetry(() => connectionTransaction(db, begin, fn));
  return {
    db,
    dialect: 'postgres',
    transaction,
    ...handles('postgres', db, transaction, NOTIFIERS.postgres(directUrlOf(config)), guardTenants),
    writesElsewhere: () => null,
    readVersion: () => null,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, max, waiting: pool.waitingCount }),
    async ping() {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('database ping timed out')), PING_TIMEOUT_MS);
      });
      try {
        await Promise.race([pool.query('select 1'), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      await db.destroy();
    },
  };
}
