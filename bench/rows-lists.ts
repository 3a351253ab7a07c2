import pg from 'pg';
import { auth, restartServer, type Ctx } from './context.js';
import { load, loopDelayMax } from './load.js';
import type { Samples } from './requests.js';
import { oneClient } from './rows/one-client.js';
import { listFilterRows } from './rows/row-06-list-filters.js';
import { defaultListRow } from './rows/row-07-default-list.js';
import { commonWordRow } from './rows/row-08-search-common-word.js';
import { shortTermRow } from './rows/row-09-search-short-term.js';
import { eventLoopBlockRow, startProbe, stopProbe } from './rows/row-10-event-loop-block.js';

// Rows 6, 8, 9 (one client, p95 per filter/search), 7 (default list at 50 connections) and 10 (the
// longest event-loop block while they run, as the server's own event-loop monitor saw it, with the
// longest latency of a /healthz probe beside it), in this order, with row 10's measurements around
// the others.

async function vacuumAnalyze(url: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query('VACUUM ANALYZE').finally(() => c.end());
}

export async function listRows(ctx: Ctx, s: Samples): Promise<void> {
  const wants = [6, 7, 8, 9, 10].some((n) => ctx.want(n));
  if (!wants) return;
  const seconds = Math.max(2, ctx.opts.duration / 2);
  // One client repeating a few URLs would measure SQLite's representation cache (answers kept until
  // the next write), not the list: rows 6, 8 and 9 run without it. Row 7 keeps it (see docs/benchmarks.md).
  const oneClientRows = [6, 8, 9].some((n) => ctx.want(n));
  // Rows 2-5 may have added thousands of tickets and messages (at 10k they double the tables), and
  // autovacuum, which at this size would vacuum and analyze after them, may be off on the benchmark's
  // database server. Unvacuumed, the new rows sit in the trigram GIN indexes' pending lists, which
  // every search reads through (10k, after rows 2-5: a word p50 54 ms, an address 59 ms; 6 and 5 ms on
  // fresh data; ANALYZE alone does not change them).
  if (oneClientRows && ctx.engine === 'postgres') await vacuumAnalyze(ctx.db.url);
  if (oneClientRows && ctx.engine === 'sqlite')
    await restartServer(ctx, ['serve', '--no-worker'], { REPRESENTATION_CACHE_MB: '0' });
  const probe = ctx.want(10) ? await startProbe(ctx.base) : null;
  if (probe) await loopDelayMax(ctx.base);
  const run = oneClient(ctx, seconds);
  if (ctx.want(6)) await listFilterRows(ctx, s, run);
  if (ctx.want(8)) await commonWordRow(ctx, run);
  if (ctx.want(9)) await shortTermRow(ctx, run);
  const oneClientLoop = probe ? await loopDelayMax(ctx.base) : null;
  const oneClientProbe = probe ? await stopProbe(probe) : null;
  if (oneClientRows && ctx.engine === 'sqlite') await restartServer(ctx, ['serve', '--no-worker']);
  // A fresh process's first burst of 50 requests runs cold code (interpreted, with the serializers and
  // statements compiled on first use): 80 ms or so in one event-loop turn on a 2-core machine, once per
  // start. Row 10 is about blocks in steady state (a slow query stalling every client), so row 7 starts
  // after a second of the same load; the cold second's figure is shown, not counted.
  let coldLoop: number | null = null;
  if (ctx.want(7) && ctx.want(10)) {
    await loopDelayMax(ctx.base);
    await load({ url: `${ctx.base}/api/v1/tickets`, connections: 50, seconds: 1, headers: auth(ctx) });
    coldLoop = await loopDelayMax(ctx.base);
  }
  const probe7 = ctx.want(10) && ctx.want(7) ? await startProbe(ctx.base) : null;
  if (probe7) await loopDelayMax(ctx.base);
  if (ctx.want(7)) await defaultListRow(ctx);
  const loadedLoop = probe7 ? await loopDelayMax(ctx.base) : null;
  const loaded = probe7 ? await stopProbe(probe7) : null;
  if (oneClientProbe)
    eventLoopBlockRow(ctx, {
      oneClientLoop,
      oneClient: oneClientProbe,
      probe7: probe7 !== null,
      loadedLoop,
      loaded,
      coldLoop,
    });
}
