import { addRow, ms, type Ctx } from '../context.js';
import { sleep, startHelper, type Proc } from '../procs.js';

// Row 10: the longest event-loop block of the server while rows 6-9 run, as its own event-loop monitor
// saw it (load.ts loopDelayMax), with the longest latency of a /healthz probe (helpers/probe.ts) beside
// it. rows-lists.ts takes the measurements around the rows; this file starts and reads the probe, and
// adds the row.

/** The probe, once its first request has been answered (tsx start-up takes a while on a busy machine). */
export async function startProbe(base: string): Promise<Proc> {
  const p = startHelper('helpers/probe.ts', { URL: base });
  const deadline = Date.now() + 60_000;
  while (!p.stdout().includes('ready') && Date.now() < deadline) await sleep(50);
  return p;
}

export interface ProbeResult {
  max: number | null;
  p99: number | null;
  count: number;
  /** How late the probe's own 10 ms timer fired at most: the machine's stalls, as a control (probe.ts). */
  timerLateMax: number | null;
}

export async function stopProbe(p: Proc): Promise<ProbeResult> {
  await p.stop();
  const line = p.stdout().trim().split('\n').at(-1);
  return line && line !== 'ready'
    ? (JSON.parse(line) as ProbeResult)
    : { max: null, p99: null, count: 0, timerLateMax: null };
}

export interface EventLoopMeasurements {
  /** The monitor's longest delay over rows 6, 8 and 9, and the probe beside them. */
  oneClientLoop: number | null;
  oneClient: ProbeResult;
  /** Whether row 7 ran with a probe beside it; then the monitor's longest delay over it, and that probe. */
  probe7: boolean;
  loadedLoop: number | null;
  loaded: ProbeResult | null;
  /** The longest delay of a fresh server's first second of row 7's load (shown, not counted). */
  coldLoop: number | null;
}

export function eventLoopBlockRow(ctx: Ctx, m: EventLoopMeasurements): void {
  const { oneClientLoop, oneClient, probe7, loadedLoop, loaded, coldLoop } = m;
  // The criterion is the server's own monitor: the probe's latency also counts the time its request
  // queues behind row 7's 50 connections and the time the probe itself waits for a core, neither of
  // which is a block of the server's event loop (kept beside it as what a client saw).
  const worst = Math.max(oneClientLoop ?? Infinity, probe7 ? (loadedLoop ?? Infinity) : 0);
  addRow(ctx, {
    n: 10,
    scenario:
      "longest event-loop block during rows 6–9 (the server's event-loop monitor; a `/healthz` probe every 10 ms beside it)",
    product: `max ${ms(worst)} (rows 6, 8, 9: ${ms(oneClientLoop)}, probe max ${ms(oneClient.max)}, p99 ${ms(oneClient.p99)}, ${oneClient.count} probes, probe's own timer late by ≤ ${ms(oneClient.timerLateMax)}${loaded ? `; row 7: ${ms(loadedLoop)}, probe max ${ms(loaded.max)}, ${loaded.count} probes, probe's timer late by ≤ ${ms(loaded.timerLateMax)}; its first second after a start, not counted: ${ms(coldLoop)}` : ''})`,
    baseline: '—',
    ratio: '—',
    goal: '< 50 ms',
    met: worst < 50,
  });
}
