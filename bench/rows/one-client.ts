import { addRow, auth, ms, type Ctx } from '../context.js';
import { sample, type Sampled } from '../load.js';

// What the one-client rows (6, 8 and 9) share: one client repeating a URL for a while, the total its
// last answer reported, and the search rows' shape.

/** One client's run of `path(n)` for n = 0, 1, …: latency percentiles and the last answer. */
export type OneClientRun = (path: (n: number) => string) => Promise<Sampled>;

export const oneClient =
  (ctx: Ctx, seconds: number): OneClientRun =>
  (path) =>
    sample(ctx.base, auth(ctx), path, seconds);

/** meta.pagination.total of the run's last answer. */
export const total = (s: Sampled) =>
  (s.last as { meta?: { pagination?: { total?: number } } })?.meta?.pagination?.total;

/** A search row (8 or 9): `GET /tickets?search=<term>`, one client, p95 against 100 ms. */
export async function searchRow(ctx: Ctx, n: number, term: string, label: string, run: OneClientRun): Promise<void> {
  const r = await run(() => `/api/v1/tickets?search=${term}`);
  addRow(ctx, {
    n,
    scenario: `search ${label} "${term}", one client`,
    product: `p95 ${ms(r.p95)} (p50 ${ms(r.p50)}, ${r.count} req, total ${total(r) ?? '?'})`,
    baseline: '—',
    ratio: '—',
    goal: 'p95 < 100 ms',
    met: r.p95 < 100,
  });
}
