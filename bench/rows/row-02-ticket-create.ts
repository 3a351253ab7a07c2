import { auth, ratioRow, type Ctx } from '../context.js';
import { load } from '../load.js';
import { ticketBody } from '../requests.js';

/**
 * Row 2: `POST /tickets` (50 connections) against the baseline server's `POST /tickets`: what a ticket
 * creation must do at least, as one raw better-sqlite3 transaction behind bare Fastify, on its own copy
 * of the seeded SQLite file. Product and baseline alternate, ctx.opts.rounds times each.
 */
export async function ticketCreateRow(ctx: Ctx, bare: string): Promise<void> {
  const { duration: seconds, rounds } = ctx.opts;
  const product: number[] = [];
  const base: number[] = [];
  for (let r = 0; r < rounds; r++) {
    base.push(
      (
        await load({
          url: bare,
          connections: 50,
          seconds,
          method: 'POST',
          next: () => ({ path: '/tickets', body: ticketBody() }),
        })
      ).rps,
    );
    const p = await load({
      url: ctx.base,
      connections: 50,
      seconds,
      method: 'POST',
      headers: auth(ctx),
      next: () => ({ path: '/api/v1/tickets', body: ticketBody() }),
    });
    if (p.non2xx || p.errors) process.stderr.write(`  POST /tickets: ${p.non2xx} non-2xx, ${p.errors} errors\n`);
    product.push(p.rps);
  }
  ratioRow(
    ctx,
    2,
    '`POST /tickets` vs raw better-sqlite3 transaction behind bare Fastify, 50 conns',
    product,
    base,
    ctx.engine === 'sqlite' ? 0.5 : 0.25,
  );
}
