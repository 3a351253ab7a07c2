import { PostgresQueryCompiler, sql, SqliteQueryCompiler, type QueryCompiler, type RawBuilder } from 'kysely';
import { lastWriteText } from './pg-held-statements.js';

// Every difference between the two engines that stores and services rely on, as data: the rest of
// the code asks a handle (db/sql-handle.ts) for a feature or picks from a Record<Dialect, …> through
// it, and never tests which engine it runs on.

export type Dialect = 'sqlite' | 'postgres';

export interface DialectFeatures {
  /**
   * SELECT … FOR UPDATE / FOR KEY SHARE and SKIP LOCKED exist. SQLite has none of them and needs none:
   * its transactions take the database's single write lock at BEGIN IMMEDIATE.
   */
  rowLocks: boolean;
  /**
   * Statement serializing the transactions that take the same key until they end (check-then-insert
   * rules no unique index can express); null where transactions are serialized anyway.
   */
  advisoryLock: ((key: string) => RawBuilder<unknown>) | null;
  /** The same for several keys in one statement, taken in the order given; null where transactions are serialized anyway. */
  advisoryLocks: ((keys: readonly string[]) => RawBuilder<unknown>) | null;
  /** Compiles queries as this engine's driver does (the tenant guard reads the compiled SQL). */
  compiler: () => QueryCompiler;
  /**
   * Statement bounding the time of the transaction's later statements; null where the engine has
   * none (SQLite: bounded reads run in a reader thread that is given up on instead).
   */
  statementTimeout: ((ms: number) => RawBuilder<unknown>) | null;
  /**
   * Inserts and updates can be data-modifying CTEs of one statement, so several writes take one round
   * trip (PostgreSQL). SQLite has no such CTEs; its statements cost no round trip anyway.
   */
  writableCtes: boolean;
  /**
   * Marks a transaction's last write to leave with its COMMIT (pg-held-statements.ts): one round trip
   * less. Null where statements cost no round trip (SQLite runs them in process).
   */
  lastWrite: ((text: string) => string) | null;
  /**
   * Writers on different connections take turns on one write lock for the whole database (SQLite), so a
   * second writing connection or thread adds waiting rather than work done beside the first.
   */
  oneWriter: boolean;
}

/** PostgreSQL's limit for the rest of the transaction (`ms` an integer we own; 0: none). */
export const setLocalStatementTimeout = (ms: number): string => `SET LOCAL statement_timeout = ${Math.trunc(ms)}`;

export const DIALECTS: Record<Dialect, DialectFeatures> = {
  sqlite: {
    rowLocks: false,
    advisoryLock: null,
    advisoryLocks: null,
    compiler: () => new SqliteQueryCompiler(),
    statementTimeout: null,
    writableCtes: false,
    lastWrite: null,
    oneWriter: true,
  },
  postgres: {
    rowLocks: true,
    // Transaction-scoped: released at COMMIT/ROLLBACK, so nothing stays held on a pooled connection.
    advisoryLock: (key) => sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`,
    // unnest returns the array's elements in order, so the locks are taken in the order given.
    advisoryLocks: (keys) =>
      sql`SELECT pg_advisory_xact_lock(hashtextextended(k, 0)) FROM unnest(cast(${keys} as text[])) AS u(k)`,
    compiler: () => new PostgresQueryCompiler(),
    // SET LOCAL: ends with the transaction (safe behind a transaction-mode pooler). An integer we own.
    statementTimeout: (ms) => sql.raw(setLocalStatementTimeout(ms)),
    writableCtes: true,
    lastWrite: lastWriteText,
    oneWriter: false,
  },
};
