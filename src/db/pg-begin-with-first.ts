import pg from 'pg';

// PostgreSQL: a transaction's BEGIN travels with its first statement, in one write and one round
// trip. Every statement costs the API one socket write and the server one wake-up, the dearest part of
// a short statement on the machines we measure on (issue 9: 70-120 µs of the API's CPU per write), and
// a BEGIN answered before anything else is sent is one more per transaction.
//
// The BEGIN (and the transaction's SET LOCAL) is held back on the connection until its first statement
// and then sent in front of it as extended-protocol messages with no Sync between them: PostgreSQL
// skips everything up to the Sync after an error, so the statement never runs unless BEGIN succeeded
// (a separate BEGIN that failed would have let it run outside the transaction). The answers of BEGIN
// and SET are consumed here; the caller sees the statement's result alone. A statement that cannot go
// this way (a simple-protocol text without parameters) gets its BEGIN sent on its own first, as before;
// a transaction ending with no statement at all sends nothing.

/**
 * The text a transaction's begin is run as (one simple-protocol query of the statements), which
 * holdBegin recognizes and holds: `statements` are what a transaction starts with, each on its own
 * (BEGIN, SET LOCAL …).
 */
export const beginText = (statements: readonly string[]): string => statements.join('; ');

type QueryConfig = { text: string; name?: string; values?: unknown[] };
type Callback = (err: Error | null, result?: unknown) => void;
interface Connection {
  parse(msg: { text: string; name?: string }): void;
  bind(msg: { values?: unknown[] }): void;
  execute(msg: { portal?: string; rows?: number }): void;
  stream: { cork?(): void; uncork?(): void };
  submittedNamedStatements: Record<string, string | undefined>;
}
interface QueryInternals {
  callback?: Callback;
  submit(connection: Connection): Error | null;
  handleCommandComplete(msg: unknown, connection: Connection): void;
  handleError(err: Error, connection: Connection): void;
}

/**
 * A node-postgres query preceded by the held statements. node-postgres records a named statement as
 * prepared at each ParseComplete of its active query: while the prefix's answers arrive the query has
 * no name, so only the statement's own ParseComplete records it.
 */
class QueryAfterBegin extends (pg.Query as unknown as new (config: QueryConfig) => QueryInternals) {
  // Set by node-postgres's constructor through the setter below, before this class's fields exist.
  declare private storedName: string | undefined;
  private prefix: readonly string[] = [];
  private prefixLeft = 0;
  private answering = false;

  constructor(prefix: readonly string[], config: QueryConfig) {
    super(config);
    this.prefix = prefix;
    this.prefixLeft = prefix.length;
  }

  // On the prototype, not defined per object: one shape for every query, which V8 keeps fast.
  get name(): string | undefined {
    return this.answering && this.prefixLeft > 0 ? undefined : this.storedName;
  }

  set name(value: string | undefined) {
    this.storedName = value;
  }

  override submit(connection: Connection): Error | null {
    // Corked: the prefix and the query's own messages (which node-postgres corks too) leave in one write.
    connection.stream.cork?.();
    try {
      for (const text of this.prefix) {
        connection.parse({ text });
        connection.bind({ values: [] });
        connection.execute({});
      }
      // The query's own messages go out under its name; the answers, read later, start with the prefix's.
      const error = super.submit(connection);
      this.answering = true;
      return error;
    } finally {
      connection.stream.uncork?.();
    }
  }

  override handleCommandComplete(msg: unknown, connection: Connection): void {
    if (this.prefixLeft > 0) this.prefixLeft--;
    else super.handleCommandComplete(msg, connection);
  }

  override handleError(err: Error, connection: Connection): void {
    // Failed within the prefix: the statement was skipped, its Parse too (node-postgres, seeing no name,
    // did not forget it was submitted).
    if (this.prefixLeft > 0 && this.storedName) delete connection.submittedNamedStatements[this.storedName];
    super.handleError(err, connection);
  }
}

const EMPTY = { command: null, rowCount: null, rows: [], fields: [] };

/**
 * Wraps a pooled client's query function (node-postgres's arguments: text and values, or a config
 * object): a run of beginText(statements) is held, and the statements are sent with the next statement
 * that takes parameters.
 */
export function holdBegin(statements: readonly string[], query: (...args: unknown[]) => unknown): (...args: unknown[]) => unknown {
  const text = beginText(statements);
  let pending = false;
  return (...args: unknown[]) => {
    const [first, values] = args;
    if (first === text && !pending) {
      pending = true;
      return Promise.resolve(EMPTY);
    }
    if (!pending) return query(...args);
    pending = false;
    const config: QueryConfig | null =
      typeof first === 'string'
        ? Array.isArray(values) && values.length > 0
          ? { text: first, values }
          : null
        : (first as QueryConfig);
    if (config === null || args.length > 2 || typeof config.text !== 'string') {
      // Nothing was sent: a transaction that ends here never began.
      if (typeof first === 'string' && /^\s*(COMMIT|ROLLBACK)\s*;?\s*$/i.test(first)) return Promise.resolve(EMPTY);
      return Promise.resolve(query(text)).then(() => query(...args));
    }
    return new Promise((resolve, reject) => {
      const q = new QueryAfterBegin(statements, config);
      q.callback = (err, result) => (err ? reject(err) : resolve(result));
      query(q);
    });
  };
}
