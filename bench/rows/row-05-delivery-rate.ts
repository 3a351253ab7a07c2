import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { mean, ratioRow, restartServer, startWorkers, type Ctx } from '../context.js';
import { api } from '../load.js';
import { sleep, startHelper } from '../procs.js';
import { CACHE_DIR } from '../seed/seed.js';
import { dropQueued, postTickets, receiverCall, stopAll, withHooks } from '../webhook-rig.js';

/**
 * Seconds of row 5's sending, product and baseline alike, that come before its window: shown, not
 * counted (as row 7's first second). A `worker` process reaches its steady rate 1.5-2 s after its
 * first delivery (its code is compiled as it runs; from a 60,000-delivery backlog on a 2-core machine:
 * 470, 2,200 and 4,000 deliveries/s in its first three half-seconds, 5,000-7,500 from the fifth on);
 * row 3 likewise measures warm workers (ROW3_WARMUP_SECONDS). The rate of a delivery process that
 * runs for days is its steady one.
 */
const ROW5_WARMUP_SECONDS = 2;

/**
 * Row 5: deliveries/s reaching the receiver from a queued backlog vs a raw undici Pool. Each round
 * queues its own backlog (tickets created with no worker running, 10 deliveries each), sized from the
 * rate seen so far so that it lasts the warm-up and the whole window, then starts the product; the
 * receiver counts the window from ROW5_WARMUP_SECONDS after the first arrival (a product that starts
 * delivering while it is still starting up, like `serve` on SQLite, is measured the same way).
 */
export async function deliveryRateRow(ctx: Ctx, receiver: string): Promise<void> {
  const { duration: seconds, rounds } = ctx.opts;
  const concurrency = Number(process.env.WEBHOOK_WORKER_CONCURRENCY ?? 64); // the service's default
  mkdirSync(CACHE_DIR, { recursive: true });
  const bodyFile = join(CACHE_DIR, `delivery-body-${process.pid}.json`);
  // Deliveries/s the backlog must feed for a whole window (raised to what the rounds measure).
  let expectedRate = 6_000;
  await withHooks(ctx, receiver, 'r5', async (paths, ids) => {
    const product: number[] = [];
    const base: number[] = [];
    // The warm-ups' rates (not counted).
    const productWarm: number[] = [];
    const baseWarm: number[] = [];
    for (let r = 0; r < rounds; r++) {
      await receiverCall(receiver, '/__reset', 'POST');
      const backlogTickets = Math.ceil((expectedRate * (seconds + ROW5_WARMUP_SECONDS) * 1.5) / 10);
      let created = 0;
      while (created < backlogTickets) created += Math.round((await postTickets(ctx, 3)).rps * 3);
      // The statistics autovacuum keeps in production (its emulation, bench/autovacuum.ts, may not
      // have run yet, and the template was analyzed with no delivery at all): without them PostgreSQL
      // plans the claim as a bitmap scan and sort of the whole backlog (7 ms per claim at 16k queued)
      // instead of reading the queue index in order.
      if (ctx.engine === 'postgres') await analyzeDeliveries(ctx.db.url);
      // Product: SQLite delivers in-process (`serve`), PostgreSQL from one `worker` process.
      const workers = ctx.engine === 'sqlite' ? [] : startWorkers(ctx, 1);
      if (ctx.engine === 'sqlite') await restartServer(ctx, ['serve']);
      const { rate, warm } = await windowRate(receiver, seconds, created * 10);
      product.push(rate);
      if (warm !== null) productWarm.push(warm);
      expectedRate = Math.max(expectedRate, rate);
      await stopAll(workers);
      if (ctx.engine === 'sqlite') await restartServer(ctx, ['serve', '--no-worker']);
      // What is left of the backlog is not carried into the next round.
      await dropQueued(ctx, ids);
      // Baseline: the same receiver, paths and a delivery's bytes (a representative ticket.created body).
      writeFileSync(bodyFile, await sampleDeliveryBody(ctx));
      const raw = startHelper('helpers/raw-deliveries.ts', {
        URL: receiver,
        PATHS: paths.join(','),
        BODY_FILE: bodyFile,
        CONCURRENCY: String(concurrency),
        SECONDS: String(seconds),
        WARMUP: String(ROW5_WARMUP_SECONDS),
      });
      await new Promise((resolve) => raw.child.once('exit', resolve));
      const out = JSON.parse(raw.stdout().trim()) as { count: number; seconds: number; warm: number | null };
      base.push(out.count / out.seconds);
      if (out.warm !== null) baseWarm.push(out.warm);
    }
    rmSync(bodyFile, { force: true });
    const perSecond = (x: number) => `${Math.round(x).toLocaleString('en-US')} deliveries/s`;
    const warmText =
      productWarm.length && baseWarm.length
        ? `; first ${ROW5_WARMUP_SECONDS} s, not counted: ${perSecond(mean(productWarm))} vs ${perSecond(mean(baseWarm))} (${(mean(productWarm) / mean(baseWarm)).toFixed(2)} ×)`
        : '';
    ratioRow(
      ctx,
      5,
      `webhook delivery rate from a queued backlog vs raw undici Pool (${concurrency} in flight), after ${ROW5_WARMUP_SECONDS} s of sending${warmText}`,
      product,
      base,
      0.3,
      perSecond,
    );
  });
}

/**
 * Deliveries/s over `seconds` from ROW5_WARMUP_SECONDS after the first arrival (as the receiver timed
 * them), and the warm-up's own rate; when the backlog runs out first (all arrived, or nothing more for
 * 2 s), up to the last arrival.
 */
async function windowRate(
  receiver: string,
  seconds: number,
  backlog: number,
): Promise<{ rate: number; warm: number | null }> {
  const deadline = Date.now() + 60_000 + (seconds + ROW5_WARMUP_SECONDS) * 1000;
  let last = -1;
  let lastChange = Date.now();
  for (;;) {
    await sleep(100);
    const w = (await (await fetch(`${receiver}/__window?seconds=${seconds}&skip=${ROW5_WARMUP_SECONDS}`)).json()) as {
      count: number;
      seconds: number;
      full: boolean;
      arrivals: number;
      warm: number | null;
    };
    if (w.full) return { rate: w.count / w.seconds, warm: w.warm };
    if (w.arrivals !== last) {
      last = w.arrivals;
      lastChange = Date.now();
    }
    const idle = last > 0 && Date.now() - lastChange > 2_000;
    if (w.arrivals >= backlog || idle || Date.now() > deadline) {
      process.stderr.write(
        `  row 5: the backlog (${backlog}) ran out after ${w.seconds.toFixed(1)} s of the ${seconds} s window; rate measured up to the last delivery\n`,
      );
      return { rate: w.seconds > 0 ? w.count / w.seconds : Number.NaN, warm: w.warm };
    }
  }
}

async function analyzeDeliveries(url: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query('ANALYZE webhook_deliveries').finally(() => c.end());
}

/** A ticket.created body as the service serializes it (event, timestamp, organization_id, data). */
async function sampleDeliveryBody(ctx: Ctx): Promise<string> {
  const client = api(ctx.base, ctx.token);
  try {
    const list = await client.call<{ data: Record<string, unknown>[] }>('GET', '/api/v1/tickets?limit=1');
    return JSON.stringify({
      event: 'ticket.created',
      timestamp: new Date().toISOString(),
      organization_id: ctx.db.organizationId,
      data: list.data[0],
    });
  } finally {
    await client.close();
  }
}
