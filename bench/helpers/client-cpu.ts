import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Pool } from 'undici';
import { ROOT, freePort, sleep } from '../procs.js';
import { cpuMs } from './process-cpu.js';
import { exitWithUsageIfAsked } from './usage.js';

// The delivery worker's HTTP side alone: CPU per request of the compiled delivery client (body,
// signatures, dispatch) sending pre-built claimed deliveries to the benchmark receiver, no database,
// against a raw undici Pool posting the same bytes (raw-deliveries.ts). Splits the worker's CPU per
// delivery into what the client costs and what claiming and recording cost.
// RATE sends bursts of 10 (one event's deliveries to its 10 webhooks), as a worker beside a create
// load does (row 3): at ~5,000/s a request costs about twice its CPU at full speed, where each
// wake-up serves many.
// Usage and environment variables: --help (below).

exitWithUsageIfAsked(`Usage: npm run build && npx tsx bench/helpers/client-cpu.ts

CPU per request of the compiled delivery client alone (body, signatures, dispatch), sending pre-built
claimed deliveries to the benchmark receiver with no database, against a raw undici Pool posting the
same bytes. Prints the median µs of CPU per request of each build (and of the receiver).

Environment variables:
  N             requests per run (default 20000)
  CONCURRENCY   requests in flight (default 64)
  ROUNDS        runs of each build (default 3)
  DISTS         comma-separated dist directories of builds to compare (default ./dist)
  RAW=0         skip the raw Pool
  RATE          requests/s in bursts of 10, as a worker beside a create load sends them (default 0:
                as fast as CONCURRENCY allows)
`);

const n = Number(process.env.N ?? 20_000);
const concurrency = Number(process.env.CONCURRENCY ?? 64);
const rounds = Number(process.env.ROUNDS ?? 3);
const dists = (process.env.DISTS ?? join(ROOT, 'dist')).split(',').map((d) => resolve(ROOT, d));
const rate = Number(process.env.RATE ?? 0);
const modes = [...dists, ...(process.env.RAW === '0' ? [] : ['raw'])];

interface Build {
  createDeliveryClient: typeof import('../../src/webhooks/delivery-client.js').createDeliveryClient;
  deliveryBody: typeof import('../../src/webhooks/delivery-body.js').deliveryBody;
  signingSecrets: typeof import('../../src/webhooks/delivery-body.js').signingSecrets;
  webhookMessageId: typeof import('../../src/webhooks/delivery-body.js').webhookMessageId;
}
const builds = new Map<string, Build>();
for (const dist of dists) {
  const client = (await import(pathToFileURL(join(dist, 'webhooks/delivery-client.js')).href)) as Pick<
    Build,
    'createDeliveryClient'
  >;
  const body = (await import(pathToFileURL(join(dist, 'webhooks/delivery-body.js')).href)) as Omit<
    Build,
    'createDeliveryClient'
  >;
  builds.set(dist, { ...client, ...body });
}
const { deliveryBody } = builds.get(dists[0])!;

const ticketData = () =>
  JSON.stringify({
    id: randomUUID(),
    number: 1234,
    subject: 'Printer on the third floor is out of toner again',
    description: 'Every morning the same printer stops. Could someone have a look at the toner supply?',
    status: 'open',
    priority: 'normal',
    channel: 'api',
    customer: { id: randomUUID(), name: 'Ada Lovelace', email: 'ada@example.com' },
    assignee: null,
    team: null,
    tags: ['printer', 'hardware'],
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
  });

/** 10 webhooks, events fanned out to each in turn (as a claim returns them: one event's rows together). */
function claimedDeliveries(url: string, count: number) {
  const organization = randomUUID();
  const hooks = Array.from({ length: 10 }, (_, k) => ({
    id: randomUUID(),
    url: `${url}/hook/${k}`,
    secret: `whsec_${Buffer.from(randomUUID()).toString('base64')}`,
  }));
  const out = [];
  for (let e = 0; out.length < count; e++) {
    const eventId = randomUUID();
    const data = ticketData();
    const createdAt = Date.now() - 1000 + e;
    for (const h of hooks) {
      out.push({
        id: randomUUID(),
        organization_id: organization,
        webhook_id: h.id,
        event: 'ticket.created',
        body: '',
        event_id: eventId,
        event_data: data,
        attempt_count: 0,
        lease_token: randomUUID(),
        created_at: createdAt,
        url: h.url,
        secret: h.secret,
        is_active: 1,
        failure_count: 0,
        last_delivery_status: 'success',
        last_delivery_at: createdAt,
        previous_secret: null,
        previous_secret_expires_at: null,
      });
    }
  }
  return out.slice(0, count);
}

