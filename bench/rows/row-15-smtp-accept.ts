import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { auth, ratioRow, restartServer, type Ctx } from '../context.js';
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
    for (let r = 0; r < rounds; r++) {
      const from = `jane-${process.pid}-${r}@customer.example`;
      const warmFrom = `warm-${process.pid}-${r}@customer.example`;
      const out = await runClient(port, address, from, seconds, warmFrom, (accepted) =>
        allTickets(ctx, warmFrom, accepted, 'warm-up'),
      );
      // Until every accepted mail is a ticket (processing may run behind the 250s).
      await allTickets(ctx, from, out.count, 'accepted');
      product.push(out.count / ((Date.now() - out.startedAt) / 1000));

      const bare = await bareServer();
      try {
        const b = await runClient(bare.port, address, from, seconds, warmFrom, async () => undefined);
        base.push(b.count / b.seconds);
      } finally {
        await bare.proc.stop();
      }
    }
    ratioRow(
      ctx,
      15,
      `SMTP listener: mails accepted and made tickets per second (${CONNECTIONS} connections) vs the same smtp-server discarding them`,
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
