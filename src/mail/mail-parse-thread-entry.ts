import { parentPort, workerData } from 'node:worker_threads';
import { parseMailData } from './mail-parse.js';

// The thread side of parseMailOffThread (mail-parse-thread.ts): parses the one message it was given
// and posts the result back, the files' bytes transferred rather than copied.

const port = parentPort!;
const { raw } = workerData as { raw: Uint8Array };

parseMailData(raw).then(
  (data) => {
    const buffers = new Set<ArrayBuffer>();
    for (const a of data.attachments) buffers.add(a.content.buffer as ArrayBuffer);
    port.postMessage({ ok: true, data }, [...buffers]);
  },
  (err: unknown) => port.postMessage({ ok: false, error: err instanceof Error ? err.message : String(err) }),
);
