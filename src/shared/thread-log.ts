// Log lines of a worker thread, written by the server's logger: the thread posts each line at the
// server logger's level or above as a message, and the server's thread writes it (serialized and
// redacted as its own). Messages are structured clones: errors travel as plain records (a clone would
// keep only name, message and stack, not `code` and the like) and are made Errors again on the
// server's side.

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export interface LogMessage {
  type: 'log';
  level: LogLevel;
  obj: unknown;
  msg?: string;
}
export type ThreadLogger = Record<LogLevel, (obj: object | string, msg?: string) => void>;

const LEVELS: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Infinity,
};

/** A logger that posts its lines at `logLevel` or above (pino's level names) with `post`. */
export function postingLogger(logLevel: string, post: (message: LogMessage) => void): ThreadLogger {
  const threshold = LEVELS[logLevel] ?? LEVELS.info;
  return Object.fromEntries(
    (['debug', 'info', 'warn', 'error'] as const).map((level) => [
      level,
      (obj: object | string, msg?: string) => {
        if (LEVELS[level] >= threshold) post({ type: 'log', level, obj: toThread(obj), msg });
      },
    ]),
  ) as ThreadLogger;
}

/** Writes a posted line with the server's logger. */
export function writeLog(logger: Record<LogLevel, (obj: object, msg?: string) => void>, message: LogMessage): void {
  logger[message.level](fromThread(message.obj) as object, message.msg);
}

interface ErrorRecord {
  $error: true;
  name: string;
  message: string;
  stack?: string;
  props: Record<string, unknown>;
  cause?: unknown;
}

const isPlain = (v: unknown) => v === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof v);

function errorRecord(err: Error, depth: number): ErrorRecord {
  const props: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(err)) if (k !== 'cause' && isPlain(v)) props[k] = v;
  const cause = (err as { cause?: unknown }).cause;
  return {
    $error: true,
    name: err.name,
    message: err.message,
    stack: err.stack,
    props,
    cause: cause instanceof Error && depth < 3 ? errorRecord(cause, depth + 1) : isPlain(cause) ? cause : undefined,
  };
}

/** A log line's object as it can be posted: Error values (top level) as records, others as they clone. */
export function toThread(obj: unknown): unknown {
  if (obj instanceof Error) return errorRecord(obj, 0);
  if (obj === null || typeof obj !== 'object') return obj;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) {
    if (v instanceof Error) out[k] = errorRecord(v, 0);
    else if (typeof v !== 'function' && typeof v !== 'symbol') out[k] = v;
  }
  return out;
}

function toError(record: ErrorRecord): Error {
  const err = Object.assign(new Error(record.message), record.props);
  err.name = record.name;
  err.stack = record.stack;
  if (record.cause !== undefined) err.cause = isRecord(record.cause) ? toError(record.cause) : record.cause;
  return err;
}

const isRecord = (v: unknown): v is ErrorRecord =>
  typeof v === 'object' && v !== null && (v as ErrorRecord).$error === true;

/** The log line's object again, its error records Errors. */
export function fromThread(obj: unknown): unknown {
  if (isRecord(obj)) return toError(obj);
  if (obj === null || typeof obj !== 'object') return obj;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) out[k] = isRecord(v) ? toError(v) : v;
  return out;
}
