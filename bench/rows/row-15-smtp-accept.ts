import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { auth, mean, ratioRow, restartServer, type Ctx } from '../context.js';
import { mainAndOtherCpuMs, postgresCpuMs } from '../helpers/process-cpu.js';
import { freePort, sleep, startHelper, type Proc } from '../procs.js';

// Row 15: mail received by the built-in SMTP listener (`serve` with SMTP_INBOUND_PORT) and turned into
// tickets, per second, against the same smtp-server library accepting and discarding the same mail in
// a process of its own. The same client (bench/helpers/smtp-client.ts, a nodemailer pool of 8
// connections) sends distinct small mails for the load step to each. The product's rate counts from the
// client's first counted mail until the last accepted one is a ticket: storing before the 250 and
// processing after it are both in it. Each window follows a warm-up of the same load (WARMUP_SECONDS).

const CONNECTIONS = 8;
const GOAL = 0.3;
/**
 * Seconds of the same load before each counted window, on both sides (as rows 3 and 5 do): each
 * round's bare server and client are new processes, and the product's first round would otherwise
 * count V8 compiling its hot paths, which on two cores took about a tenth of the machine.
 */
const WARMUP_SECONDS = 2;

interface ClientOut {
  count: number;
  seconds: number;
  failed: number;
  /** Epoch ms of the client's first mail. */
  startedAt: number;
  /** The client's CPU over the counted window, ms. */
  cpuMs: number;
}

/**
 * CPU so far of the receiving process (its main thread apart) and of PostgreSQL's processes, ms: read
 * at the start and end of a counted window, it gives each one's CPU per mail, which moves far less
 * with what else the shared machine runs than the rate does.
 */
interface CpuAt {
  main: number;
  others: number;
  postgres: number;
}
const cpuAt = (pid: number, postgres: boolean): CpuAt => ({
  ...mainAndOtherCpuMs(pid),
  postgres: postgres ? postgresCpuMs() : 0,
});
/** µs per mail of each part between two readings, summed over rounds. */
class CpuPerMail {
  private readonly sums = { main: 0, others: 0, postgres: 0, client: 0, mails: 0 };
  add(from: CpuAt, to: CpuAt, client: ClientOut): void {
    this.sums.main += to.main - from.main;
    this.sums.others += to.others - from.others;
    this.sums.postgres += to.postgres - from.postgres;
    this.sums.client += client.cpuMs;
    this.sums.mails += client.count;
  }
  us(part: 'main' | 'others' | 'postgres' | 'client'): number {
    return Math.round((this.sums[part] * 1000) / Math.max(1, this.sums.mails));
  }
}

/**
 * One client run: WARMUP_SECONDS of the same load from `warmFrom` (not counted), then, once `warm`
 * has settled what the warm-up left (the product makes its tickets), the counted window.
 */
async function runClient(
  port: number,
  to: string,
  from: string,
  seconds: number,
  warmFrom: string,
  warm: (accepted: number) => Promise<void>,
  counting: () => void,
): Promise<ClientOut> {
  const client = startHelper('helpers/smtp-client.ts', {
    PORT: String(port),
    TO: to,
    FROM: from,
    CONNECTIONS: String(CONNECTIONS),
    SECONDS: String(seconds),
    WARMUP_SECONDS: String(WARMUP_SECONDS),
    WARMUP_FROM: warmFrom,
  });
  const exited = new Promise((resolve) => client.child.once('exit', resolve));
  let line: RegExpExecArray | null = null;
  while (!(line = /^warm (\d+)$/m.exec(client.stdout())) && client.child.exitCode === null) await sleep(20);
  if (!line) throw new Error(`row 15: the client exited during its warm-up: ${client.stderrTail()}`);
  await warm(Number(line[1]));
  counting();
  client.child.kill('SIGUSR2');
  await exited;
  return JSON.parse(client.stdout().trim().split('\n').at(-1)!) as ClientOut;
}

