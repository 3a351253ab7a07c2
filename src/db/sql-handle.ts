import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'kysely';
import type {
  CompiledQuery,
  DeleteQueryBuilder,
  DeleteResult,
  Insertable,
  InsertQueryBuilder,
  InsertResult,
  Kysely,
  SelectQueryBuilder,
  UpdateQueryBuilder,
  UpdateResult,
} from 'kysely';
import type { Dialect, DialectFeatures } from './dialects.js';
import type { Database } from './schema.js';
import { inSavepoint, runShared, sharedTransactionOf, type SharedTransaction } from './shared-transaction.js';
import type { SqliteReader } from './sqlite-reader.js';
import { statementsTemplate, type StatementsTemplate, type TemplateValues } from './statement-template.js';
import { isPostgresStatementTimeout, StatementTimeoutError } from './statement-timeout.js';
import { tenantGuard, type TenantTable } from './tenant-guard.js';

// The handles stores receive. A store never learns which engine it runs on: it asks its handle for a
// feature (`rowLocks` for Kysely's $if, `lockKey`, `notify`) or picks per-dialect SQL kept as data
// (`pick({ sqlite: …, postgres: … })`). Tenant data is reached through a TenantDb, whose query
// starters add `organization_id = <its organization>` themselves.

/** An insert or update not yet run, for Sql.writeInOrder. */
export type SharedWrite =
  | InsertQueryBuilder<Database, any, InsertResult>
  | UpdateQueryBuilder<Database, any, any, UpdateResult>;

/** What one opened database provides to its handles (built by db/database.ts). */
export interface Engine {
  readonly dialect: Dialect;
  readonly features: DialectFeatures;
  /** Runs fn in one transaction of this engine (retries and BEGIN IMMEDIATE live there). */
  transaction<T>(fn: (trx: Kysely<Database>) => Promise<T>): Promise<T>;
  /**
   * Wakes this channel's listeners now: called outside any transaction,
   * after the commit whose work it announces (Sql.notify). Never rejects (a wake-up is a hint).
   */
  notify(channel: string): Promise<void>;
  /** Verify every query of organization-scoped handles (tests): see tenant-guard.ts. */
  readonly guardTenants: boolean;
  /** Reader threads of a SQLite database file (bounded reads run there, off the event loop); null otherwise. */
  readonly reader?: SqliteReader | null;
}

/**
 * Work that must commit with whatever a piece of code writes in transactions, without that code
 * knowing: an idempotent request's stored answer is written by beforeCommit in the
 * same transaction as the request's effects. Set for a span of asynchronous work by
 * withTransactionObserver; called, inside every outermost transaction begun through a Sql or TenantDb
 * handle in that span, after its work and before COMMIT (throwing rolls the transaction back).
 */
export interface TransactionObserver {
  beforeCommit(transaction: Sql, result: unknown): Promise<void>;
}

const observers = new AsyncLocalStorage<TransactionObserver>();

/** Runs fn with observer watching the transactions it begins (and their asynchronous continuations). */
export function withTransactionObserver<T>(observer: TransactionObserver, fn: () => T): T {
  return observers.run(observer, fn);
}

async function observed<T>(handle: Sql, work: Promise<T>): Promise<T> {
  const result = await work;
  await observers.getStore()?.beforeCommit(handle, result);
  return result;
}

/**
 * One attempt of an outermost transaction, shared by every handle that runs in it: the work its
 * handles asked to run once it has committed (keyed, so a transaction that asks twice runs it once).
 * A rolled-back attempt's scope is dropped with it; a rerun (database.ts withRetry) starts a new one.
 */
class TransactionScope {
  readonly afterCommit = new Map<string, () => Promise<void>>();
}

/**
 * Runs an outermost transaction with a fresh scope per attempt, then the committed attempt's
 * after-commit work. That work is awaited (a revocation's response follows its wake-up, as it followed
 * the commit that used to carry it) but cannot fail the transaction: it has committed.
 */
