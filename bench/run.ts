// The benchmark suite: `npm run bench -- [options]` (USAGE below; bench/README.md describes each row).
// Seeds (or reuses the cached) data set on each engine, runs the compiled server (`dist/cli/main.js`,
// built by `npm run bench` first) with every row's baseline interleaved, and prints one markdown table.
// Not part of `npm test`.
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { emulateAutovacuum } from './autovacuum.js';
import { restartServer, table, type Ctx, type Options, type Row } from './context.js';
import { cli, serviceEnv, type Proc } from './procs.js';
import { sampleIds } from './requests.js';
import { apiRows } from './rows-api.js';
import { consoleRows } from './rows-console.js';
import { knowledgeRows } from './rows-knowledge.js';
import { listRows } from './rows-lists.js';
import { mailRows } from './rows-mail.js';
import { rssPeakRow } from './rows/row-11-rss-peak.js';
import { webhookRows } from './rows-webhooks.js';
import { widgetRows } from './rows-widget.js';
import type { Engine } from './seed/generate.js';
import { pgAdmin, seededCopy } from './seed/seed.js';

function parseSize(raw: string): number {
  const m = /^(\d+(?:\.\d+)?)([km]?)$/i.exec(raw.trim());
  if (!m) throw new Error(`--size: expected e.g. 1m, 100k, 10k or a number, got "${raw}"`);
  const n = Math.round(Number(m[1]) * { '': 1, k: 1e3, m: 1e6 }[m[2].toLowerCase() as '' | 'k' | 'm']);
  if (n < 1000) throw new Error('--size: at least 1000 tickets');
  return n;
}

const USAGE = `Usage: npm run bench -- [options]
       npx tsx bench/run.ts [options]   (builds first unless BENCH_SKIP_BUILD is set)

Measures the compiled service against its goals and prints one markdown table (rows 1-22, see
bench/README.md); progress goes to stderr, the table to stdout.

Options:
  --dialect sqlite|postgres|both   engines to measure (default both)
  --size 1m|100k|10k|N             tickets in the measured organization (default 1m; at least 1000)
  --only 1,2,6                     only these rows (numbers 1-22, comma-separated; default all)
  --duration SECONDS               seconds of each load step (default 10)
  --rounds N                       product/baseline alternations of the ratio rows (default 2)
  -h, --help                       print this and exit

Environment variables:
  BENCH_SKIP_BUILD=1               do not run \`npm run build\` first (npm run bench builds, then sets it)
  TEST_PG_URL                      PostgreSQL admin URL (default postgres://postgres@127.0.0.1:5432/postgres)
  BENCH_NODE_ARGS                  node flags for every service process (e.g. --cpu-prof --cpu-prof-dir=DIR)
  BENCH_STDOUT_DIR                 directory that receives each child process's stdout when it exits
  ROW3_FLOOR=0                     row 3 without its floor (the DB-free senders' windows)
  WEBHOOK_WORKER_NICE, WEBHOOK_WORKER_CONCURRENCY, and every other service variable: passed to the
                                   service's processes as to production ones
`;

