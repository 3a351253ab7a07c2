import { parentPort } from 'node:worker_threads';
import { parseMailData } from './mail-parse.js';
import type { BatchAnswer, BatchRequest } from './mail-parse-batch.js';
import { installPlainBlob } from './plain-blob.js';

// The thread side of parseMailBatch (mail-parse-batch.ts): parses each batch of messages it is sent,
// one after the other, and posts each batch's results back, files' bytes transferred.

const port = parentPort!;
// This thread parses small mail and nothing else: plain-blob.ts says why it has no Node Blob.
installPlainBlob();

port.on('message', async ({ id, raws }: BatchRequest) => {
  const results: BatchAnswer['results'] = [];
  const buffers = new Set<ArrayBuffer>();
  for (const raw of raws) {
    try {
      const data = await parseMailData(raw);
      for (const a of data.attachments) buffers.add(a.content.buffer as ArrayBuffer);
      results.push({ ok: true, data });
    } catch (err) {
      results.push({ ok: false, error: err instanceof Error ? err.message : String(err) });
    }
  }
  port.postMessage({ id, results } satisfies BatchAnswer, [...buffers]);
});