/**
 * Calls `one(i)` for i = 0 … n-1: CONCURRENCY at a time as fast as they finish, or (RATE) in bursts of
 * 10 every 10 000 / RATE ms, however many are still under way.
 */
async function drive(one: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  if (rate <= 0) {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < n) await one(next++);
      }),
    );
    return;
  }
  const running = new Set<Promise<void>>();
  const every = 10_000 / rate;
  const start = performance.now();
  for (let burst = 0; next < n; burst++) {
    const wait = start + burst * every - performance.now();
    if (wait > 0) await sleep(wait);
    for (let k = 0; k < 10 && next < n; k++) {
      const p: Promise<void> = one(next++).finally(() => running.delete(p));
      running.add(p);
    }
  }
  await Promise.all(running);
}

async function runClient(url: string, build: Build): Promise<number> {
  const { createDeliveryClient, deliveryBody, signingSecrets, webhookMessageId } = build;
  const client = createDeliveryClient({ timeoutMs: 30_000, allowPrivateTargets: true });
  const claimed = claimedDeliveries(url, n);
  let ok = 0;
  const t0 = process.cpuUsage();
  await drive(async (i) => {
    const c = claimed[i];
    const body = deliveryBody(c)!;
    const attemptAt = Date.now();
    const r = await client.send({
      url: c.url,
      secret: c.secret,
      event: c.event,
      body,
      created_at: c.created_at,
      webhookId: webhookMessageId(c),
      attemptAt,
      secrets: signingSecrets(c, attemptAt),
    });
    if (r.success) ok++;
  });
  const cpu = process.cpuUsage(t0);
  await client.close();
  if (ok !== n) throw new Error(`${ok} of ${n} succeeded`);
  return (cpu.user + cpu.system) / n;
}

async function runRaw(url: string): Promise<number> {
  const pool = new Pool(url, { connections: concurrency });
  const body = Buffer.from(deliveryBody(claimedDeliveries(url, 1)[0])!);
  const paths = Array.from({ length: 10 }, (_, k) => `/hook/${k}`);
  let ok = 0;
  const t0 = process.cpuUsage();
  await drive(async (i) => {
    const res = await pool.request({
      path: paths[i % paths.length],
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    });
    await res.body.dump();
    if (res.statusCode === 200) ok++;
  });
  const cpu = process.cpuUsage(t0);
  await pool.close();
  if (ok < n) throw new Error(`${ok} of ${n} succeeded`);
  return (cpu.user + cpu.system) / n;
}

const port = await freePort();
const receiver = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/helpers/receiver.ts')], {
  cwd: ROOT,
  env: { ...process.env, PORT: String(port) },
  stdio: 'inherit',
});
const url = `http://127.0.0.1:${port}`;
try {
  for (let k = 0; ; k++) {
    try {
      await fetch(`${url}/__stats`);
      break;
    } catch {
      if (k > 100) throw new Error('receiver did not start');
      await sleep(100);
    }
  }
  // Warm-up (JIT, connections), not counted.
  for (const build of builds.values()) await runClient(url, build);
  await runRaw(url);
  const results: Record<string, number[]> = {};
  for (let r = 0; r < rounds; r++) {
    for (const mode of modes) {
      const before = cpuMs(receiver.pid!);
      const us = mode === 'raw' ? await runRaw(url) : await runClient(url, builds.get(mode)!);
      const receiverUs = ((cpuMs(receiver.pid!) - before) * 1000) / n;
      (results[mode] ??= []).push(us);
      (results[`${mode === 'raw' ? 'raw' : 'client'}: receiver`] ??= []).push(receiverUs);
      process.stderr.write(
        `round ${r + 1} ${mode}: ${us.toFixed(1)} µs CPU per request (receiver ${receiverUs.toFixed(1)} µs)\n`,
      );
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const [mode, xs] of Object.entries(results))
    process.stdout.write(`${mode}: ${median(xs).toFixed(1)} µs CPU per request (median of ${xs.length})\n`);
} finally {
  receiver.kill('SIGTERM');
}
