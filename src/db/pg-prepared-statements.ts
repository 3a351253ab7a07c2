import { createHash } from 'node:crypto';

// Named prepared statements on pooled PostgreSQL connections (DATABASE_PREPARED_STATEMENTS, on by
// default). Planning is most of PostgreSQL's work for the service's short statements (0.36 ms planning
// vs 0.08 ms execution for the ticket read): a named statement is parsed and planned once per
// connection and reused.
//
// Names are content-addressed (a hash of the statement's text), never a per-process counter. Behind a
// transaction-mode pooler that does not track prepared statements (PgBouncer before 1.21), the server
// connection that receives a statement may have been prepared by another client. With counter names,
// "hd3" there could be another process's different statement, run with our parameters. With names that
// stand for their text, the server either has the very same statement (correct) or answers with an
// error: 26000 (no such statement on this server connection) or 42P05 (already prepared there). On the
// first such error naming is switched off for the process and the statement runs again unnamed: at
// once outside a transaction, and by rerunning the whole transaction inside one (a failed statement
// has aborted it).

/** Distinct texts named at most (lists of varying length make new texts); later ones run unnamed. */
const MAX_PREPARED = 500;

/** The errors a pooler that does not carry prepared statements produces. */
const NOT_CARRIED = new Set(['26000', '42P05']);

export interface StatementNamer {
  /** node-postgres query arguments with a name added (parameterized statements only, while naming is on). */
  name(args: unknown[]): unknown[];
  /**
   * Called with a failed named statement's error: whether the error says the connection does not
   * carry prepared statements (naming is then off for good).
   */
  notCarried(err: unknown): boolean;
}

export function statementNamer(onDisable: (err: unknown) => void = () => undefined): StatementNamer {
  const names = new Map<string, string>();
  let enabled = true;
  return {
    name(args) {
      const [text, values] = args;
      if (!enabled || typeof text !== 'string' || !Array.isArray(values) || values.length === 0) return args;
      let name = names.get(text);
      if (name === undefined) {
        if (names.size >= MAX_PREPARED) return args;
        // 120 bits of SHA-1 in base64url: 20 characters, well below PostgreSQL's 63-byte names.
        name = `hd_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
        names.set(text, name);
      }
      return [{ name, text, values }, ...args.slice(2)];
    },
    notCarried(err) {
      if (!NOT_CARRIED.has((err as { code?: string } | null)?.code ?? '')) return false;
      if (enabled) {
        enabled = false;
        onDisable(err);
      }
      return true;
    },
  };
}
