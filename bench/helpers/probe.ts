import { Pool } from 'undici';

// Event-loop probe (a separate process): GET /healthz every 10 ms, one request at a time, and the
// latency of each. A server whose event loop is blocked answers late, so the longest latency bounds
// the longest block. On SIGTERM it prints {max, p99, count} as JSON and exits.
// Env: URL (the server's base URL).

const pool = new Pool(process.env.URL!, { connections: 1 });
const latencies: number[] = [];
let busy = false;

const timer = setInterval(async () => {
  if (busy) return; // the request under way already measures the stall
  busy = true;
  const t0 = performance.now();
  try {
    const res = await pool.request({ path: '/healthz', method: 'GET' });
    await res.body.dump();
    latencies.push(performance.now() - t0);
    if (latencies.length === 1) process.stdout.write('ready\n');
  } catch {
    // the server went away: the run is ending
  } finally {
    busy = false;
  }
}, 10);

process.on('SIGTERM', () => {
  clearInterval(timer);
  const sorted = [...latencies].sort((a, b) => a - b);
  const p99 = sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(0.99 * sorted.length))] : null;
  process.stdout.write(JSON.stringify({ max: sorted.at(-1) ?? null, p99, count: sorted.length }) + '\n', () => process.exit(0));
});
