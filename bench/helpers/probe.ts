import { Pool } from 'undici';
import { exitWithUsageIfAsked } from './usage.js';

// Event-loop probe (a separate process): GET /healthz every 10 ms, one request at a time, and the
// latency of each. A server whose event loop is blocked answers late, so the longest latency bounds
// the longest block. It also times its own timer, as a control: the probe waits on the server without
// blocking, so a tick of its own that comes late is the machine not running it (the host's other
// work, which a 2-core virtual machine's guest cannot see as steal time), not the server. On SIGTERM
// it prints {max, p99, count, timerLateMax} as JSON and exits.
// Env: URL (the server's base URL).

exitWithUsageIfAsked(`Usage: URL=http://127.0.0.1:3000 npx tsx bench/helpers/probe.ts

Row 10's event-loop probe: GET /healthz every 10 ms, one request at a time, timing each answer and
its own timer (a control: a late tick is the machine not running the probe). Prints "ready" after the
first answer; on SIGTERM prints {max, p99, count, timerLateMax} (ms) as JSON and exits.

Environment variables:
  URL   the server's base URL (required)
`);

const pool = new Pool(process.env.URL!, { connections: 1 });
const latencies: number[] = [];
let busy = false;
const INTERVAL_MS = 10;
let lastTick = performance.now();
let timerLateMax = 0;

const timer = setInterval(async () => {
  const now = performance.now();
  timerLateMax = Math.max(timerLateMax, now - lastTick - INTERVAL_MS);
  lastTick = now;
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
}, INTERVAL_MS);

process.on('SIGTERM', () => {
  clearInterval(timer);
  const sorted = [...latencies].sort((a, b) => a - b);
  const p99 = sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(0.99 * sorted.length))] : null;
  process.stdout.write(
    `${JSON.stringify({ max: sorted.at(-1) ?? null, p99, count: sorted.length, timerLateMax })}\n`,
    () => process.exit(0),
  );
});
