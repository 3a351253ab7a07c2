import type { Worker } from 'node:worker_threads';
import { parseMail, withHeaderLookup, type ParsedMail, type ParsedMailData } from './mail-parse.js';
import { threadResourceLimits } from '../shared/thread-heap.js';
import { spawnMailThread } from './mail-parse-thread.js';

// Parsing a claimed batch of mail in a thread that stays. Parsing is most of what processing small
// mail costs outside the database (postal-mime, the reply-text extractor): a batch of 100 is ~20 ms of
// CPU, during which the event loop would not serve the SMTP listener or the API. Here the batch is
// parsed beside them, on the other core, while the batch before is written. One thread per process,
// started by the first batch and left running (unreferenced: it never keeps the process alive); a
// thread that fails is replaced at the next batch, and the batch it held is parsed here instead.
// Small batches are parsed here: a message to the thread and back costs more than they do.

/**
 * V8's smallest young generation (1 MB semi-spaces): a batch's parsed mail is posted back at once, and a
 * larger one did not parse faster (bench row 15 with 8 and 16 MB). Set explicitly: once another thread
 * of the server starts with its young generation at its maximum (shared/thread-heap.ts, a process-wide
 * flag), a thread started without limits began at V8's default maximum, 48 MB more of the server's memory.
 */
const PARSER_LIMITS = { maxYoungGenerationSizeMb: 3 };

/** Batches smaller than this are parsed on the calling thread. */
export const THREAD_BATCH_MIN = 4;

export interface BatchRequest {
  id: number;
  raws: Uint8Array[];
}
export interface BatchAnswer {
  id: number;
  results: ({ ok: true; data: ParsedMailData } | { ok: false; error: string })[];
}

let thread: Worker | null = null;
let nextId = 0;
const waiting = new Map<number, { resolve(a: BatchAnswer): void; reject(err: unknown): void }>();

function parser(): Worker {
  if (thread) return thread;
  const started = spawnMailThread('mail-parse-batch-entry', {
    name: 'mail-parse-batch',
    resourceLimits: threadResourceLimits(PARSER_LIMITS),
  });
  started.unref();
  started.on('message', (answer: BatchAnswer) => {
    waiting.get(answer.id)?.resolve(answer);
    waiting.delete(answer.id);
    // Held by its callers while it parses for them, not otherwise.
    if (waiting.size === 0) started.unref();
  });
  const fail = (err: unknown) => {
    if (thread === started) thread = null;
    for (const w of waiting.values()) w.reject(err);
    waiting.clear();
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`the mail parsing thread stopped (exit code ${code})`)));
  thread = started;
  return started;
}

/** Each message parsed, or the error that made it unreadable (as parseMail throws it), in order. */
export async function parseMailBatch(raws: readonly Uint8Array[]): Promise<(ParsedMail | Error)[]> {
  const here = () => Promise.all(raws.map((raw) => parseMail(raw).catch((err: unknown) => toError(err))));
  if (raws.length < THREAD_BATCH_MIN) return here();
  let answer: BatchAnswer;
  try {
    answer = await new Promise<BatchAnswer>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      const worker = parser();
      worker.ref();
      // Each message's bytes copied into a buffer of their own and moved to the thread: posted as they
      // are, a row's bytes may be a view into a larger buffer, which would be cloned whole. The rows
      // keep their bytes (a message applied one by one parses them again).
      const own = raws.map((raw) => new Uint8Array(raw));
      worker.postMessage(
        { id, raws: own } satisfies BatchRequest,
        own.map((raw) => raw.buffer),
      );
    });
  } catch {
    return here();
  }
  return answer.results.map((r) => (r.ok ? withHeaderLookup(r.data) : new Error(r.error)));
}

const toError = (err: unknown) => (err instanceof Error ? err : new Error(String(err)));
