import { AsyncLocalStorage } from 'node:async_hooks';
import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.js';

// One transaction for a run of work that would otherwise commit many small ones (Sql.shareTransaction):
// a queue's worker applying several items in a row. Within its span every handle of the engine that is
// not already in a transaction runs in the shared one, and each transaction such a handle begins is a
// savepoint of it: the work commits together (one commit instead of one per item), and a piece that
// fails rolls back to its savepoint only, leaving the others' work to commit. Work after the commit
// (wake-ups, Sql.afterCommit) runs once the shared transaction has committed, and only for the pieces
// that were kept.
//
// The span must run one piece of work at a time: the transaction is one connection. And it must not wait
// for a statement begun outside it (a read another caller started): on SQLite that statement waits for
// the connection the shared transaction holds.

/** What a transaction asks to run after its commit, keyed (see sql-handle.ts TransactionScope). */
export interface CommitScope {
  readonly afterCommit: Map<string, () => Promise<void>>;
}

export interface SharedTransaction {
  /** The engine whose handles join it (handles of another database opened in the span do not). */
  readonly engine: object;
  readonly trx: Kysely<Database>;
  /** The innermost savepoint's scope (or the transaction's): what handles joining it add work to. */
  readonly scope: CommitScope;
  /** Savepoints open around this point: names are by depth, so they repeat (no statement cache grows). */
  readonly depth: number;
  /**
   * Cleared when the shared work ends: something its span scheduled for later (a timer, a batched read)
   * then runs on the root handle, never on a connection the transaction no longer holds.
   */
  readonly span: { open: boolean };
}

const shared = new AsyncLocalStorage<SharedTransaction>();

/** The shared transaction of this engine that the current span runs in, if any. */
export function sharedTransactionOf(engine: object): SharedTransaction | null {
  const current = shared.getStore();
  return current && current.engine === engine && current.span.open ? current : null;
}

/** Runs fn with the handles of `transaction.engine` joining `transaction` until fn settles. */
export async function runShared<T>(transaction: SharedTransaction, fn: () => Promise<T>): Promise<T> {
  try {
    return await shared.run(transaction, fn);
  } finally {
    transaction.span.open = false;
  }
}

/**
 * Runs fn in a savepoint of the shared transaction: released when fn succeeds (its after-commit work
 * then joins the enclosing scope's), rolled back to when it fails (its work and after-commit work dropped).
 */
export async function inSavepoint<T, S extends CommitScope>(
  outer: SharedTransaction,
  newScope: () => S,
  fn: (trx: Kysely<Database>, scope: S) => Promise<T>,
): Promise<T> {
  const name = sql.raw(`helpdesk_sp${outer.depth + 1}`);
  const scope = newScope();
  await sql`SAVEPOINT ${name}`.execute(outer.trx);
  let result: T;
  try {
    result = await shared.run({ ...outer, scope, depth: outer.depth + 1 }, () => fn(outer.trx, scope));
    await sql`RELEASE SAVEPOINT ${name}`.execute(outer.trx);
  } catch (err) {
    await sql`ROLLBACK TO SAVEPOINT ${name}`.execute(outer.trx).catch(() => undefined);
    await sql`RELEASE SAVEPOINT ${name}`.execute(outer.trx).catch(() => undefined);
    throw err;
  }
  for (const [key, work] of scope.afterCommit)
    if (!outer.scope.afterCommit.has(key)) outer.scope.afterCommit.set(key, work);
  return result;
}
