import type { Ctx } from '../context.js';

/**
 * Row 11: the highest peak RSS (VmHWM) of the `serve` processes the engine's run started, with each
 * server's peak beside the rows it measured (those added while it was the server of the moment). Run
 * after every other row of the engine, once its servers have stopped.
 */
export function rssPeakRow(ctx: Ctx): void {
  const peaks = ctx.servers.map((s) => s.peakMb());
  const peak = Math.max(...peaks);
  // Each server by the rows it measured (those added while it was the server of the moment).
  const each = peaks.map((mb, i) => {
    const served = [...new Set(ctx.rows.slice(ctx.serverStarts[i], ctx.serverStarts[i + 1]).map((r) => r.n))];
    return `${served.length ? `rows ${served.join(', ')}` : 'no row'}: ${Math.round(mb)}`;
  });
  ctx.rows.push({
    n: 11,
    scenario: 'server RSS peak (VmHWM of the `serve` processes) under the rows above',
    engine: ctx.engine,
    product: `${Math.round(peak)} MB (each server, in start order: ${each.join('; ')})`,
    baseline: '—',
    ratio: '—',
    goal: '< 200 MB',
    met: peak < 200,
  });
}
