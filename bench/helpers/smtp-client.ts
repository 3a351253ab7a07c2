import nodemailer from 'nodemailer';
import { exitWithUsageIfAsked } from './usage.js';

// The sending side of the SMTP listener row (a separate process): a nodemailer pool of CONNECTIONS
// connections sending small distinct messages to TO at PORT, as fast as they are answered, for SECONDS.
// Prints {count, seconds, failed, startedAt, cpuMs} as JSON: the messages answered 250, the time taken,
// the epoch milliseconds of the first counted mail (after the warm-up, when WARMUP_SECONDS asks for one)
// and the client's own CPU over the counted window.

exitWithUsageIfAsked(`Usage: PORT=2525 TO=support@example.test [FROM=jane@customer.example] CONNECTIONS=8 SECONDS=10 \\
         [WARMUP_SECONDS=2 WARMUP_FROM=warm@customer.example] npx tsx bench/helpers/smtp-client.ts

Sends small distinct mails from FROM to TO through a nodemailer pool of CONNECTIONS connections to
127.0.0.1:PORT for SECONDS, each connection sending its next as soon as the last was answered. Prints
{count, seconds, failed, startedAt, cpuMs} as JSON (count: mails answered 250; startedAt: epoch ms of
the first counted mail; cpuMs: this process's CPU over the counted window) and exits.

With WARMUP_SECONDS, first sends the same load from WARMUP_FROM for that long (not counted), prints
"warm <count>" on a line of its own, and waits for SIGUSR2 before the counted window: the receiver may
first finish what the warm-up left it.
`);

const port = Number(process.env.PORT);
const to = process.env.TO!;
const from = process.env.FROM ?? 'jane@customer.example';
const connections = Number(process.env.CONNECTIONS ?? 8);
const seconds = Number(process.env.SECONDS ?? 10);
const transport = nodemailer.createTransport({
  host: '127.0.0.1',
  port,
  secure: false,
  ignoreTLS: true,
  pool: true,
  maxConnections: connections,
  maxMessages: Number.POSITIVE_INFINITY,
});

const body = 'Hello,\r\n\r\nmy order 4711 has not arrived yet. Could you look into it?\r\n\r\nThanks,\r\nJane\r\n';
let count = 0;
let failed = 0;
/** Warm-up mails answered 250. */
let warmed = 0;
let n = 0;
const started = performance.now();

async function lane(sender: string, deadline: number, counted: boolean): Promise<void> {
  while (performance.now() < deadline) {
    const i = n++;
    const raw = [
      `From: Jane Doe <${sender}>`,
      `To: ${to}`,
      `Subject: Order question ${process.pid}-${i}`,
      `Message-ID: <bench-${process.pid}-${i}-${started}@customer.example>`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      '',
      body,
    ].join('\r\n');
    try {
      await transport.sendMail({ envelope: { from: sender, to: [to] }, raw });
      if (counted) count++;
      else warmed++;
    } catch {
      if (counted) failed++;
    }
  }
}

const lanes = (sender: string, deadline: number, counted: boolean) =>
  Promise.all(Array.from({ length: connections }, () => lane(sender, deadline, counted)));

const warmupSeconds = Number(process.env.WARMUP_SECONDS ?? 0);
if (warmupSeconds > 0) {
  const go = new Promise((resolve) => process.once('SIGUSR2', resolve));
  await lanes(process.env.WARMUP_FROM ?? `warm-${from}`, performance.now() + warmupSeconds * 1000, false);
  process.stdout.write(`warm ${warmed}\n`);
  await go;
}

const startedAt = Date.now();
const begun = performance.now();
const cpuBefore = process.cpuUsage();
await lanes(from, begun + seconds * 1000, true);
const took = (performance.now() - begun) / 1000;
const cpu = process.cpuUsage(cpuBefore);
transport.close();
const cpuMs = (cpu.user + cpu.system) / 1000;
process.stdout.write(`${JSON.stringify({ count, seconds: took, failed, startedAt, cpuMs })}\n`);
process.exit(0);