async function runTransaction<T>(
  engine: Engine,
  fn: (trx: Kysely<Database>, scope: TransactionScope) => Promise<T>,
): Promise<T> {
  let committed: TransactionScope | null = null;
  const result = await engine.transaction((trx) => {
    const scope = (committed = new TransactionScope());
    return fn(trx, scope);
  });
  const after = committed as TransactionScope | null;
  if (after && after.afterCommit.size > 0)
    await Promise.all([...after.afterCommit.values()].map((work) => work().catch(() => undefined)));
  return result;
}

/** A database handle, or an open transaction, without an organization: for cross-tenant work. */
export class Sql {
  constructor(
    /** The Kysely executor: the root handle, or the transaction this handle runs in. */
    protected readonly ownDb: Kysely<Database>,
    protected readonly engine: Engine,
    /** The transaction this handle runs in; null on a root handle. */
    protected readonly scope: TransactionScope | null = null,
  ) {}

  /** The Kysely executor: the transaction this handle runs in, a shared one it joins, or the root handle. */
  get db(): Kysely<Database> {
    const shared = this.joined();
    return shared ? this.bound(shared.trx) : this.ownDb;
  }

  /** A root handle's shared transaction in this span (shareTransaction), if any. */
  protected joined(): SharedTransaction | null {
    return this.scope === null ? sharedTransactionOf(this.engine) : null;
  }

  /** The executor of a shared transaction as this handle uses it (TenantDb adds its guard). */
  protected bound(trx: Kysely<Database>): Kysely<Database> {
    return trx;
  }

  protected get inTransaction(): boolean {
    return this.scope !== null || this.joined() !== null;
  }

  /** The entry of a per-dialect table of choices for the engine this handle runs on. */
  pick<T>(choices: Record<Dialect, T>): T {
    return choices[this.engine.dialect];
  }

  /**
   * The template `templates` holds for this handle's engine (each engine compiles its own SQL), made
   * by `make` on first use; see statement-template.ts. Keyed weakly: it lives as long as the engine.
   */
  template<T>(templates: WeakMap<object, T>, make: () => T): T {
    let template = templates.get(this.engine);
    if (!template) {
      template = make();
      templates.set(this.engine, template);
    }
    return template;
  }

  /**
   * Runs the writes (null: none) one after the other, in the order given: the order in which they take
   * their rows' locks, which shared rows need (every writer takes them in one order, so none deadlocks).
   * Where the engine has data-modifying CTEs, as one statement: one round trip instead of one per write
   * (each round trip cost the API ~70 µs in a socket write alone under load). PostgreSQL runs such CTEs
   * in an order of its own (the main query first, then the others backwards), so each returns its rows'
   * count and the statement adds the counts up left to right: each is run, and its locks taken, when its
   * count is read (test/shared-writes-order.test.ts). The writes must touch different rows: one
   * statement's writes all see the rows as they were before it, so a second change to a row would be lost.
   */
  async writeInOrder(writes: ReadonlyArray<SharedWrite | null>): Promise<void> {
    for (const statement of this.writeStatements(writes, false)) await this.db.executeQuery(statement);
  }

  /**
   * writeInOrder, answering how many rows the writes inserted or updated in all: on PostgreSQL one
   * statement (one round trip) whatever their number, as writeInOrder.
   */
  async writeCounted(writes: ReadonlyArray<SharedWrite | null>): Promise<number> {
    let written = 0;
    for (const statement of this.writeStatements(writes, false)) {
      const result = await this.db.executeQuery<{ written?: number | string }>(statement);
      // The statement of several writes answers their sum; a single one its own count.
      written += Number(result.rows[0]?.written ?? result.numAffectedRows ?? 0);
    }
    return written;
  }

