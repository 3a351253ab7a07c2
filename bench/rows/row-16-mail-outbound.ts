import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { auth, ratioRow, restartServer, type Ctx } from '../context.js';
import { sleep, startHelper } from '../procs.js';

// Row 16: agents' replies on EMAIL tickets mailed per second by `serve`'s outbound worker from a queued
// backlog, against a raw nodemailer pool (configured as the service's) sending as many reply-shaped
// mails to the same sink (bench/helpers/raw-mails.ts). Each round queues its backlog with the mail
// worker off (`serve --no-worker`), then starts `serve` with SMTP_URL pointing at the sink; the rate
// runs from the sink's first accepted mail to its last. The sink (smtp-server in this process) reads
// each message and answers 250, for both alike.

const GOAL = 0.3;
const TICKETS = 20;
/** Replies per round: enough for several seconds of sending at the rates seen here. */
const REPLIES = 3_000;

async function api(ctx: Ctx, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${ctx.base}${path}`, {
    method,
    headers: { ...auth(ctx), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.json();
}

async function startSink() {
  const arrivals: number[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        arrivals.push(performance.now());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    arrivals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** EMAIL tickets of one customer, made by mail posted to the mailbox's inbound webhook. */
async function emailTickets(ctx: Ctx, inboundUrl: string): Promise<string[]> {
  const from = `carla-${process.pid}-${Date.now()}@customer.example`;
  const path = new URL(inboundUrl).pathname;
  for (let i = 0; i < TICKETS; i++) {
    const raw = [
      `From: Carla <${from}>`,
      'To: support@bench.example',
      `Subject: Printer on fire ${i}`,
      `Message-ID: <first-${process.pid}-${i}-${Date.now()}@customer.example>`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'It is on fire.',
    ].join('\r\n');
    const res = await fetch(`${ctx.base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'message/rfc822' },
      body: raw,
    });
    if (res.status >= 300) throw new Error(`inbound webhook: ${res.status} ${await res.text()}`);
  }
  for (let i = 0; i < 600; i++) {
    const customers = await api(ctx, 'GET', `/api/v1/customers?search=${encodeURIComponent(from)}&limit=1`);
    const id = customers.data[0]?.id;
    if (id) {
      const list = await api(ctx, 'GET', `/api/v1/tickets?customer_id=${id}&limit=${TICKETS}`);
      if (list.data.length === TICKETS) return list.data.map((t: { id: string }) => t.id);
    }
    await sleep(100);
  }
  throw new Error('row 16: the inbound mail did not become tickets');
}

export async function mailOutboundRow(ctx: Ctx): Promise<void> {
  const { rounds } = ctx.opts;
  const sink = await startSink();
  try {
    const mailbox = await api(ctx, 'POST', '/api/v1/mailboxes', {
      name: 'Bench outbound',
      address: `outbound-${process.pid}-${Date.now()}@bench.example`,
      from_name: 'Acme Support',
    });
    const tickets = await emailTickets(ctx, mailbox.data.inbound_url);
    const agent = await api(ctx, 'POST', '/api/v1/users', {
      name: 'Ada Outbound',
      email: `ada-${process.pid}-${Date.now()}@bench.example`,
      role: 'agent',
    });
    const product: number[] = [];
    const base: number[] = [];
    for (let r = 0; r < rounds; r++) {
      // The backlog, queued while nothing sends (the server runs --no-worker between rows).
      let queued = 0;
      const post = async () => {
        while (queued < REPLIES) {
          const i = queued++;
          await api(ctx, 'POST', `/api/v1/tickets/${tickets[i % TICKETS]}/messages`, {
            content: `Hello Carla,\n\nthe replacement printer left our warehouse today (${r}-${i}).\n\nAda`,
            user_id: agent.data.id,
          });
        }
      };
      await Promise.all(Array.from({ length: 16 }, post));
      sink.arrivals.length = 0;
      await restartServer(ctx, ['serve'], { SMTP_URL: sink.url });
      const deadline = Date.now() + 300_000;
      while (sink.arrivals.length < REPLIES && Date.now() < deadline) await sleep(50);
      if (sink.arrivals.length < REPLIES) throw new Error(`row 16: ${sink.arrivals.length} of ${REPLIES} mails sent`);
      product.push((REPLIES - 1) / ((sink.arrivals[REPLIES - 1] - sink.arrivals[0]) / 1000));
      await restartServer(ctx, ['serve', '--no-worker']);

      sink.arrivals.length = 0;
      const raw = startHelper('helpers/raw-mails.ts', { URL: sink.url, COUNT: String(REPLIES), IN_FLIGHT: '16' });
      await new Promise((resolve) => raw.child.once('exit', resolve));
      if (sink.arrivals.length < REPLIES) throw new Error(`row 16 baseline: ${sink.arrivals.length} of ${REPLIES}`);
      base.push((REPLIES - 1) / ((sink.arrivals[REPLIES - 1] - sink.arrivals[0]) / 1000));
    }
    ratioRow(
      ctx,
      16,
      'outbound mail: queued replies mailed per second by `serve` vs a raw nodemailer pool to the same sink',
      product,
      base,
      GOAL,
      (x) => `${Math.round(x).toLocaleString('en-US')} mails/s`,
    );
  } finally {
    await sink.close();
  }
}
