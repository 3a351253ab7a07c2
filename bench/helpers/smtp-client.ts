import nodemailer from 'nodemailer';
import { exitWithUsageIfAsked } from './usage.js';

// The sending side of the SMTP listener row (a separate process): a nodemailer pool of CONNECTIONS
// connections sending small distinct messages to TO at PORT, as fast as they are answered, for SECONDS.
// Prints {count, seconds, failed, startedAt} as JSON: the messages answered 250, the time taken and the
// epoch milliseconds of the first mail.

exitWithUsageIfAsked(`Usage: PORT=2525 TO=support@example.test [FROM=jane@customer.example] CONNECTIONS=8 SECONDS=10 \\
         npx tsx bench/helpers/smtp-client.ts

Sends small distinct mails from FROM to TO through a nodemailer pool of CONNECTIONS connections to
127.0.0.1:PORT for SECONDS, each connection sending its next as soon as the last was answered. Prints
{count, seconds, failed, startedAt} as JSON (count: mails answered 250; startedAt: epoch ms of the
first mail) and exits.
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
let n = 0;
const startedAt = Date.now();
const started = performance.now();
const deadline = started + seconds * 1000;

async function lane(): Promise<void> {
  while (performance.now() < deadline) {
    const i = n++;
    const raw = [
      `From: Jane Doe <${from}>`,
      `To: ${to}`,
      `Subject: Order question ${process.pid}-${i}`,
      `Message-ID: <bench-${process.pid}-${i}-${started}@customer.example>`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      '',
      body,
    ].join('\r\n');
    try {
      await transport.sendMail({ envelope: { from, to: [to] }, raw });
      count++;
    } catch {
      failed++;
    }
  }
}

await Promise.all(Array.from({ length: connections }, lane));
const took = (performance.now() - started) / 1000;
transport.close();
process.stdout.write(`${JSON.stringify({ count, seconds: took, failed, startedAt })}\n`);
process.exit(0);