async function api(ctx: Ctx, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${ctx.base}${path}`, {
    method,
    headers: { ...auth(ctx), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * Tickets of the sender's customer: each mail of the row is a new ticket of it. Read from the customer's
 * own count: a list's total stops counting at 10,000, which a fast run's rounds pass.
 */
async function ticketsOf(ctx: Ctx, from: string): Promise<number> {
  const customers = await api(ctx, 'GET', `/api/v1/customers?search=${encodeURIComponent(from)}&limit=1`);
  return (customers.data[0]?.ticket_count as number | undefined) ?? 0;
}

/**
 * Waits until the sender's `count` accepted mails are all tickets, looking every 10 ms: the product's
 * window ends when this returns, and looking every 100 ms added 50 ms on average to a 10 s window
 * (about half a percent of the rate). It looks only once the client has finished.
 */
async function allTickets(ctx: Ctx, from: string, count: number, what: string): Promise<void> {
  let made = 0;
  const deadline = Date.now() + 300_000;
  while ((made = await ticketsOf(ctx, from)) < count && Date.now() < deadline) await sleep(10);
  if (made < count) throw new Error(`row 15: ${made} of ${count} ${what} mails became tickets`);
}

async function bareServer(): Promise<{ proc: Proc; port: number }> {
  const proc = startHelper('helpers/smtp-bare.ts', {});
  for (let i = 0; i < 200; i++) {
    const m = /listening (\d+)/.exec(proc.stdout());
    if (m) return { proc, port: Number(m[1]) };
    await sleep(50);
  }
  await proc.stop();
  throw new Error('the bare smtp-server did not start');
}

export async function smtpAcceptRow(ctx: Ctx): Promise<void> {
  const { duration: seconds, rounds } = ctx.opts;
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-mail-'));
  const port = await freePort();
  try {
    await restartServer(ctx, ['serve', '--no-worker'], {
      SMTP_INBOUND_PORT: String(port),
      SMTP_INBOUND_HOST: '127.0.0.1',
      DATA_DIR: dataDir,
    });
    const address = `support-${process.pid}-${Date.now()}@bench.example`;
    await api(ctx, 'POST', '/api/v1/mailboxes', { name: 'Bench support', address });
    const product: number[] = [];
    const base: number[] = [];
    const productCpu = new CpuPerMail();
    const baseCpu = new CpuPerMail();
    /** Mails answered 250 per second of the client's window, and ms from its end to the last ticket. */
    const accepted: number[] = [];
    const behind: number[] = [];
    const serverPid = ctx.server!.pid;
    for (let r = 0; r < rounds; r++) {
      const from = `jane-${process.pid}-${r}@customer.example`;
      const warmFrom = `warm-${process.pid}-${r}@customer.example`;
      let start = cpuAt(serverPid, true);
      const out = await runClient(
        port,
        address,
        from,
        seconds,
        warmFrom,
        (accepted) => allTickets(ctx, warmFrom, accepted, 'warm-up'),
        () => (start = cpuAt(serverPid, true)),
      );
      // Until every accepted mail is a ticket (processing may run behind the 250s).
      await allTickets(ctx, from, out.count, 'accepted');
      product.push(out.count / ((Date.now() - out.startedAt) / 1000));
      accepted.push(out.count / out.seconds);
      behind.push(Date.now() - out.startedAt - out.seconds * 1000);
      productCpu.add(start, cpuAt(serverPid, true), out);

      const bare = await bareServer();
      try {
        let bareStart = cpuAt(bare.proc.pid, false);
        const b = await runClient(
          bare.port,
          address,
          from,
          seconds,
          warmFrom,
          async () => undefined,
          () => (bareStart = cpuAt(bare.proc.pid, false)),
        );
        base.push(b.count / b.seconds);
        baseCpu.add(bareStart, cpuAt(bare.proc.pid, false), b);
      } finally {
        await bare.proc.stop();
      }
    }
    // CPU per mail over the counted windows; the product's includes the polls for its last ticket.
    const cpuText =
      `Answered 250: ${Math.round(mean(accepted)).toLocaleString('en-US')} mails/s, the last a ticket ` +
      `${Math.round(mean(behind))} ms after the client's window. CPU per mail: \`serve\` ${productCpu.us('main')} µs on its main thread + ${productCpu.us('others')} µs ` +
      `on its other threads, PostgreSQL ${productCpu.us('postgres')} µs, client ${productCpu.us('client')} µs; ` +
      `bare server ${baseCpu.us('main') + baseCpu.us('others')} µs, client ${baseCpu.us('client')} µs`;
    ratioRow(
      ctx,
      15,
      `SMTP listener: mails accepted and made tickets per second (${CONNECTIONS} connections) vs the same smtp-server discarding them. ${cpuText}`,
      product,
      base,
      GOAL,
      (x) => `${Math.round(x).toLocaleString('en-US')} mails/s`,
    );
  } finally {
    await restartServer(ctx, ['serve', '--no-worker']);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
