// A read given a time bound (Sql.boundedRead) that did not finish within it: PostgreSQL cancelled it
// (statement_timeout, SQLSTATE 57014) or a SQLite reader thread gave up on it.

export class StatementTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`statement cancelled after ${timeoutMs} ms`);
  }
}

/** PostgreSQL's "canceling statement due to statement timeout". */
export const isPostgresStatementTimeout = (err: unknown): boolean =>
  (err as { code?: string } | undefined)?.code === '57014';