  /**
   * writeInOrder for the last write of a transaction, whose outcome the caller does not wait for: where
   * statements cost a round trip it leaves with the transaction's COMMIT (db/pg-held-statements.ts), and
   * an error of it fails the COMMIT (or the next statement) instead of this call, so the transaction
   * fails as it would have, a statement later. Only for writes that nothing after them in the
   * transaction reads, and whose errors need no handling of their own.
   */
  async writeLast(writes: ReadonlyArray<SharedWrite | null>): Promise<void> {
    // Outside a transaction no COMMIT would carry it.
    for (const statement of this.writeStatements(writes, this.inTransaction)) await this.db.executeQuery(statement);
  }

  /**
   * writeLast for writes built once per engine from `sentinels` and bound to each call's `values`
   * (statement-template.ts): for a hot transaction whose last writes have one shape, so that Kysely
   * builds and compiles them once, not at every call. Inside a transaction only.
   */
  async writeLastBound<V extends TemplateValues>(
    templates: WeakMap<object, StatementsTemplate<V>>,
    make: () => ReadonlyArray<SharedWrite | null>,
    sentinels: V,
    values: V,
  ): Promise<void> {
    if (!this.inTransaction) throw new Error('writeLastBound runs inside a transaction');
    const template = this.template(templates, () => statementsTemplate(this.writeStatements(make(), true), sentinels));
    for (const statement of template.bind(values)) await this.db.executeQuery(statement);
  }

  /** The statements of writeInOrder (last: of writeLast in a transaction), compiled. */
  private writeStatements(writes: ReadonlyArray<SharedWrite | null>, last: boolean): CompiledQuery[] {
    const list = writes.filter((w): w is SharedWrite => w !== null);
    const mark = last ? this.engine.features.lastWrite : null;
    if (list.length === 0) return [];
    if (mark !== null) {
      const compiled = (list.length === 1 ? list[0] : this.inOrder(list)).compile();
      return [{ ...compiled, sql: mark(compiled.sql) }];
    }
    if (list.length === 1 || !this.engine.features.writableCtes) return list.map((w) => w.compile());
    return [this.inOrder(list).compile()];
  }

  /** The writes as one statement of data-modifying CTEs (see writeInOrder). */
  private inOrder(list: readonly SharedWrite[]) {
    const names = list.map((_, i) => `w${i}`);
    // Kysely types each `with` by its name; a loop of them needs the untyped chain.
    let statement = this.db as unknown as {
      with(name: string, q: () => unknown): typeof statement;
      selectNoFrom: Kysely<Database>['selectNoFrom'];
    };
    list.forEach((w, i) => {
      statement = statement.with(names[i], () =>
        (w as InsertQueryBuilder<Database, never, InsertResult>).returning(sql<number>`1`.as('one')),
      );
    });
    const counts = sql.join(
      names.map((name) => sql`(select count(*) from ${sql.table(name)})`),
      sql` + `,
    );
    return statement.selectNoFrom(sql<number>`${counts}`.as('written'));
  }

  /** True where row locks (FOR UPDATE, FOR KEY SHARE, SKIP LOCKED) exist: use with Kysely's `$if`. */
  get rowLocks(): boolean {
    return this.engine.features.rowLocks;
  }

  /** Serializes the transactions that take this key until they end (no-op where writers are serial). */
  async lockKey(key: string): Promise<void> {
    const statement = this.engine.features.advisoryLock?.(key);
    if (statement) await statement.execute(this.db);
  }

  /** lockKey for every key, in one statement, in sorted order (so two callers cannot deadlock on them). */
  async lockKeys(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    const statement = this.engine.features.advisoryLocks?.([...new Set(keys)].sort());
    if (statement) await statement.execute(this.db);
  }

  /**
   * Runs work once this handle's transaction has committed (never after a rollback), once per key
   * however often it is asked, concurrently with the transaction's other such work; outside a
   * transaction, at once.
   */
  async afterCommit(key: string, work: () => Promise<void>): Promise<void> {
    const scope = this.scope ?? this.joined()?.scope;
    if (!scope) await work();
    else if (!scope.afterCommit.has(key)) scope.afterCommit.set(key, work);
  }

