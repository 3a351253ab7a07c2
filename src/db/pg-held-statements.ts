import { pgDriver } from './pg-driver.js';

// PostgreSQL: a transaction's edges travel with its statements. Every statement costs the API one socket
// write and the server one wake-up, the dearest part of a short statement (measured:
// 70-120 µs of the API's CPU per write), so neither BEGIN nor COMMIT gets a round trip of its
// own where a statement can carry it:
//
// - BEGIN (and the transaction's SET LOCAL) is held back on the connection until the first statement and
//   sent in front of it, as extended-protocol messages with no Sync between them: PostgreSQL skips
//   everything up to the Sync after an error, so the statement never runs unless BEGIN succeeded (a
//   separate BEGIN that failed would have let it run outside the transaction). A statement that cannot go
//   this way (a simple-protocol text without parameters) gets its BEGIN sent on its own first; a
//   transaction ending with no statement at all sends nothing.
// - A transaction's last write, when its caller marks it so (lastWriteText; Sql.writeLast), is held back
//   too: its caller goes on at once, and it leaves with the COMMIT behind it, again with no Sync between,
//   so COMMIT runs only if the write succeeded. Whatever comes instead of COMMIT is sent after it (a read,
//   an idempotent request's stored answer), and an error of the held write is that statement's error, or
//   COMMIT's: the transaction fails as it would have, a statement later. ROLLBACK drops it unsent.
//
// The answers of the statements sent along are consumed here; each caller sees its own statement's result.

/**
 * The text a transaction's begin is run as (one simple-protocol query of the statements), which
 * holdStatements recognizes and holds: `statements` are what a transaction starts with, each on its own
 * (BEGIN, SET LOCAL …).
 */
export const beginText = (statements: readonly string[]): string => statements.join('; ');

/** Starts the text of a write that may wait for the transaction's COMMIT (an SQL comment: harmless anywhere else). */
export const LAST_WRITE_MARK = '/* sent with commit */ ';

/** A write's text marked to leave with the COMMIT that follows it (see above). */
export const lastWriteText = (text: string): string => LAST_WRITE_MARK + text;

type QueryConfig = { text: string; name?: string; values?: unknown[] };
type Callback = (err: Error | null, result?: unknown) => void;
interface Connection {
  parse(msg: { text: string; name?: string }): void;
  bind(msg: { values?: unknown[] }): void;
  execute(msg: { portal?: string; rows?: number }): void;
  sync(): void;
  stream: { cork?(): void; uncork?(): void };
  submittedNamedStatements: Record<string, string | undefined>;
}
interface QueryInternals {
  callback?: Callback;
  portal?: string;
  submit(connection: Connection): Error | null;
  _getRows(connection: Connection, rows?: number): void;
  handleCommandComplete(msg: unknown, connection: Connection): void;
  handleError(err: Error, connection: Connection): void;
}

/** Sends texts without parameters as unnamed extended-protocol statements (no Sync). */
function sendAlong(connection: Connection, texts: readonly string[]): void {
  for (const text of texts) {
    connection.parse({ text });
    connection.bind({ values: [] });
    connection.execute({});
  }
}

type QueryWithAlongClass = new (
  prefix: readonly string[],
  config: QueryConfig,
  suffix: readonly string[],
) => QueryInternals;
let definedQueryWithAlong: QueryWithAlongClass | null = null;

/**
 * A node-postgres query with statements sent before it (`prefix`) and after it (`suffix`) in the same
 * write, before its Sync. node-postgres records a named statement as prepared at each ParseComplete of
 * its active query: while the prefix's answers arrive the query has no name, so only the statement's
 * own ParseComplete records it (the suffix's records the same name and text again).
 * Defined on first use: it extends node-postgres's Query, which is loaded only for PostgreSQL (pg-driver.ts).
 */
function queryWithAlongClass(): QueryWithAlongClass {
  return (definedQueryWithAlong ??= defineQueryWithAlong());
}