function options(): Options {
  const { values } = parseArgs({
    options: {
      help: { type: 'boolean', short: 'h' },
      dialect: { type: 'string', default: 'both' },
      size: { type: 'string', default: '1m' },
      only: { type: 'string' },
      duration: { type: 'string', default: '10' },
      rounds: { type: 'string', default: '2' },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    process.exit(0);
  }
  const dialect = values.dialect!;
  if (!['sqlite', 'postgres', 'both'].includes(dialect)) throw new Error('--dialect: sqlite, postgres or both');
  const only = values.only ? new Set(values.only.split(',').map((s) => Number(s.trim()))) : null;
  if (only && [...only].some((n) => !Number.isInteger(n) || n < 1 || n > 22))
    throw new Error('--only: row numbers 1–22, comma-separated');
  const tickets = parseSize(values.size!);
  return {
    dialects: dialect === 'both' ? ['sqlite', 'postgres'] : [dialect as Engine],
    sizeLabel: values.size!.toLowerCase(),
    tickets,
    only,
    duration: Number(values.duration),
    rounds: Math.max(1, Number(values.rounds)),
  };
}

async function runEngine(engine: Engine, opts: Options): Promise<{ rows: Row[]; seed: string }> {
  const started = Date.now();
  const db = await seededCopy(engine, opts.sizeLabel, opts.tickets);
  const seed =
    db.seedSeconds === null
      ? `cached (copy ${((Date.now() - started) / 1000).toFixed(1)} s)`
      : `seeded in ${db.seedSeconds.toFixed(1)} s`;
  process.stderr.write(`${engine}: ${opts.tickets.toLocaleString('en-US')} tickets, ${seed}\n`);
  const key = JSON.parse(
    await cli(
      [
        'keys',
        'create',
        '--org',
        db.organizationId,
        '--scopes',
        'tickets:read,tickets:write,customers:read,webhooks:read,webhooks:write,admin',
        '--name',
        'bench',
        '--json',
      ],
      serviceEnv(db.url),
    ),
  ) as { api_key: { token: string } };
  const ctx: Ctx = {
    engine,
    opts,
    db,
    spec: db.spec,
    token: key.api_key.token,
    server: undefined as unknown as Proc,
    base: '',
    servers: [],
    serverStarts: [],
    rows: [],
    want: (n) => opts.only === null || opts.only.has(n),
  };
  // Production's autovacuum, emulated: the benchmark's database server may run without it (bench/autovacuum.ts).
  const autovacuum = engine === 'postgres' ? emulateAutovacuum(db.url) : null;
  try {
    await restartServer(ctx, ['serve', '--no-worker']);
    const samples = await sampleIds(ctx);
    // The reads first, on the seeded data as it is: after row 2's creates the newest tickets of the
    // list (what a 1-2 character search walks, row 9) were the benchmark's own, with one short message
    // and a few customers each, cheaper to search than the seeded ones (three messages, 200,000
    // customers): row 9 on SQLite took p95 26 ms after them and 84-127 ms on the seeded tickets alone.
    // Row 2, the heaviest writer (creates at 50 connections, and a baseline writing its own copy of the
    // data set), last: no other row runs in the aftermath of its writes (on PostgreSQL the checkpoint of
    // what it dirtied, on SQLite the search index merges it leaves).
    await listRows(ctx, samples);
    await webhookRows(ctx);
    await consoleRows(ctx, engine === opts.dialects[0]);
    await mailRows(ctx);
    await widgetRows(ctx, engine === opts.dialects[0]);
    await apiRows(ctx, samples);
    // After row 2: the 10,000 articles these rows create are writes no earlier row should run beside.
    await knowledgeRows(ctx);
  } finally {
    await ctx.server?.stop();
    await autovacuum?.stop();
    if (autovacuum)
      process.stderr.write(
        `${engine}: autovacuum's work, as emulated: ${autovacuum.runs.length} statements (${[...new Set(autovacuum.runs)].join(', ')})\n`,
      );
    await db.drop();
  }
  if (ctx.want(11)) rssPeakRow(ctx);
  return { rows: ctx.rows, seed };
}

function machine(pgVersion: string): string {
  return [
    `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}`,
    `load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')} at start (shared with other work)`,
    `Node ${process.version}`,
    `SQLite ${(new SQLite(':memory:').prepare('select sqlite_version() AS v').get() as { v: string }).v}`,
    pgVersion,
  ].join(', ');
}

async function main(): Promise<void> {
  const opts = options();
  if (!process.env.BENCH_SKIP_BUILD) execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  let pgVersion = 'PostgreSQL not used';
  if (opts.dialects.includes('postgres'))
    pgVersion = (await pgAdmin<{ v: string }>('SELECT version() AS v'))[0].v.split(' ').slice(0, 2).join(' ');
  const header = machine(pgVersion);
  const rows: Row[] = [];
  const seeds: string[] = [];
  for (const engine of opts.dialects) {
    const r = await runEngine(engine, opts);
    rows.push(...r.rows);
    seeds.push(`${engine}: ${r.seed}`);
  }
  const out = [
    `Benchmark: ${opts.tickets.toLocaleString('en-US')} tickets / ${(opts.tickets * 3).toLocaleString('en-US')} messages in the measured organization (+3 small ones), ${opts.duration} s per load step, ${opts.rounds} round(s) of product/baseline`,
    `Machine: ${header}`,
    `Data: ${seeds.join('; ')}`,
    '',
    table(rows),
  ].join('\n');
  process.stdout.write(out);
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
