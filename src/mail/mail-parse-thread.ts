import type { Worker, WorkerOptions } from 'node:worker_threads';
import { spawnModuleThread } from '../shared/supervised-thread.js';
import { parseMail, withHeaderLookup, type ParsedMail, type ParsedMailData } from './mail-parse.js';

// Parsing a large message takes the CPU for a while: postal-mime decodes every line of a base64 part
// in one go (its awaits never yield to the event loop), about 20 ms per MB of mail. On the API's event
// loop a 25 MiB message would hold every request for half a second, so messages above
// OFF_THREAD_BYTES are parsed in a worker thread of their own, which posts the result back with the
// files' bytes transferred (no copy on this side). Small messages, nearly all mail, are parsed here:
// a thread's start costs more than they do.

/** Messages from this size on are parsed in a worker thread (the size from which they are stored as files too). */
export const OFF_THREAD_BYTES = 512 * 1024;
/** A parse that takes longer is given up (the thread is stopped): the message is kept as a failure. */
const PARSE_TIMEOUT_MS = 120_000;

type Answer = { ok: true; data: ParsedMailData } | { ok: false; error: string };

/** A thread running one of this folder's modules (`name`, without extension; shared/supervised-thread.ts). */
export function spawnMailThread(name: string, options: WorkerOptions): Worker {
  return spawnModuleThread(`./${name}`, import.meta.url, options);
}

function spawn(raw: Uint8Array, transfer: boolean): Worker {
  // Moved rather than copied when the caller gives the bytes up and they are a buffer of their own: a
  // copy of 27 MB is made on this thread, in one go, when the thread starts.
  const whole = raw.byteOffset === 0 && raw.byteLength === raw.buffer.byteLength && !isShared(raw.buffer);
  const transferList = transfer && whole ? [raw.buffer as ArrayBuffer] : [];
  return spawnMailThread('mail-parse-thread-entry', { workerData: { raw }, transferList, name: 'mail-parse' });
}

const isShared = (buffer: ArrayBufferLike) =>
  typeof SharedArrayBuffer !== 'undefined' && buffer instanceof SharedArrayBuffer;

/**
 * parseMail, in a worker thread for large messages; rejects as parseMail does for unreadable mail.
 * With `transfer`, the caller gives the bytes up: a large message's buffer is moved to the thread and
 * is empty here afterwards.
 */
export async function parseMailOffThread(raw: Uint8Array, { transfer = false } = {}): Promise<ParsedMail> {
  if (raw.byteLength < OFF_THREAD_BYTES) return parseMail(raw);
  const thread = spawn(raw, transfer);
  try {
    const answer = await new Promise<Answer>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('parsing took too long')), PARSE_TIMEOUT_MS);
      thread.once('message', (message: Answer) => {
        clearTimeout(timer);
        resolve(message);
      });
      thread.once('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      thread.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the parsing thread stopped (exit code ${code})`));
      });
    });
    if (!answer.ok) throw new Error(answer.error);
    return withHeaderLookup(answer.data);
  } finally {
    void thread.terminate();
  }
}