function defineQueryWithAlong(): QueryWithAlongClass {
  return class QueryWithAlong extends (pgDriver().Query as unknown as new (config: QueryConfig) => QueryInternals) {
    // Set by node-postgres's constructor through the setter below, before this class's fields exist.
    declare private storedName: string | undefined;
    private prefix: readonly string[] = [];
    private suffix: readonly string[] = [];
    private prefixLeft = 0;
    private ownDone = false;
    private answering = false;

    constructor(prefix: readonly string[], config: QueryConfig, suffix: readonly string[]) {
      super(config);
      this.prefix = prefix;
      this.suffix = suffix;
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
      // Corked: the prefix, the query's own messages (which node-postgres corks too) and the suffix leave in one write.
      connection.stream.cork?.();
      try {
        sendAlong(connection, this.prefix);
        // The query's own messages go out under its name; the answers, read later, start with the prefix's.
        const error = super.submit(connection);
        this.answering = true;
        return error;
      } finally {
        connection.stream.uncork?.();
      }
    }

    // node-postgres ends its messages here (Execute, then Sync): the suffix goes between the two.
    override _getRows(connection: Connection, rows?: number): void {
      if (rows || this.suffix.length === 0) {
        super._getRows(connection, rows);
        return;
      }
      connection.execute({ portal: this.portal, rows });
      sendAlong(connection, this.suffix);
      connection.sync();
    }

    override handleCommandComplete(msg: unknown, connection: Connection): void {
      if (this.prefixLeft > 0) this.prefixLeft--;
      else if (!this.ownDone) {
        this.ownDone = true;
        super.handleCommandComplete(msg, connection);
      }
    }

    override handleError(err: Error, connection: Connection): void {
      // Failed within the prefix: the statement was skipped, its Parse too (node-postgres, seeing no name,
      // did not forget it was submitted).
      if (this.prefixLeft > 0 && this.storedName) delete connection.submittedNamedStatements[this.storedName];
      super.handleError(err, connection);
    }
  };
}

const EMPTY = { command: null, rowCount: null, rows: [], fields: [] };
const ENDS = /^\s*(COMMIT|ROLLBACK)\s*;?\s*$/i;
const IS_COMMIT = /^\s*COMMIT\s*;?\s*$/i;

type Query = (...args: unknown[]) => unknown;

/** node-postgres's arguments as a config with parameters, or null (a text alone, a callback, a Query object). */
function parameterized(args: unknown[]): QueryConfig | null {
  const [first, values] = args;
  if (args.length > 2) return null;
  if (typeof first === 'string') return Array.isArray(values) && values.length > 0 ? { text: first, values } : null;
  const config = first as QueryConfig | null;
  if (
    config === null ||
    typeof config !== 'object' ||
    typeof config.text !== 'string' ||
    config instanceof pgDriver().Query
  )
    return null;
  // Without parameters or a name node-postgres would send it as a simple-protocol query, which cannot follow a prefix.
  return (Array.isArray(config.values) && config.values.length > 0) || config.name ? config : null;
}

/**
 * Wraps a pooled client's query function (node-postgres's arguments: text and values, or a config
 * object): a run of beginText(statements) is held and sent with the next statement that takes
 * parameters; a write marked by lastWriteText is held and sent with the COMMIT (or before whatever
 * comes next).
 */
export function holdStatements(statements: readonly string[], query: Query): Query {
  const text = beginText(statements);
  let beginHeld = false;
  let lastWrite: QueryConfig | null = null;

  /** Sends `config` with what is held before it (the BEGIN) and `suffix` after it. */
  const send = (config: QueryConfig, suffix: readonly string[]) => {
    const prefix = beginHeld ? statements : [];
    beginHeld = false;
    if (prefix.length === 0 && suffix.length === 0) return query(config);
    return new Promise((resolve, reject) => {
      const q = new (queryWithAlongClass())(prefix, config, suffix);
      q.callback = (err, result) => (err ? reject(err) : resolve(result));
      query(q);
    });
  };

  const run = (args: unknown[]): unknown => {
    const [first] = args;
    if (first === text && !beginHeld) {
      beginHeld = true;
      return Promise.resolve(EMPTY);
    }
    const config = parameterized(args);
    if (config?.text.startsWith(LAST_WRITE_MARK)) {
      lastWrite = config;
      return Promise.resolve(EMPTY);
    }
    if (!beginHeld) return query(...args);
    if (config !== null) return send(config, []);
    beginHeld = false;
    // Nothing was sent: a transaction that ends here never began.
    if (typeof first === 'string' && ENDS.test(first)) return Promise.resolve(EMPTY);
    return Promise.resolve(query(text)).then(() => query(...args));
  };

  return (...args: unknown[]) => {
    const held = lastWrite;
    if (held === null) return run(args);
    lastWrite = null;
    const [first] = args;
    if (typeof first === 'string' && IS_COMMIT.test(first)) return send(held, ['COMMIT']);
    // Dropped unsent: nothing of it ran (and if BEGIN is still held, nothing at all did).
    if (typeof first === 'string' && ENDS.test(first)) return run(args);
    // Anything else: the held write first, then this statement, unless the write failed.
    return Promise.resolve(send(held, [])).then(() => run(args));
  };
}
