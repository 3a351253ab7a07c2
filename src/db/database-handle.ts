import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { DIALECTS, type Dialect } from './dialects.js';
import type { Notifier } from './notifications.js';
import type { Database } from './schema.js';
import { Sql, type Engine, type TenantDb } from './sql-handle.js';
import type { SqliteReader } from './sqlite-reader.js';

// What every opened database offers (database.ts opens PostgreSQL, sqlite-connection.ts SQLite), and
// the parts both build the same way.

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;

export interface DatabaseHandle {
  /** The root Kysely handle (migrations, tests); stores get a Sql or TenantDb handle instead. */
  db: Db;
  dialect: Dialect;
  /**
   * Writers on different connections take turns on one write lock for the whole database (SQLite): a
   * second writing thread adds waiting rather than work beside the first (the SMTP listener stays on
   * the server's thread then). False on PostgreSQL.
   */
  oneWriter: boolean;
  /** Runs fn in one transaction (Kysely's SQLite driver already runs one connection at a time). */
  transaction<T>(fn: (trx: Tx) => Promise<T>): Promise<T>;
  /** The root connection for work that spans organizations (authentication, the delivery queue). */
  system: Sql;
  /** The root connection scoped to one organization; `.transaction(fn)` opens a scoped transaction. */
  forOrganization(organizationId: string): TenantDb;
  /** Listens for commits that called notify(channel), and for publish(channel, …); returns the stop function. */
  listen(channel: string, onNotify: (payload: string) => void, onError: (err: unknown) => void): () => Promise<void>;
  /**
   * Sends a short message (not stored anywhere) to the channel's listeners in every process that the
   * engine reaches (PostgreSQL: NOTIFY; SQLite: this process's threads). Never rejects.
   */
  publish(channel: string, payload: string): Promise<void>;
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
  /**
   * SQLite: from now on, after this connection's writes, merges the search indexes in short steps and
   * checkpoints the write-ahead log, both in a reader thread (sqlite-fts-merge.ts,
   * sqlite-wal-checkpoints.ts). The server calls it once it is up: a thread made during the start lets
   * the start grow the young generation (cli/heap-flags.ts). Nothing to do on PostgreSQL.
   */
  startBackgroundUpkeep(): void;
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

/** Builds the handle-facing parts (engine, system handle, scoping, listening) of an opened database. */
export function handles(
  dialect: Dialect,
  db: Db,
  transaction: <T>(fn: (trx: Tx) => Promise<T>) => Promise<T>,
  notifier: Notifier,
  guardTenants: boolean,
  reader: SqliteReader | null = null,
): Pick<DatabaseHandle, 'system' | 'forOrganization' | 'listen' | 'publish' | 'oneWriter'> {
  const engine: Engine = {
    dialect,
    features: DIALECTS[dialect],
    transaction: (fn) => transaction((trx) => fn(trx)),
    notify: (channel) => notifier.notify(channel),
    guardTenants,
    reader,
  };
  const system = new Sql(db, engine);
  return {
    system,
    oneWriter: engine.features.oneWriter,
    forOrganization: (organizationId) => system.forOrganization(organizationId),
    listen: (channel, onNotify, onError) => notifier.listen(channel, onNotify, onError),
    publish: (channel, payload) => notifier.notify(channel, payload),
  };
}

/** Runs fn on one connection between `begin` (the statement(s) opening the transaction) and COMMIT. */
export function connectionTransaction<T>(db: Db, begin: RawBuilder<unknown>, fn: (trx: Tx) => Promise<T>): Promise<T> {
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
