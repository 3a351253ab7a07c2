import { spawn } from 'node:child_process';
import pg from 'pg';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { auth, restartServer, type Ctx } from '../context.js';
import { load } from '../load.js';
import { ROOT, cli, freePort, serviceEnv, sleep, startHelper, waitHttp, type Proc } from '../procs.js';
import { ticketBody } from '../requests.js';
import { dropQueued } from '../webhook-rig.js';
import { seededCopy } from '../seed/seed.js';
import { emulateAutovacuum } from '../autovacuum.js';
import { contextSwitches, cpuMs, postgresCpuMs } from './process-cpu.js';
import type { Engine } from '../seed/generate.js';
import { exitWithUsageIfAsked } from './usage.js';

// CPU per delivery of the `worker` process (and of PostgreSQL's backends), from a queued backlog:
// the number that stays meaningful on a busy 2-core machine, where delivery rates move with whatever
// else runs. A/B: MAINS lists compiled entry points (dist/cli/main.js of two builds), run in turn,
// ROUNDS times, each on a fresh backlog of the same size.
// MODE=creates drops what earlier windows queued before each window, as row 3 does; MAINS may name
// bench/helpers/floor-sender.mjs, row 3's floor (what it says at its top).
// Usage and environment variables: --help (below).

exitWithUsageIfAsked(`Usage: npm run build && npx tsx bench/helpers/worker-cpu.ts

CPU per delivery of the \`worker\` process (and of PostgreSQL's backends) from a queued backlog, on a
copy of the 10k data set with 10 webhooks on the benchmark receiver. An A/B: the builds in MAINS run
in turn, ROUNDS times, each on a fresh backlog of the same size. Prints the medians per build.

Environment variables:
  DIALECT         postgres or sqlite (default postgres)
  TICKETS         backlog tickets, 10 deliveries each (default 1500)
  ROUNDS          rounds (default 3)
  MAINS           comma-separated entry points to compare (default dist/cli/main.js); may name
                  bench/helpers/floor-sender.mjs (row 3's floor)
  WORKERS         worker processes sharing the backlog (default 1; 2 with MODE=creates); CPU is their sum
  WORKER_ENV      extra environment of the workers, k=v;k=v
  CPU_PROF_DIR    write --cpu-prof profiles of the workers there
  DUMP_STATS      print pg_stat_user_tables at the end (scans and tuples read per table)
  TIMELINE        print deliveries/s and the first worker's CPU every half second
  PREPARE_ONLY    queue the first backlog, print the database URL and exit (the copy is kept)
  MODE=creates    row 3 as an A/B: creates/s at 50 connections with no worker, then with the workers
                  of each build; SECONDS (default 5) per window, WARM_MS (default 1000) of workers
                  before it, WARMUP_SECONDS (default 0) of the same load before it, not counted
  MODE=trickle    rows 3-4's load as an A/B: creates at RATE/s (default 100) for SECONDS (default 5)
                  beside 2 workers of each build: CPU per delivery and the delay percentiles
  TEST_PG_URL     PostgreSQL admin URL (default postgres://postgres@127.0.0.1:5432/postgres)
`);

const engine = (process.env.DIALECT ?? 'postgres') as Engine;
const tickets = Number(process.env.TICKETS ?? 1500);
const rounds = Number(process.env.ROUNDS ?? 3);
const mains = (process.env.MAINS ?? 'dist/cli/main.js').split(',');
const extraEnv = Object.fromEntries(
  (process.env.WORKER_ENV ?? '')
    .split(';')
    .filter(Boolean)
    .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
);
/** Transactions committed and rows written in the database so far (PostgreSQL's cumulative statistics). */
async function pgCounters(url: string): Promise<Record<string, number>> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('select pg_stat_force_next_flush()');
    const db = (
      await c.query(
        'select xact_commit, xact_rollback, tup_updated, tup_fetched, tup_returned from pg_stat_database where datname = current_database()',
      )
    ).rows[0];
    const tables = (
      await c.query(
        `select relname, n_tup_upd, n_tup_hot_upd, seq_scan, idx_scan from pg_stat_user_tables where relname in ('webhook_deliveries', 'webhooks', 'webhook_delivery_totals')`,
      )
    ).rows;
    const out: Record<string, number> = {};
    for (const [k, v] of Object.entries(db)) out[k] = Number(v);
    for (const t of tables)
      for (const k of ['n_tup_upd', 'n_tup_hot_upd', 'seq_scan', 'idx_scan']) out[`${t.relname}.${k}`] = Number(t[k]);
    return out;
  } finally {
    await c.end();
  }
}

