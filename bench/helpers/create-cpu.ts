import { auth, restartServer, type Ctx } from '../context.js';
import { load } from '../load.js';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, cli, freePort, serviceEnv, waitHttp, type Proc } from '../procs.js';
import { ticketBody } from '../requests.js';
import { seededCopy } from '../seed/seed.js';
import type { Engine } from '../seed/generate.js';
import { cpuOfProcesses, postgresCpuMs } from './process-cpu.js';
import { exitWithUsageIfAsked } from './usage.js';

// CPU per ticket create (POST /tickets at 50 connections, no worker): the API process (every process
// whose command line runs `serve`) and, on PostgreSQL, every postgres process. A number that stays
// meaningful on a busy machine, unlike creates/s.
// Usage and environment variables: --help (below).

exitWithUsageIfAsked(`Usage: npm run build && npx tsx bench/helpers/create-cpu.ts

CPU per ticket create (POST /tickets at CONNECTIONS connections, no worker) of the API process and,
on PostgreSQL, of every postgres process, on a copy of the 10k data set: a number that stays
meaningful on a busy machine, unlike creates/s. Prints one line per round.

Environment variables:
  DIALECT        postgres or sqlite (default postgres)
  SECONDS        seconds per round (default 8)
  ROUNDS         rounds (default 3)
  CONNECTIONS    connections (default 50)
  WEBHOOKS       webhooks subscribed to ticket.created (default 0; no worker runs, so their
                 deliveries only queue)
  CPU_PROF_DIR   run the server under --cpu-prof, writing its profile there
  TEST_PG_URL    PostgreSQL admin URL (default postgres://postgres@127.0.0.1:5432/postgres)
`);

const engine = (process.env.DIALECT ?? 'postgres') as Engine;
const seconds = Number(process.env.SECONDS ?? 8);
const rounds = Number(process.env.ROUNDS ?? 3);
const connections = Number(process.env.CONNECTIONS ?? 50);
const webhooks = Number(process.env.WEBHOOKS ?? 0);

const apiCpu = () => cpuOfProcesses((_c, cmd) => cmd.includes('serve') && cmd.includes('main.js'));
const pgCpu = postgresCpuMs;

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
const ctx = { engine, db, token: key.api_key.token, servers: [] as Proc[] } as unknown as Ctx;
// CPU_PROF_DIR: the server runs under --cpu-prof (its profile is written when it exits).
const prof = process.env.CPU_PROF_DIR;
let stopServer: () => Promise<unknown>;
if (prof) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--cpu-prof', `--cpu-prof-dir=${prof}`, join(ROOT, 'dist/cli/main.js'), 'serve', '--no-worker'],
    { cwd: ROOT, env: serviceEnv(db.url, { PORT: String(port) }), stdio: 'ignore' },
  );
  ctx.base = `http://127.0.0.1:${port}`;
  await waitHttp(`${ctx.base}/healthz`, { child, stdout: () => '', stderrTail: () => '' } as unknown as Proc);
  stopServer = () =>
    new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
} else {
  await restartServer(ctx, ['serve', '--no-worker']);
  stopServer = () => ctx.server!.stop();
}
for (let k = 0; k < webhooks; k++) {
  const res = await fetch(`${ctx.base}/api/v1/webhooks`, {
    method: 'POST',
    headers: { ...auth(ctx), 'content-type': 'application/json' },
    body: JSON.stringify({ name: `cpu ${k}`, url: `http://127.0.0.1:9/hook-${k}`, events: ['ticket.created'] }),
  });
  if (res.status !== 201) throw new Error(`POST /webhooks: HTTP ${res.status} ${await res.text()}`);
}
const post = () =>
  load({
    url: ctx.base,
    connections,
    seconds,
    method: 'POST',
    headers: auth(ctx),
    next: () => ({ path: '/api/v1/tickets', body: ticketBody() }),
  });
await load({
  url: ctx.base,
  connections,
  seconds: 3,
  method: 'POST',
  headers: auth(ctx),
  next: () => ({ path: '/api/v1/tickets', body: ticketBody() }),
});
for (let r = 0; r < rounds; r++) {
  const a0 = apiCpu();
  const p0 = pgCpu();
  const l = await post();
  const n = l.rps * seconds;
  process.stdout.write(
    `round ${r + 1}: ${l.rps.toFixed(0)} creates/s, API ${(((apiCpu() - a0) * 1000) / n).toFixed(0)} µs + postgres ${(((pgCpu() - p0) * 1000) / n).toFixed(0)} µs CPU per create\n`,
  );
}
await stopServer();
process.exit(0);
