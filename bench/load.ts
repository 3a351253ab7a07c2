import autocannon from 'autocannon';
import { Pool } from 'undici';

// Load generation: autocannon for throughput (N connections, optionally a fixed overall rate), and a
// one-client sampler for latency percentiles.

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  /** Called for every request: its path and (for POST) body. */
  next?: () => { path: string; body?: string };
  /** Requests per second across all connections (fixed-rate load). */
  overallRate?: number;
}

export async function load(o: LoadOptions): Promise<LoadResult> {
  const headers = { ...o.headers, ...(o.method === 'POST' ? { 'content-type': 'application/json' } : {}) };
  const result = await autocannon({
    url: o.url,
    connections: o.connections,
    duration: o.seconds,
    method: o.method ?? 'GET',
    headers,
    ...(o.overallRate ? { overallRate: o.overallRate } : {}),
    ...(o.next
      ? {
          requests: [
            {
              setupRequest: (req: Record<string, unknown>) => {
                const n = o.next!();
                return { ...req, path: n.path, ...(n.body !== undefined ? { body: n.body } : {}) };
              },
            },
          ],
        }
      : {}),
  });
  const ok = result.requests.total - result.non2xx;
  return {
    rps: ok / o.seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export interface Sampled {
  p50: number;
  p95: number;
  max: number;
  count: number;
  /** The last answer's body (parsed), to check what was measured. */
  last: unknown;
}

/**
 * One client, one request at a time, for `seconds` (at least `min` requests, at most `max`);
 * `path(n)` gives the n-th request's path, so filters vary their values.
 */
export async function sample(
  base: string,
  headers: Record<string, string>,
  path: (n: number) => string,
  seconds: number,
  min = 10,
  max = 2000,
): Promise<Sampled> {
  const pool = new Pool(base, { connections: 1 });
  const times: number[] = [];
  let last: unknown = null;
  const deadline = performance.now() + seconds * 1000;
  try {
    for (let n = 0; n < max && (n < min || performance.now() < deadline); n++) {
      const t0 = performance.now();
      const res = await pool.request({ path: path(n), method: 'GET', headers });
      const text = await res.body.text();
      times.push(performance.now() - t0);
      if (res.statusCode !== 200) throw new Error(`${path(n)}: HTTP ${res.statusCode} ${text.slice(0, 300)}`);
      if (n === 0) last = JSON.parse(text);
    }
  } finally {
    await pool.close();
  }
  return { ...percentiles(times), count: times.length, last };
}

export function percentiles(values: number[]): { p50: number; p95: number; max: number } {
  const s = [...values].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), max: s.at(-1) ?? NaN };
}

/** Small JSON API client for set-up calls (creating webhooks, reading ids). */
export function api(base: string, token: string) {
  const pool = new Pool(base, { connections: 4 });
  return {
    async call<T = any>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
      const res = await pool.request({
        path,
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.body.text();
      if (res.statusCode >= 300) throw new Error(`${method} ${path}: HTTP ${res.statusCode} ${text.slice(0, 300)}`);
      return JSON.parse(text) as T;
    },
    close: () => pool.close(),
  };
}

/**
 * The `serve` process's longest event-loop delay since the previous call, in ms: prom-client's
 * `nodejs_eventloop_lag_max_seconds` (Node's monitorEventLoopDelay at 10 ms resolution, reset at every
 * /metrics collection). The figure is the longest interval between two of the monitor's timer
 * callbacks, so it is at least the longest block and at most 10 ms more.
 */
export async function loopDelayMax(base: string): Promise<number | null> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const m = /^nodejs_eventloop_lag_max_seconds (\S+)$/m.exec(text);
  return m ? Number(m[1]) * 1000 : null;
}