/** node flags of the profiled workers (CPU_PROF_DIR). */
const profFlags = process.env.CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.CPU_PROF_DIR}`] : [];

/** A `worker` process of build `main` (a compiled dist/cli/main.js, or a standalone .mjs), under node `flags`. */
function spawnWorker(
  main: string,
  env: NodeJS.ProcessEnv,
  flags: string[] = [],
  stderr: 'ignore' | 'inherit' = 'ignore',
) {
  return spawn(process.execPath, [...flags, ...(main.endsWith('.mjs') ? [main] : [resolve(ROOT, main), 'worker'])], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', stderr],
  });
}

/** The counters' growth from `before` to `after`, per delivery, as one line. */
function perDeliveryText(before: Record<string, number>, after: Record<string, number>, deliveries: number): string {
  return `  per delivery: ${Object.entries(after)
    .map(([k, v]) => `${k} ${((v - (before[k] ?? 0)) / deliveries).toFixed(3)}`)
    .join(', ')}\n`;
}

async function analyzeDeliveries(url: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query('ANALYZE webhook_deliveries').finally(() => c.end());
}

async function stats(receiver: string): Promise<{ arrivals: number; unique: number }> {
  return (await (await fetch(`${receiver}/__stats`)).json()) as { arrivals: number; unique: number };
}

/** Ticket creates at 50 connections for `seconds`, as row 3 posts them. */
const creates = (ctx: Ctx, seconds: number) =>
  load({
    url: ctx.base,
    connections: 50,
    seconds,
    method: 'POST',
    headers: auth(ctx),
    next: () => ({ path: '/api/v1/tickets', body: ticketBody() }),
  });

/**
 * MODE=creates: row 3 as an A/B. One `serve --no-worker` (this build); in turn, creates/s at 50
 * connections with no worker, then with 2 `worker` processes of each build in MAINS, ROUNDS times.
 */
async function createsAB(ctx: Ctx, receiver: string, seconds: number, hooks: string[]) {
  const rates: Record<string, number[]> = {};
  for (let r = 0; r < rounds; r++) {
    for (const main of ['none', ...mains]) {
      // As row 3 does: what earlier windows queued is not this one's to deliver (deactivating a
      // webhook drops its queued deliveries).
      await dropQueued(ctx, hooks);
      const workers =
        main === 'none'
          ? []
          : Array.from({ length: Number(process.env.WORKERS ?? 2) }, () =>
              spawnWorker(main, serviceEnv(ctx.db.url, extraEnv)),
            );
      // WARM_MS: how long the workers run before the window (default 1 s).
      await sleep(Number(process.env.WARM_MS ?? 1000));
      // WARMUP_SECONDS: the same create load, not counted, before every window (row 3: 5 s before the one with workers).
      const warmup = Number(process.env.WARMUP_SECONDS ?? 0);
      if (warmup > 0) await creates(ctx, warmup);
      const before = (await stats(receiver)).arrivals;
      const counters0 = engine === 'postgres' ? await pgCounters(ctx.db.url) : {};
      const l = await creates(ctx, seconds);
      const delivered = (await stats(receiver)).arrivals - before;
      if (engine === 'postgres' && delivered > 0) {
        // The database's work per delivery during the window (the creates' included).
        process.stderr.write(perDeliveryText(counters0, await pgCounters(ctx.db.url), delivered));
      }
      const cpu = workers.map((w) => cpuMs(w.pid!));
      await Promise.all(
        workers.map(
          (w) =>
            new Promise((resolve) => {
              w.once('exit', resolve);
              w.kill('SIGTERM');
            }),
        ),
      );
      (rates[main] ??= []).push(l.rps);
      process.stderr.write(
        `round ${r + 1} ${main}: ${l.rps.toFixed(0)} creates/s, ${(delivered / seconds).toFixed(0)} deliveries/s${cpu.length ? `, workers' CPU ${cpu.map((c) => c.toFixed(0)).join(' + ')} ms` : ''}\n`,
      );
    }
  }
  for (const [main, xs] of Object.entries(rates))
    process.stdout.write(
      `${main}: ${(xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(0)} creates/s (mean of ${xs.length}: ${xs.map((x) => x.toFixed(0)).join(', ')})\n`,
    );
}

/**
 * MODE=trickle: rows 3-4's load as an A/B of CPU per delivery. 2 `worker` processes of each build in
 * MAINS in turn, while creates arrive at RATE/s (20 connections) for SECONDS: the workers' and
 * PostgreSQL's CPU per delivery, and the delay percentiles the receiver saw.
 */
async function trickleAB(ctx: Ctx, receiver: string, seconds: number, rate: number) {
  const out: Record<string, { w: number[]; pg: number[]; p99: number[] }> = {};
  for (let r = 0; r < rounds; r++) {
    for (const main of mains) {
      await fetch(`${receiver}/__reset`, { method: 'POST' });
      const workers = [0, 1].map(() => spawnWorker(main, serviceEnv(ctx.db.url, extraEnv), profFlags));
      await sleep(1500);
      const w0 = workers.map((w) => cpuMs(w.pid!));
      const pg0 = postgresCpuMs();
      const l = await load({
        url: ctx.base,
        connections: 20,
        seconds,
        overallRate: rate,
        method: 'POST',
        headers: auth(ctx),
        next: () => ({ path: '/api/v1/tickets', body: ticketBody() }),
      });
      const expected = Math.round(l.rps * seconds) * 10;
      let st = (await (await fetch(`${receiver}/__stats`)).json()) as { unique: number; p99: number; p50: number };
      for (const end = Date.now() + 20_000; st.unique < expected && Date.now() < end; ) {
        await sleep(100);
        st = (await (await fetch(`${receiver}/__stats`)).json()) as typeof st;
      }
      const wMs = workers.reduce((a, w, i) => a + cpuMs(w.pid!) - w0[i], 0);
      const pgMs = postgresCpuMs() - pg0;
      await Promise.all(
        workers.map(
          (w) =>
            new Promise((resolve) => {
              w.once('exit', resolve);
              w.kill('SIGTERM');
            }),
        ),
      );
      const e = (out[main] ??= { w: [], pg: [], p99: [] });
      e.w.push((wMs * 1000) / st.unique);
      e.pg.push((pgMs * 1000) / st.unique);
      e.p99.push(st.p99);
      process.stderr.write(
        `round ${r + 1} ${main}: ${l.rps.toFixed(0)} creates/s, ${st.unique}/${expected} delivered, workers ${((wMs * 1000) / st.unique).toFixed(0)} µs + postgres ${((pgMs * 1000) / st.unique).toFixed(0)} µs CPU per delivery (postgres includes the creates), delay p50 ${st.p50} p99 ${st.p99} ms\n`,
      );
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const [main, e] of Object.entries(out))
    process.stdout.write(
      `${main}: workers ${median(e.w).toFixed(0)} µs/delivery, postgres ${median(e.pg).toFixed(0)} µs/delivery, delay p99 ${median(e.p99)} ms (medians of ${e.w.length})\n`,
    );
}

async function main() {
  const db = await seededCopy(engine, '10k', 10_000);
  const key = JSON.parse(
    await cli(
      [
        'keys',
        'create',
        '--org',
        db.organizationId,
        '--scopes',
        'tickets:read,tickets:write,webhooks:read,webhooks:write',
        '--name',
        'cpu',
        '--json',
      ],
      serviceEnv(db.url),
    ),
  ) as { api_key: { token: string } };
  const ctx = {
    engine,
    db,
    token: key.api_key.token,
    servers: [] as Proc[],
    serverStarts: [] as number[],
    rows: [],
  } as unknown as Ctx;
  const port = await freePort();
  const receiverProc = startHelper('helpers/receiver.ts', { PORT: String(port) });
  const receiver = `http://127.0.0.1:${port}`;
  const results: Record<string, { workerUs: number[]; pgUs: number[]; rate: number[] }> = {};
  // As in `npm run bench` (bench/autovacuum.ts); its work on the server counts in postgres' CPU.
  const autovacuum = engine === 'postgres' ? emulateAutovacuum(db.url) : null;
  try {
    await waitHttp(`${receiver}/__stats`, receiverProc);
    await restartServer(ctx, ['serve', '--no-worker']);
    const hooks: string[] = [];
    for (let k = 0; k < 10; k++) {
      const res = await fetch(`${ctx.base}/api/v1/webhooks`, {
        method: 'POST',
        headers: { ...auth(ctx), 'content-type': 'application/json' },
        body: JSON.stringify({ name: `cpu ${k}`, url: `${receiver}/hook/${k}`, events: ['ticket.created'] }),
      });
      if (res.status !== 201) throw new Error(`webhook: ${res.status} ${await res.text()}`);
      hooks.push(((await res.json()) as { data: { id: string } }).data.id);
    }
    if (process.env.MODE === 'creates') return await createsAB(ctx, receiver, Number(process.env.SECONDS ?? 5), hooks);
    if (process.env.MODE === 'trickle')
      return await trickleAB(ctx, receiver, Number(process.env.SECONDS ?? 5), Number(process.env.RATE ?? 100));
    for (let r = 0; r < rounds; r++) {
      for (const main of mains) {
        await fetch(`${receiver}/__reset`, { method: 'POST' });
        let created = 0;
        while (created < tickets) {
          const l = await load({
            url: ctx.base,
            connections: 20,
            seconds: 2,
            method: 'POST',
            headers: auth(ctx),
            next: () => ({ path: '/api/v1/tickets', body: ticketBody() }),
          });
          created += Math.round(l.rps * 2);
        }
        const expected = created * 10;
        if (process.env.PREPARE_ONLY) {
          process.stdout.write(`${db.url} (${expected} deliveries queued; not dropped)\n`);
          await ctx.server?.stop();
          await receiverProc.stop();
          process.exit(0);
        }
        // The statistics autovacuum would keep: see rows/row-05-delivery-rate.ts.
        if (engine === 'postgres') await analyzeDeliveries(db.url);
        await sleep(500);
        const pg0 = engine === 'postgres' ? postgresCpuMs() : 0;
        const counters0 = engine === 'postgres' ? await pgCounters(db.url) : {};
        const env = serviceEnv(db.url, extraEnv);
        const t0 = performance.now();
        const startWorker = () => spawnWorker(main, env, profFlags, 'inherit');
        const worker = startWorker();
        const extra = Array.from({ length: Number(process.env.WORKERS ?? 1) - 1 }, startWorker);
        const exited = new Promise((resolve) => worker.once('exit', resolve));
        let s = await stats(receiver);
        let firstAt = 0;
        // TIMELINE=1: deliveries/s and the worker's CPU (in cores) every half second from its start:
        // how long the worker takes to reach its steady rate (start-up, JIT warm-up).
        let mark = { t: t0, n: 0, cpu: 0 };
        while (s.unique < expected) {
          await sleep(20);
          s = await stats(receiver);
          if (!firstAt && s.arrivals > 0) firstAt = performance.now();
          if (process.env.TIMELINE && performance.now() - mark.t >= 500) {
            const now = { t: performance.now(), n: s.arrivals, cpu: cpuMs(worker.pid!) };
            const dt = (now.t - mark.t) / 1000;
            process.stderr.write(
              `  t=${((now.t - t0) / 1000).toFixed(1)} s: ${((now.n - mark.n) / dt).toFixed(0)} deliveries/s, worker ${((now.cpu - mark.cpu) / 1000 / dt).toFixed(2)} cores, ${(((now.cpu - mark.cpu) * 1000) / Math.max(1, now.n - mark.n)).toFixed(0)} µs/delivery\n`,
            );
            mark = now;
          }
          if (performance.now() - t0 > 120_000 || worker.exitCode !== null)
            throw new Error(`only ${s.unique} of ${expected} arrived`);
        }
        const wall = (performance.now() - firstAt) / 1000;
        const workerMs = cpuMs(worker.pid!) + extra.reduce((a, w) => a + cpuMs(w.pid!), 0);
        // Context switches of the workers' main threads (/proc/PID/status) per delivery: each wake-up of an event loop is one.
        const switches = [worker, ...extra].reduce((a, w) => a + contextSwitches(w.pid!), 0);
        process.stderr.write(`  main threads' context switches per delivery: ${(switches / expected).toFixed(3)}\n`);
        await Promise.all(
          extra.map(
            (w) =>
              new Promise((resolve) => {
                w.once('exit', resolve);
                w.kill('SIGTERM');
              }),
          ),
        );
        const [ut, st] = readFileSync(`/proc/${worker.pid}/stat`, 'utf8')
          .split(') ')[1]
          .split(' ')
          .slice(11, 13)
          .map((x) => (Number(x) * 10_000) / expected);
        process.stderr.write(
          `  ${extra.length ? 'first ' : ''}worker user ${ut.toFixed(0)} µs, system ${st.toFixed(0)} µs per delivery\n`,
        );
        const pgMs = engine === 'postgres' ? postgresCpuMs() - pg0 : 0;
        worker.kill('SIGTERM');
        await exited;
        if (engine === 'postgres') {
          await sleep(1200);
          process.stderr.write(perDeliveryText(counters0, await pgCounters(db.url), expected));
        }
        const entry = (results[main] ??= { workerUs: [], pgUs: [], rate: [] });
        entry.workerUs.push((workerMs * 1000) / expected);
        entry.pgUs.push((pgMs * 1000) / expected);
        entry.rate.push(expected / wall);
        process.stderr.write(
          `${main} round ${r + 1}: ${expected} deliveries, worker ${((workerMs * 1000) / expected).toFixed(0)} µs CPU/delivery (incl. start-up), postgres ${((pgMs * 1000) / expected).toFixed(0)} µs, ${(expected / wall).toFixed(0)} deliveries/s\n`,
        );
      }
    }
  } finally {
    await ctx.server?.stop();
    await receiverProc.stop();
    await autovacuum?.stop();
    if (process.env.DUMP_STATS) {
      const c = new pg.Client({ connectionString: db.url });
      await c.connect();
      await c.query('select pg_stat_force_next_flush()');
      await sleep(1500);
      const r = await c.query(
        `select relname, seq_scan, seq_tup_read, idx_scan, idx_tup_fetch, n_tup_ins, n_tup_upd, n_live_tup from pg_stat_user_tables where seq_scan + idx_scan > 0 order by seq_tup_read desc`,
      );
      console.table(r.rows);
      await c.end();
    }
    await db.drop();
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const [main, r] of Object.entries(results)) {
    process.stdout.write(
      `${main}: worker ${median(r.workerUs).toFixed(0)} µs/delivery, postgres ${median(r.pgUs).toFixed(0)} µs/delivery, ${median(r.rate).toFixed(0)} deliveries/s (medians of ${r.rate.length})\n`,
    );
  }
}

await main();