  /**
   * Wakes the channel's listeners (other processes too, where the engine can) after commit, outside
   * the transaction. On PostgreSQL a NOTIFY inside the transaction made its COMMIT take the
   * database-wide notify-queue lock, so every notifying create committed one at a time (WAL flush
   * included); the engine's notifier also coalesces a process's wake-ups (notifications.ts).
   */
  notify(channel: string): Promise<void> {
    return this.afterCommit(`notify:${channel}`, () => this.engine.notify(channel));
  }

  /**
   * Runs a read that may take long, bounded to timeoutMs (else StatementTimeoutError): on a SQLite
   * file in a reader thread with its own connection, so the event loop stays free (same rows as on
   * this handle); on PostgreSQL in a transaction with that statement_timeout. Compiled through this
   * handle, so its plugins (the tenant guard) see it. Inside a transaction it runs there, unbounded.
   */
  async boundedRead<R>(query: { compile(): CompiledQuery<R> }, timeoutMs: number): Promise<R[]> {
    const compiled = query.compile();
    if (this.inTransaction) return (await this.db.executeQuery(compiled)).rows;
    const reader = this.engine.reader;
    if (reader) return (await reader.all(compiled.sql, compiled.parameters, timeoutMs)) as R[];
    const timeout = this.engine.features.statementTimeout;
    if (!timeout) return (await this.db.executeQuery(compiled)).rows;
    try {
      return await this.engine.transaction(async (trx) => {
        await timeout(timeoutMs).execute(trx);
        return (await trx.executeQuery(compiled)).rows;
      });
    } catch (err) {
      throw isPostgresStatementTimeout(err) ? new StatementTimeoutError(timeoutMs) : err;
    }
  }

  /** Runs fn in a transaction; inside one already, fn joins it (in a shared one: a savepoint of it). */
  transaction<T>(fn: (s: Sql) => Promise<T>): Promise<T> {
    if (this.scope) return fn(this);
    const begin = (trx: Kysely<Database>, scope: TransactionScope) => {
      const handle = new Sql(trx, this.engine, scope);
      return observed(handle, fn(handle));
    };
    const shared = this.joined();
    return shared ? inSavepoint(shared, () => new TransactionScope(), begin) : runTransaction(this.engine, begin);
  }

  /**
   * Runs fn with every transaction this engine's handles begin in its span joining one transaction,
   * each as a savepoint, and their single statements running in it too (db/shared-transaction.ts):
   * for a worker applying several queued items, whose work then commits once. fn runs its pieces one
   * at a time, and must not wait for statements begun outside its span. Inside a transaction, fn
   * simply runs in it.
   */
  shareTransaction<T>(fn: () => Promise<T>): Promise<T> {
    if (this.inTransaction) return fn();
    return runTransaction(this.engine, (trx, scope) =>
      runShared({ engine: this.engine, trx, scope, depth: 0, span: { open: true } }, fn),
    );
  }

  /** The same connection or transaction, scoped to one organization. */
  forOrganization(organizationId: string): TenantDb {
    return new TenantDb(this.ownDb, this.engine, this.scope, organizationId);
  }
}

/**
 * A handle scoped to one organization. selectFrom/updateTable/deleteFrom filter tenant tables by
 * organization_id and insertInto sets it, so a store cannot forget it. Joins and raw SQL written
 * through `db` must carry the condition themselves; under test the guard checks that they do.
 */
export class TenantDb extends Sql {
  constructor(
    db: Kysely<Database>,
    engine: Engine,
    scope: TransactionScope | null,
    readonly organizationId: string,
  ) {
    super(
      engine.guardTenants ? db.withPlugin(tenantGuard(organizationId, engine.features.compiler())) : db,
      engine,
      scope,
    );
  }

  protected override bound(trx: Kysely<Database>): Kysely<Database> {
    return this.engine.guardTenants
      ? trx.withPlugin(tenantGuard(this.organizationId, this.engine.features.compiler()))
      : trx;
  }

