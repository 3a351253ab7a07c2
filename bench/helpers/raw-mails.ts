import nodemailer from 'nodemailer';
import { exitWithUsageIfAsked } from './usage.js';

// The baseline of the outbound mail row (a separate process): a raw nodemailer pool, configured as the
// service's (5 connections, 100 messages per connection), sending COUNT replies shaped like the
// service's (text and HTML parts, Message-ID, In-Reply-To, References) to the sink at URL, IN_FLIGHT at
// a time (the service's sending batch). Prints {count, seconds} as JSON.

exitWithUsageIfAsked(`Usage: URL=smtp://127.0.0.1:2525 COUNT=3000 [IN_FLIGHT=16] npx tsx bench/helpers/raw-mails.ts

Sends COUNT reply-shaped mails through a raw nodemailer pool (5 connections) to URL, IN_FLIGHT at a
time. Prints {count, seconds} as JSON (count: mails the sink accepted) and exits.
`);

const url = process.env.URL!;
const total = Number(process.env.COUNT);
const inFlight = Number(process.env.IN_FLIGHT ?? 16);
const transport = nodemailer.createTransport({ url, pool: true, maxConnections: 5, maxMessages: 100 } as never);
const text = 'Hello Carla,\n\nthe replacement printer left our warehouse today; it should arrive on Tuesday.\n\nAda';
const html = `<p>${text.split('\n\n').join('</p><p>').replaceAll('\n', '<br>')}</p>`;

let next = 0;
let count = 0;
const started = performance.now();
async function lane(): Promise<void> {
  while (next < total) {
    const i = next++;
    await transport.sendMail({
      from: { name: 'Ada (Acme Support)', address: 'support@bench.example' },
      to: { name: 'Carla', address: 'carla@customer.example' },
      subject: `Re: Printer on fire [#${1000 + (i % 20)}]`,
      messageId: `<raw-${process.pid}-${i}@bench.example>`,
      inReplyTo: `<first-${i % 20}@customer.example>`,
      references: [`<first-${i % 20}@customer.example>`],
      text,
      html,
    });
    count++;
  }
}
await Promise.all(Array.from({ length: inFlight }, lane));
const seconds = (performance.now() - started) / 1000;
transport.close();
process.stdout.write(`${JSON.stringify({ count, seconds })}\n`);
process.exit(0);
