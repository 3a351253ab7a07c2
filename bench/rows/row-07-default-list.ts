import { addRow, auth, rps, type Ctx } from '../context.js';
import { load } from '../load.js';

/** Row 7: the default list (open tickets, newest first) under 50 connections. */
export async function defaultListRow(ctx: Ctx): Promise<void> {
  const goal = ctx.engine === 'sqlite' ? 2000 : 1000;
  const r = await load({
    url: `${ctx.base}/api/v1/tickets`,
    connections: 50,
    seconds: ctx.opts.duration,
    headers: auth(ctx),
  });
  if (r.non2xx || r.errors) process.stderr.write(`  GET /tickets: ${r.non2xx} non-2xx, ${r.errors} errors\n`);
  addRow(ctx, {
    n: 7,
    scenario: 'default list, 50 conns',
    product: `${rps(r.rps)} (p99 ${r.p99} ms)`,
    baseline: '—',
    ratio: '—',
    goal: `≥ ${goal.toLocaleString('en-US')} req/s`,
    met: r.rps >= goal,
  });
}
