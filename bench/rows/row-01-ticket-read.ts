import { auth, ratioRow, type Ctx } from '../context.js';
import { load } from '../load.js';
import type { Samples } from '../requests.js';

/**
 * Row 1: `GET /tickets/{id}` (sampled ids, 50 connections) against the baseline server's `GET /ticket`
 * (bare Fastify answering a constant ~1 KB ticket through a response schema). Product and baseline
 * alternate, ctx.opts.rounds times each. `bare`: the baseline server's base URL.
 */
export async function ticketReadRow(ctx: Ctx, samples: Samples, bare: string): Promise<void> {
  const { duration: seconds, rounds } = ctx.opts;
  const product: number[] = [];
  const base: number[] = [];
  let i = 0;
  const ids = samples.ticketIds;
  for (let r = 0; r < rounds; r++) {
    base.push((await load({ url: `${bare}/ticket`, connections: 50, seconds })).rps);
    const p = await load({
      url: ctx.base,
      connections: 50,
      seconds,
      headers: auth(ctx),
      next: () => ({ path: `/api/v1/tickets/${ids[i++ % ids.length]}` }),
    });
    if (p.non2xx || p.errors) process.stderr.write(`  GET /tickets/{id}: ${p.non2xx} non-2xx, ${p.errors} errors\n`);
    product.push(p.rps);
  }
  ratioRow(
    ctx,
    1,
    '`GET /tickets/{id}` vs bare Fastify (1 KB JSON, schema), 50 conns',
    product,
    base,
    ctx.engine === 'sqlite' ? 0.35 : 0.15,
  );
}
