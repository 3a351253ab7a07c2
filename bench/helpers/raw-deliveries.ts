import { readFileSync } from 'node:fs';
import { Pool } from 'undici';

// The baseline of row 5 (a separate process): a raw undici Pool posting the same payload to the same
// receiver, CONCURRENCY requests in flight (the worker's WEBHOOK_WORKER_CONCURRENCY), for SECONDS,
// spread over the same webhook paths. Prints {count, seconds} as JSON.
// Env: URL (receiver base), PATHS (comma-separated), BODY_FILE, CONCURRENCY, SECONDS.

const paths = process.env.PATHS!.split(',');
const body = readFileSync(process.env.BODY_FILE!);
const concurrency = Number(process.env.CONCURRENCY);
const pool = new Pool(process.env.URL!, { connections: concurrency });
const started = performance.now();
const deadline = started + Number(process.env.SECONDS) * 1000;
let count = 0;
let n = 0;

await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (performance.now() < deadline) {
      const res = await pool.request({
        path: paths[n++ % paths.length],
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
      });
      await res.body.dump();
      if (res.statusCode === 200) count++;
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
await pool.close();
process.stdout.write(JSON.stringify({ count, seconds }) + '\n');
