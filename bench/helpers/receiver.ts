import { createServer } from 'node:http';
import { exitWithUsageIfAsked } from './usage.js';

// The webhook receiver of the benchmark (a separate process, plain node:http, answers 200 at once).
// For each delivery it records the first arrival per (path, ticket id): the delay is the arrival
// time minus the event's `timestamp` (the ticket's created_at, taken inside the create transaction
// just before commit; same machine clock). It also keeps every arrival's time, so a delivery rate is
// measured from the first arrival itself (GET /__window?seconds=S&skip=W), whenever the sender started.
// GET /__stats reports, POST /__reset clears.
// Usage and environment variables: --help (below).

exitWithUsageIfAsked(`Usage: PORT=9090 npx tsx bench/helpers/receiver.ts

The webhook receiver of rows 3-5 (plain node:http on 127.0.0.1): answers every delivery with 200 at
once and records it. The delay of a delivery is its first arrival per (path, ticket id) minus the
event's timestamp.
  GET /__stats                        {arrivals, unique, p50, p99, max} (delays in ms)
  GET /__window?seconds=S&skip=W      arrivals in the S seconds that start W seconds after the first
                                      arrival: {count, seconds, full, arrivals, warm}
  POST /__reset                       forgets everything
Stops on SIGTERM.

Environment variables:
  PORT   port to listen on (required)
`);

let arrivals = 0;
let seen = new Set<string>();
let delays: number[] = [];
let times: number[] = [];

/**
 * Arrivals in the S seconds that start W seconds after the first arrival (W = 0: the arrivals after
 * the first one within S seconds of it): `full` once an arrival came after the window (the window is
 * measured), else counted up to the last arrival so far. `warm` is the rate of the first W seconds
 * (the sender's warm-up, shown and not counted).
 */
function windowOf(
  seconds: number,
  skip: number,
): { count: number; seconds: number; full: boolean; arrivals: number; warm: number | null } {
  if (times.length < 2) return { count: 0, seconds: 0, full: false, arrivals: times.length, warm: null };
  const first = times[0];
  const start = first + skip * 1000;
  const end = start + seconds * 1000;
  let s = 0;
  while (s < times.length && times[s] < start) s++;
  const warm = skip > 0 ? s / skip : null;
  // Without a warm-up the first arrival opens the window and is not counted (a rate between arrivals);
  // with one, the first arrival is a warm-up's (s >= 1).
  const from = Math.max(s, 1);
  if (from >= times.length) return { count: 0, seconds: 0, full: false, arrivals: times.length, warm };
  let n = from;
  while (n < times.length && times[n] <= end) n++;
  if (n < times.length) return { count: n - from, seconds, full: true, arrivals: times.length, warm };
  return { count: n - from, seconds: (times[n - 1] - start) / 1000, full: false, arrivals: times.length, warm };
}

const server = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/__stats') {
    const sorted = [...delays].sort((a, b) => a - b);
    const at = (p: number) =>
      sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : null;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ arrivals, unique: seen.size, p50: at(50), p99: at(99), max: sorted.at(-1) ?? null }));
    return;
  }
  if (req.method === 'GET' && req.url?.startsWith('/__window?')) {
    const query = new URL(req.url, 'http://x').searchParams;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(windowOf(Number(query.get('seconds')), Number(query.get('skip') ?? 0))));
    return;
  }
  if (req.method === 'POST' && req.url === '/__reset') {
    arrivals = 0;
    seen = new Set();
    delays = [];
    times = [];
    res.end('ok');
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const now = Date.now();
    times.push(performance.now());
    arrivals++;
    try {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { timestamp?: string; data?: { id?: string } };
      const key = `${req.url}|${body.data?.id ?? ''}`;
      if (!seen.has(key)) {
        seen.add(key);
        if (body.timestamp) delays.push(now - Date.parse(body.timestamp));
      }
    } catch {
      // not JSON (the raw baseline may send anything): counted, no delay
    }
    res.end('ok');
  });
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
