import { readFileSync } from 'node:fs';
import { Pool } from 'undici';
import { exitWithUsageIfAsked } from './usage.js';

// The baseline of row 5 (a separate process): a raw undici Pool posting the same payload to the same
// receiver, CONCURRENCY requests in flight (the worker's WEBHOOK_WORKER_CONCURRENCY), for SECONDS,
// spread over the same webhook paths, after WARMUP seconds of the same (not counted: the product's
// window starts after its warm-up too). Prints {count, seconds, warm} as JSON (warm: the warm-up's rate).
// Usage and environment variables: --help (below).

exitWithUsageIfAsked(`Usage: URL=http://127.0.0.1:9090 PATHS=/hook/a,/hook/b BODY_FILE=body.json CONCURRENCY=64 SECONDS=10 \\
         [WARMUP=2] npx tsx bench/helpers/raw-deliveries.ts

Row 5's baseline: a raw undici Pool posting the bytes of BODY_FILE to the receiver, CONCURRENCY
requests in flight, spread over PATHS, for WARMUP seconds (not counted) and then SECONDS. Prints
{count, seconds, warm} as JSON (warm: the warm-up's rate, or null) and exits.

Environment variables:
  URL           the receiver's base URL (required)
  PATHS         comma-separated request paths (required)
  BODY_FILE     the request body (required)
  CONCURRENCY   requests in flight (required; the worker's WEBHOOK_WORKER_CONCURRENCY)
  SECONDS       length of the counted window (required)
  WARMUP        seconds before it, not counted (default 0)
`);

const paths = process.env.PATHS!.split(',');
const body = readFileSync(process.env.BODY_FILE!);
const concurrency = Number(process.env.CONCURRENCY);
const pool = new Pool(process.env.URL!, { connections: concurrency });
const warmup = Number(process.env.WARMUP ?? 0);
const started = performance.now() + warmup * 1000;
const deadline = started + Number(process.env.SECONDS) * 1000;
let count = 0;
let warm = 0;
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
      if (res.statusCode !== 200) continue;
      if (performance.now() < started) warm++;
      else count++;
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
await pool.close();
process.stdout.write(`${JSON.stringify({ count, seconds, warm: warmup > 0 ? warm / warmup : null })}\n`);
