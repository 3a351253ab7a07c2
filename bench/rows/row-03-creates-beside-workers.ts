import { mean, ratioRow, ratioText, startWorkers, type Ctx } from '../context.js';
import { sleep, startHelper, type Proc } from '../procs.js';
import { dropQueued, postTickets, receiverCall, stopAll, withHooks } from '../webhook-rig.js';
import {
  budgetText,
  deliveryBudget,
  measureWindow,
  windowText,
  type SharedRound,
  type WindowStats,
} from '../window-stats.js';

/** Whether row 3 also measures its floor (helpers/floor-sender.mjs): on unless ROW3_FLOOR=0. */
const floorWanted = () => process.env.ROW3_FLOOR !== '0';

/** Row 3's goal: creates with the workers delivering, as a fraction of the creates without them. */
const ROW3_GOAL = 0.8;

/** Row 3: seconds the two workers get to start (1-1.5 s of CPU each on a 2-core machine) before any load. */
const ROW3_START_SECONDS = 3;

/**
 * Row 3: seconds of the same create load with the workers running before the window (shown, not
 * counted). Row 3 measures creates while the workers deliver what those creates queue, with warm
 * workers, as in a deployment whose workers run for days. A window 2 s after the workers' first
 * delivery finds them still catching up on the backlog the window without them left (14,000
 * deliveries, delivered at 2.4 times the rate the creates beside them queue) and still compiling
 * their code: two fresh processes, each reaching its steady cost per delivery only after seconds of
 * deliveries.
 */
const ROW3_WARMUP_SECONDS = 5;

/**
 * Row 3 (PostgreSQL): `POST /tickets` at 50 connections while 2 `worker` processes deliver what those
 * creates queue (10 webhooks) vs the same without workers, alternating ctx.opts.rounds times; with
 * its floor (two DB-free senders in place of the workers) unless ROW3_FLOOR=0. Runs on a
 * `serve --no-worker` server. `receiver`: the receiver's base URL.
 */
export async function createsBesideWorkersRow(ctx: Ctx, receiver: string): Promise<void> {
  const { duration: seconds, rounds } = ctx.opts;
  await withHooks(ctx, receiver, 'r3', async (paths, ids) => {
    const without: number[] = [];
    const withWorkers: number[] = [];
    // The creates/s of the warm-ups with workers (shown, not counted).
    const warming: number[] = [];
    // Deliveries/s reaching the receiver during the windows with workers: workers that protected
    // creates by delivering nothing would otherwise look best.
    const delivered: number[] = [];
    // Where the cores went in each kind of window (the last round's), and the lock waits.
    let alone: WindowStats | null = null;
    let shared: WindowStats | null = null;
    // Every round's, for the CPU budget of a delivery.
    const measured: SharedRound[] = [];
    // Row 3's floor: the same windows with two DB-free senders in place of the workers (see
    // helpers/floor-sender.mjs), their creates/s and deliveries/s; the last round's machine.
    const floor: number[] = [];
    const floorDelivered: number[] = [];
    let floorMachine: WindowStats | null = null;
    // A window of creates beside the deliverers `start` starts: ROW3_START_SECONDS for them to start,
    // ROW3_WARMUP_SECONDS of the same load (its rate shown, not counted), then the window; afterwards
    // they stop and what is still queued is dropped.
    const windowBeside = async (start: () => Proc[]) => {
      const procs = start();
      await sleep(ROW3_START_SECONDS * 1000);
      const warm = (await postTickets(ctx, ROW3_WARMUP_SECONDS)).rps;
      const before = (await receiverCall(receiver, '/__stats')).arrivals;
      const [w, machine] = await measureWindow(ctx.db.url, () => postTickets(ctx, seconds));
      const deliveries = ((await receiverCall(receiver, '/__stats')).arrivals - before) / seconds;
      await stopAll(procs);
      await dropQueued(ctx, ids);
      return { warm, creates: w.rps, machine, deliveries };
    };
    for (let r = 0; r < rounds; r++) {
      const [a, machineAlone] = await measureWindow(ctx.db.url, () => postTickets(ctx, seconds));
      without.push(a.rps);
      alone = machineAlone;
      // The deliveries that window queued are not the next one's: the workers deliver what the
      // creates beside them queue (see ROW3_WARMUP_SECONDS).
      await dropQueued(ctx, ids);
      const w = await windowBeside(() => startWorkers(ctx, 2));
      warming.push(w.warm);
      withWorkers.push(w.creates);
      shared = w.machine;
      delivered.push(w.deliveries);
      measured.push({
        alone: { stats: machineAlone, creates: a.rps },
        shared: { stats: w.machine, creates: w.creates, deliveries: w.deliveries },
      });
      if (floorWanted()) {
        const env = {
          DATABASE_URL: ctx.db.url,
          ORGANIZATION_ID: ctx.db.organizationId,
          HOOK_URLS: paths.map((p) => `${receiver}${p}`).join(','),
        };
        const f = await windowBeside(() => [0, 1].map(() => startHelper('helpers/floor-sender.mjs', env)));
        floor.push(f.creates);
        floorDelivered.push(f.deliveries);
        floorMachine = f.machine;
      }
    }
    const floorText = floor.length
      ? ` Floor (ROW3_FLOOR=0 skips it): the same windows with two senders that post the same requests and do nothing else (no database writes, no signatures; bench/helpers/floor-sender.mjs) in place of the workers: ${Math.round(mean(floor))} creates/s (${ratioText(mean(floor) / mean(without))} the rate without workers; ${Math.round(mean(floorDelivered)).toLocaleString('en-US')} deliveries/s; ${windowText(floorMachine!)}).`
      : '';
    const nice = process.env.WEBHOOK_WORKER_NICE ?? '0';
    ratioRow(
      ctx,
      3,
      `\`POST /tickets\` while 2 \`worker\` processes (nice ${nice}) deliver (10 webhooks) vs without workers, 50 conns, after ${ROW3_WARMUP_SECONDS} s of the same load with the workers (${Math.round(mean(warming))} creates/s, not counted); meanwhile ${Math.round(mean(delivered)).toLocaleString('en-US')} deliveries/s. With workers: ${windowText(shared!)}. Without: ${windowText(alone!)}. ${budgetText(deliveryBudget(measured, ROW3_GOAL), ROW3_GOAL)}.${floorText}`,
      withWorkers,
      without,
      ROW3_GOAL,
    );
  });
}
