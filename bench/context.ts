import type { Engine, OrgSpec } from './seed/generate.js';
import type { SeededDatabase } from './seed/seed.js';
import { freePort, serviceEnv, startService, waitHttp, type Proc } from './procs.js';

// What every row of one engine's run shares: the seeded copy, the running service, the options, and
// the rows measured so far.

export interface Options {
  dialects: Engine[];
  sizeLabel: string;
  tickets: number;
  only: Set<number> | null;
  /** Seconds of each load step. */
  duration: number;
  /** Product/baseline alternations of the ratio rows. */
  rounds: number;
}

export interface Row {
  n: number;
  scenario: string;
  engine: Engine;
  product: string;
  baseline: string;
  ratio: string;
  goal: string;
  met: boolean | null;
}

export interface Ctx {
  engine: Engine;
  opts: Options;
  db: SeededDatabase;
  spec: OrgSpec;
  token: string;
  /** The product server of the moment (rows restart it with other options). */
  server: Proc;
  base: string;
  /** Every serve process this run started (row 11 reports their peak), with how many rows existed at its start. */
  servers: Proc[];
  serverStarts: number[];
  rows: Row[];
  want(n: number): boolean;
}

export const auth = (ctx: Ctx) => ({ authorization: `Bearer ${ctx.token}` });

/** Stops the current server and starts `serve` with these arguments on the same database. */
export async function restartServer(ctx: Ctx, args: string[], env: Record<string, string> = {}): Promise<void> {
  await ctx.server?.stop();
  const port = await freePort();
  const proc = startService(args, serviceEnv(ctx.db.url, { PORT: String(port), ...env }));
  ctx.servers.push(proc);
  ctx.serverStarts.push(ctx.rows.length);
  ctx.server = proc;
  ctx.base = `http://127.0.0.1:${port}`;
  await waitHttp(`${ctx.base}/healthz`, proc);
}

export function startWorkers(ctx: Ctx, count: number): Proc[] {
  return Array.from({ length: count }, () => startService(['worker'], serviceEnv(ctx.db.url)));
}

const fmt = (x: number, digits = 0) =>
  x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
export const rps = (x: number) => `${fmt(x)} req/s`;
export const ms = (x: number | null) => (x === null || Number.isNaN(x) ? 'n/a' : `${fmt(x, x < 10 ? 1 : 0)} ms`);
export const ratioText = (x: number) => `${fmt(x, 2)} ×`;
export const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** Adds a row whose goal is a ratio product/baseline ≥ goal. */
export function ratioRow(
  ctx: Ctx,
  n: number,
  scenario: string,
  product: number[],
  baseline: number[],
  goal: number,
  unit = rps,
): void {
  const p = mean(product);
  const b = mean(baseline);
  const r = p / b;
  ctx.rows.push({
    n,
    scenario,
    engine: ctx.engine,
    product: unit(p),
    baseline: unit(b),
    ratio: ratioText(r),
    goal: `≥ ${goal} ×`,
    met: r >= goal,
  });
  progress(ctx.rows.at(-1)!);
}

export function addRow(ctx: Ctx, row: Omit<Row, 'engine'>): void {
  ctx.rows.push({ ...row, engine: ctx.engine });
  progress(ctx.rows.at(-1)!);
}

function progress(r: Row): void {
  process.stderr.write(
    `  [${r.engine}] ${r.n}. ${r.scenario}: ${r.product}${r.baseline !== '—' ? ` vs ${r.baseline} (${r.ratio})` : ''} — goal ${r.goal}: ${r.met === null ? 'n/a' : r.met ? 'met' : 'NOT met'}\n`,
  );
}

export function table(rows: Row[]): string {
  const head =
    '| # | scenario | engine | product | baseline | ratio | goal | met? |\n|---|---|---|---|---|---|---|---|\n';
  // By row, then the order within the row (row 6's filters), SQLite before PostgreSQL for each.
  const place = new Map<Row, number>();
  const seen = new Map<string, number>();
  for (const r of rows) {
    const k = `${r.n}/${r.engine}`;
    place.set(r, seen.get(k) ?? 0);
    seen.set(k, (seen.get(k) ?? 0) + 1);
  }
  const sorted = [...rows].sort(
    (a, b) =>
      a.n - b.n || place.get(a)! - place.get(b)! || (a.engine === b.engine ? 0 : a.engine === 'sqlite' ? -1 : 1),
  );
  return (
    head +
    sorted
      .map(
        (r) =>
          `| ${r.n} | ${r.scenario} | ${r.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'} | ${r.product} | ${r.baseline} | ${r.ratio} | ${r.goal} | ${r.met === null ? '—' : r.met ? 'yes' : '**no**'} |`,
      )
      .join('\n') +
    '\n'
  );
}

/** The p-th percentile (nearest rank) of ascending numbers. */
export const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
