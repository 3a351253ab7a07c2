import type { Config } from '../config.js';
import type { AttemptOutcome } from './worker.js';

// What the server's thread and its delivery-worker thread say to each other (worker-thread.ts,
// src/worker-thread-entry.ts). Messages are structured clones: errors in log lines travel as plain
// records (a clone would keep only name, message and stack, not `code` and the like) and are made
// Errors again on the server's side, so its logger serializes and redacts them as its own.

export interface ThreadData {
  config: Config;
  /** The server logger's level: lines below it are not posted at all. */
  logLevel: string;
}

export type ToThread = { type: 'stop' };

export type FromThread =
  | { type: 'started' }
  | { type: 'log'; level: 'debug' | 'info' | 'warn' | 'error'; obj: unknown; msg?: string }
  | { type: 'attempts'; counts: Partial<Record<AttemptOutcome, number>> }
  | { type: 'stopped' };

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
