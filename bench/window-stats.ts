import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import pg from 'pg';
import { mean } from './context.js';
import { cpuMs, processes } from './helpers/process-cpu.js';

// What the machine did during a load window of the webhook rows (3 and 4), printed with them: where
// the two cores went (by process group, from /proc) and, on PostgreSQL, how often the database's
// backends were waiting on a lock (pg_stat_activity sampled every 50 ms). A shortfall of row 3 can
// be lock waits on a shared row or a lack of CPU; these figures show which.

/** The process groups a window's CPU is split into; the rest is "other". */
const GROUPS: [string, (comm: string, cmdline: string, pid: number) => boolean][] = [
  ['API', (_c, cmd) => cmd.includes('main.js\0serve')],
  ['workers', (_c, cmd) => cmd.includes('main.js\0worker')],
  ['PostgreSQL', (comm) => comm === 'postgres'],
  ['receiver', (_c, cmd) => cmd.includes('helpers/receiver.ts')],
  ['floor senders', (_c, cmd) => cmd.includes('helpers/floor-sender.mjs')],
  ['load generator', (_c, _cmd, pid) => pid === process.pid],
];

function machineTicks(): { busy: number; total: number } {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = cpu.reduce((a, b) => a + b, 0);
  // idle and iowait
  return { busy: total - cpu[3] - cpu[4], total };
}

/** The groups whose main threads (event loops) are reported apart: a Node.js process's requests are served by its one. */
const EVENT_LOOP_GROUPS = new Set(['API', 'workers']);

function cpuByGroup(): Map<string, number> {
  const out = new Map<string, number>();
  for (const { pid, comm, cmdline } of processes()) {
    try {
      const group = GROUPS.find(([, match]) => match(comm, cmdline, pid))?.[0] ?? 'other';
      out.set(group, (out.get(group) ?? 0) + cpuMs(pid));
      if (EVENT_LOOP_GROUPS.has(group)) out.set(`${group}:main`, (out.get(`${group}:main`) ?? 0) + cpuMs(pid, pid));
    } catch {
      // gone
    }
  }
  return out;
}

export interface WindowStats {
  cores: number;
  /** Cores busy on average (of `cores`). */
  busy: number;
  /** Cores used on average by each process group; "API:main" and "workers:main" are their processes' main threads. */
  groups: [string, number][];
  /** Samples of the database's busy backends (in a statement or a transaction), and how many of them were waiting on a lock. */
  backendSamples: number;
  lockWaits: number;
}

/** Runs fn and reports the machine's CPU and (with a PostgreSQL URL) the lock waits over its run. */
export async function measureWindow<T>(databaseUrl: string | null, fn: () => Promise<T>): Promise<[T, WindowStats]> {
  const sampler = databaseUrl?.startsWith('postgres') ? await lockSampler(databaseUrl) : null;
  const m0 = machineTicks();
  const g0 = cpuByGroup();
  const t0 = performance.now();
  const result = await fn();
  const seconds = (performance.now() - t0) / 1000;
  const g1 = cpuByGroup();
  const m1 = machineTicks();
  const locks = (await sampler?.stop()) ?? { samples: 0, waits: 0 };
  const cores = cpus().length;
  const groups = [...g1]
    .map(([name, ms]) => [name, (ms - (g0.get(name) ?? 0)) / 1000 / seconds] as [string, number])
    .filter(([, c]) => c >= 0.005)
    .sort((a, b) => b[1] - a[1]);
  // Busy jiffies over the window's elapsed jiffies on all cores, times the cores.
  const busy = ((m1.busy - m0.busy) / (m1.total - m0.total)) * cores;
  return [result, { cores, busy, groups, backendSamples: locks.samples, lockWaits: locks.waits }];
}

async function lockSampler(url: string): Promise<{ stop(): Promise<{ samples: number; waits: number }> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let samples = 0;
  let waits = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      // Busy: running a statement or inside a transaction (most of a create's time is the latter, its
      // backend waiting for the API's next statement).
      const r = await client.query<{ busy: number; waiting: number }>(
        `select count(*)::int as busy, (count(*) filter (where wait_event_type = 'Lock'))::int as waiting
           from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'`,
      );
      samples += r.rows[0].busy;
      waits += r.rows[0].waiting;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop.catch(() => undefined);
      await client.end();
      return { samples, waits };
    },
  };
}

const c = (x: number) => x.toFixed(2);

/** "CPU 1.97 of 2 cores (API 0.81 (main thread 0.78), PostgreSQL 0.62, …); waiting on a lock: 12 of 1,234 samples of busy backends". */
export function windowText(s: WindowStats): string {
  const cores = new Map(s.groups);
  const groups = s.groups
    .filter(([name]) => !name.endsWith(':main'))
    .map(
      ([name, used]) =>
        `${name} ${c(used)}${cores.has(`${name}:main`) ? ` (main thread${name === 'workers' ? 's' : ''} ${c(cores.get(`${name}:main`)!)})` : ''}`,
    )
    .join(', ');
  const locks =
    s.backendSamples > 0
      ? `; waiting on a lock: ${s.lockWaits.toLocaleString('en-US')} of ${s.backendSamples.toLocaleString('en-US')} samples of busy backends`
      : '';
  return `CPU ${c(s.busy)} of ${s.cores} cores (${groups})${locks}`;
}

/** One round of row 3: the window without workers and the window with them. */
export interface SharedRound {
  alone: { stats: WindowStats; creates: number };
  shared: { stats: WindowStats; creates: number; deliveries: number };
}

/**
 * Row 3's CPU budget, from the machine's busy cores in both windows (rates per second): what a create
 * costs alone (C, every process included), what each delivery adds to the machine with the workers
 * running (D: the shared window's cores less its creates at C, over its deliveries; workers, receiver,
 * database statements and whatever the creates lose to sharing), and the most D may be for `goal` × the
 * creates alone, each queuing k deliveries, to fit in the machine's cores: goal · rate · (C + k · D) ≤ cores.
 * Averaged over rounds. Shows whether a shortfall is the cost of delivering or something else.
 */
export function deliveryBudget(rounds: SharedRound[], goal: number) {
  const per = rounds.map(({ alone, shared }) => {
    const create = alone.stats.busy / alone.creates;
    const delivery = (shared.stats.busy - shared.creates * create) / shared.deliveries;
    const perCreate = shared.deliveries / shared.creates;
    const group = (name: string) => (new Map(shared.stats.groups).get(name) ?? 0) / shared.deliveries;
    return {
      create,
      delivery,
      workers: group('workers'),
      receiver: group('receiver'),
      budget: (alone.stats.cores / (goal * alone.creates) - create) / perCreate,
    };
  });
  const avg = (key: keyof (typeof per)[number]) => mean(per.map((p) => p[key]));
  return {
    create: avg('create'),
    delivery: avg('delivery'),
    workers: avg('workers'),
    receiver: avg('receiver'),
    budget: avg('budget'),
  };
}

/** "CPU per create alone 4.59 ms; each delivery added 0.375 ms (workers 0.175, receiver 0.094); 0.8 × leaves 0.215 ms per delivery". */
export function budgetText(b: ReturnType<typeof deliveryBudget>, goal: number): string {
  const ms = (s: number) => `${(s * 1000).toFixed(3)} ms`;
  return `CPU per create alone ${ms(b.create)}; each delivery added ${ms(b.delivery)} to the machine (workers ${ms(b.workers)}, receiver ${ms(b.receiver)}, the rest database and sharing); ${goal} × leaves ${b.budget > 0 ? ms(b.budget) : 'nothing'} per delivery`;
}
