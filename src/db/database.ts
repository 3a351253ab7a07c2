import { Kysely, PostgresDialect, sql } from 'kysely';
import type pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import { connectionTransaction, handles, type DatabaseHandle, type Tx } from './database-handle.js';
import { setLocalStatementTimeout } from './dialects.js';
import { NOTIFIERS } from './notifications.js';
import type { Database } from './schema.js';
import { beginText, holdStatements } from './pg-held-statements.js';
import { pgDriver } from './pg-driver.js';
import { statementNamer, type StatementNamer } from './pg-prepared-statements.js';
import { openSqlite } from './sqlite-connection.js';

export type { Dialect } from './dialects.js';
export { Sql, TenantDb, type SharedWrite } from './sql-handle.js';
export {
  isDatabaseUnavailable,
  isForeignKeyViolation,
  isMalformedValue,
  isUniqueViolation,
} from './database-errors.js';
export type { DatabaseHandle, Db, PoolStats, Tx } from './database-handle.js';

export interface OpenOptions {
  poolSize?: number;
  /** Check that every statement of an organization-scoped handle is confined to it (tests). */
  guardTenants?: boolean;
  /** PostgreSQL: the server-side bound of each statement inside a transaction (default 25 s; tests lower it). */
  statementTimeoutMs?: number;
  /** PostgreSQL: the bound on connecting, and on waiting for a free pooled connection (default 5 s; tests lower it). */
  connectTimeoutMs?: number;
  /**
   * SQLite: this connection leaves checkpoints of the write-ahead log to the server's background upkeep
   * (the server's webhook thread), keeping only the backstop mark (sqlite-wal-checkpoints.ts).
   */
  sqliteCheckpointsElsewhere?: boolean;
  /** SQLite: this connection's page cache, KiB (default SQLITE_PAGE_CACHE_KIB). */
  sqliteCacheKib?: number;
}

export function openDatabase(config: DatabaseConfig, options: OpenOptions = {}): DatabaseHandle {
  const guard = options.guardTenants ?? false;
  if (config.dialect === 'sqlite') {
    return openSqlite(config.path, guard, {
      checkpointsElsewhere: options.sqliteCheckpointsElsewhere,
      cacheKib: options.sqliteCacheKib,
    });
  }
  return openPostgres(config, {
    max: options.poolSize ?? config.poolSize ?? 10,
    guardTenants: guard,
    statementTimeoutMs: options.statementTimeoutMs ?? PG_STATEMENT_TIMEOUT_MS,
    connectTimeoutMs: options.connectTimeoutMs ?? PG_CONNECT_TIMEOUT_MS,
  });
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
function hardenPool(pool: pg.Pool, namer: StatementNamer | null, beginStatements: readonly string[]): void {
  pool.on('error', () => undefined); // idle clients: the pool removes them itself
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    // A transaction's BEGIN leaves with its first statement, its last write with COMMIT (pg-held-statements.ts).
    const query = holdStatements(beginStatements, client.query.bind(client) as (...args: unknown[]) => unknown);
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
      if (namer === null || !(result instanceof Promise)) return result;
      // A pooler that does not carry prepared statements (pg-prepared-statements.ts): run it again unnamed
      // outside a transaction. An unnamed call fails so only when it carried a held named write.
      return result.catch((err: unknown) => {
        if (!namer.notCarried(err)) throw err;
        if (named !== args && client.getTransactionStatus() === 'I') return run(args);
        throw rerunTransaction(
          'the connection does not keep prepared statements; the transaction runs again without them',
        );
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
  const pool = new (pgDriver().Pool)({
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
  // The server-side limit of every transaction: SET LOCAL lasts until COMMIT/ROLLBACK, so it holds under
  // PgBouncer's transaction pooling too. Sent with BEGIN, and both with the transaction's first
  // statement (pg-held-statements.ts), so neither costs a round trip. An integer we own.
  const beginStatements = ['BEGIN', setLocalStatementTimeout(statementTimeoutMs)];
  hardenPool(pool, namer, beginStatements);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const begin = sql.raw(beginText(beginStatements));
  const transaction = <T>(fn: (trx: Tx) => Promise<T>) => withRetry(() => connectionTransaction(db, begin, fn));
  return {
    db,
    dialect: 'postgres',
    transaction,
    ...handles('postgres', db, transaction, NOTIFIERS.postgres(directUrlOf(config), config.url), guardTenants),
    writesElsewhere: () => null,
    readVersion: () => null,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, max, waiting: pool.waitingCount }),
    startBackgroundUpkeep: () => undefined,
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