  // biome-ignore lint/complexity/noBannedTypes: Kysely's type for a selection with no columns yet.
  selectFrom<T extends TenantTable>(table: T): SelectQueryBuilder<Database, T, {}> {
    return (this.db.selectFrom(table) as any).where(`${table}.organization_id`, '=', this.organizationId);
  }

  updateTable<T extends TenantTable>(table: T): UpdateQueryBuilder<Database, T, T, UpdateResult> {
    return (this.db.updateTable(table) as any).where(`${table}.organization_id`, '=', this.organizationId);
  }

  deleteFrom<T extends TenantTable>(table: T): DeleteQueryBuilder<Database, T, DeleteResult> {
    return (this.db.deleteFrom(table) as any).where(`${table}.organization_id`, '=', this.organizationId);
  }

  /** INSERT of rows given without organization_id: the handle's organization is filled in. */
  insertInto<T extends TenantTable>(
    table: T,
    rows: Omit<Insertable<Database[T]>, 'organization_id'> | Omit<Insertable<Database[T]>, 'organization_id'>[],
  ): InsertQueryBuilder<Database, T, InsertResult> {
    const list = (Array.isArray(rows) ? rows : [rows]).map((row) => ({ ...row, organization_id: this.organizationId }));
    return (this.db.insertInto(table) as any).values(list);
  }

  /**
   * insertInto for a batch of rows of plain values (strings, numbers, booleans, null) with the same
   * keys. On PostgreSQL the rows go as one JSON parameter, typed by the table's own row type
   * (json_populate_recordset): one statement text whatever their number, so Kysely builds a few nodes
   * instead of one per value and the server parses and plans it once per process (json-rows.ts).
   * Rows whose keys differ, and SQLite, take insertInto. Not for json or jsonb columns (a string there
   * would be stored as a JSON string, not read as JSON): the service keeps JSON as text.
   */
  insertRows<T extends TenantTable>(
    table: T,
    rows: Omit<Insertable<Database[T]>, 'organization_id'>[],
  ): InsertQueryBuilder<Database, T, InsertResult> {
    const keys = rows.length > 1 && this.pick({ sqlite: false, postgres: true }) ? plainKeys(rows[0]) : null;
    if (!keys || !rows.every((r) => sameKeys(r, keys))) {
      return this.insertInto(table, rows);
    }
    const columns = keys.map((k) => sql.ref(`v.${k}`));
    return (this.db.insertInto(table) as any)
      .columns(['organization_id', ...keys])
      .expression(
        sql`select ${this.organizationId}, ${sql.join(columns)} from json_populate_recordset(cast(null as ${sql.table(table)}), ${JSON.stringify(rows)}) as v`,
      );
  }

  override transaction<T>(fn: (t: TenantDb) => Promise<T>): Promise<T> {
    if (this.scope) return fn(this);
    const begin = (trx: Kysely<Database>, scope: TransactionScope) => {
      const handle = new TenantDb(trx, this.engine, scope, this.organizationId);
      return observed(handle, fn(handle));
    };
    const shared = this.joined();
    return shared ? inSavepoint(shared, () => new TransactionScope(), begin) : runTransaction(this.engine, begin);
  }
}

/**
 * A row's keys with a value (an undefined one is left to the column's default), organization_id aside;
 * null when a value is not plain (a Buffer or an object has no JSON form the row type reads back).
 */
function plainKeys(row: object): string[] | null {
  const keys: string[] = [];
  for (const [k, v] of Object.entries(row)) {
    if (v === undefined || k === 'organization_id') continue;
    if (v !== null && typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') return null;
    keys.push(k);
  }
  return keys;
}

const sameKeys = (row: object, keys: readonly string[]): boolean => {
  const own = plainKeys(row);
  return own !== null && own.length === keys.length && own.every((k, i) => k === keys[i]);
};
