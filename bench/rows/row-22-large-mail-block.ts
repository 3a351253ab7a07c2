import { randomFillSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { addRow, auth, ms, restartServer, type Ctx } from '../context.js';
import { loopDelayMax } from '../load.js';
import { freePort, sleep } from '../procs.js';
import { startProbe, stopProbe, type ProbeResult } from './row-10-event-loop-block.js';

// Row 22: the longest event-loop block of `serve` while it receives a mail carrying a 20,000,000-byte
// file through its SMTP listener and makes it a ticket with the file kept. The mail (about 27 MB once
// base64-encoded) is sent by nodemailer from this process; the row waits until the ticket's first
// message lists the file at its full size. The criterion is the server's own event-loop monitor
// (`nodejs_eventloop_lag_max_seconds` from /metrics, read before and after, as row 10 reads it), with a
// /healthz probe every 10 ms beside it (a client's view, including the probe's own scheduling).

const FILE_BYTES = 20_000_000;
const GOAL_MS = 50;
/** The default SMTP_INBOUND_MAX_BYTES (25 MiB) refuses a 27 MB mail: the row raises it. */
const MAX_MESSAGE_BYTES = 40 * 1024 * 1024;

async function api(ctx: Ctx, path: string): Promise<any> {
  const res = await fetch(`${ctx.base}${path}`, { headers: auth(ctx) });
  if (res.status >= 300) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** A multipart mail with a short text and the file, base64 in lines of 76 characters. */
function bigMail(from: string, to: string, subject: string): Buffer {
  const bytes = Buffer.alloc(FILE_BYTES);
  for (let i = 0; i < bytes.length; i += 65536) randomFillSync(bytes, i, Math.min(65536, bytes.length - i));
  // No format's signature at the start (random bytes could begin with one).
  bytes.fill(1, 0, 64);
  const encoded = bytes.toString('base64');
  const lines: string[] = [];
  for (let i = 0; i < encoded.length; i += 76) lines.push(encoded.slice(i, i + 76));
  const boundary = `b-${process.pid}-${Date.now()}`;
  return Buffer.from(
    [
      `From: Jane Doe <${from}>`,
      `To: ${to}`,
      `Subject: ${subject}`,
      `Message-ID: <${boundary}@customer.example>`,
      'MIME-Version: 1.0',
      `Content-Type: multipart/mixed; boundary="${boundary}"`,
      '',
      `--${boundary}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'The export is attached.',
      `--${boundary}`,
      'Content-Type: application/zip; name="export.bin"',
      'Content-Disposition: attachment; filename="export.bin"',
      'Content-Transfer-Encoding: base64',
      '',
      lines.join('\r\n'),
      `--${boundary}--`,
      '',
    ].join('\r\n'),
  );
}

/** The size of the first file of the sender's newest ticket, once there is one (null before). */
async function keptFileSize(ctx: Ctx, from: string): Promise<number | null> {
  const customers = await api(ctx, `/api/v1/customers?search=${encodeURIComponent(from)}&limit=1`);
  const customerId = customers.data[0]?.id as string | undefined;
  if (!customerId) return null;
  const list = await api(ctx, `/api/v1/tickets?customer_id=${customerId}&include_closed=true&limit=1`);
  const ticketId = list.data[0]?.id as string | undefined;
  if (!ticketId) return null;
  const ticket = (await api(ctx, `/api/v1/tickets/${ticketId}`)).data;
  const file = ticket.messages?.[0]?.attachments?.[0] as { size: number } | undefined;
  return file ? file.size : null;
}

interface Reading {
  loop: number | null;
  probe: ProbeResult;
  mailBytes: number;
  acceptedMs: number;
  ticketMs: number;
}

async function oneMail(ctx: Ctx, port: number, address: string, round: number): Promise<Reading> {
  const from = `jane-big-${process.pid}-${round}@customer.example`;
  const raw = bigMail(from, address, `Export ${process.pid}-${round}`);
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  const probe = await startProbe(ctx.base);
  await loopDelayMax(ctx.base);
  const started = performance.now();
  try {
    await transport.sendMail({ envelope: { from, to: [address] }, raw });
  } finally {
    transport.close();
  }
  const acceptedMs = performance.now() - started;
  const deadline = Date.now() + 180_000;
  let size: number | null = null;
  while ((size = await keptFileSize(ctx, from)) === null && Date.now() < deadline) await sleep(100);
  const ticketMs = performance.now() - started;
  const loop = await loopDelayMax(ctx.base);
  const result = await stopProbe(probe);
  if (size !== FILE_BYTES)
    throw new Error(`row 22: the mail's file was ${size === null ? 'not kept' : `${size} bytes`}`);
  return { loop, probe: result, mailBytes: raw.length, acceptedMs, ticketMs };
}

export async function largeMailBlockRow(ctx: Ctx): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-big-mail-'));
  const port = await freePort();
  try {
    await restartServer(ctx, ['serve', '--no-worker'], {
      SMTP_INBOUND_PORT: String(port),
      SMTP_INBOUND_HOST: '127.0.0.1',
      SMTP_INBOUND_MAX_BYTES: String(MAX_MESSAGE_BYTES),
      DATA_DIR: dataDir,
    });
    const address = `files-${process.pid}-${Date.now()}@bench.example`;
    const res = await fetch(`${ctx.base}/api/v1/mailboxes`, {
      method: 'POST',
      headers: { ...auth(ctx), 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench files', address }),
    });
    if (res.status >= 300) throw new Error(`POST /mailboxes: ${res.status} ${await res.text()}`);
    const readings: Reading[] = [];
    for (let r = 0; r < ctx.opts.rounds; r++) readings.push(await oneMail(ctx, port, address, r));
    const worst = Math.max(...readings.map((x) => x.loop ?? Infinity));
    const each = readings
      .map(
        (x) =>
          `${ms(x.loop)} (probe max ${ms(x.probe.max)}, its timer late by ≤ ${ms(x.probe.timerLateMax)}; 250 after ${(x.acceptedMs / 1000).toFixed(1)} s, ticket after ${(x.ticketMs / 1000).toFixed(1)} s)`,
      )
      .join('; ');
    const mb = (readings[0].mailBytes / 1e6).toFixed(1);
    addRow(ctx, {
      n: 22,
      scenario: `longest event-loop block of \`serve\` receiving a ${mb} MB mail with a 20,000,000-byte file by SMTP until it is a ticket with the file kept (the server's monitor; a /healthz probe every 10 ms beside it)`,
      product: `max ${ms(worst)} over ${readings.length} mail(s): ${each}`,
      baseline: '—',
      ratio: '—',
      goal: `< ${GOAL_MS} ms`,
      met: worst < GOAL_MS,
    });
  } finally {
    await restartServer(ctx, ['serve', '--no-worker']);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
