import { request as httpRequest, Agent, type IncomingMessage } from 'node:http';
import { addRow, auth, ms, percentile, type Ctx } from '../context.js';
import { perConnection, startProbedService } from '../memory.js';
import { cli, freePort, serviceEnv, sleep, waitHttp } from '../procs.js';
import { onSseMessages, sseData } from '../sse-messages.js';

// Row 14: 1,000 live event streams (GET /events/stream) open on a second `serve` process, while tickets
// are created through the first one: the delay from each event's commit to its arrival on every stream
// (the event's created_at, taken in its transaction just before the commit, to the moment the stream's
// message was read here), and what each open stream costs the second process in resident memory (read
// after forced collections, bench/memory.ts).

const STREAMS = 1_000;
const EVENTS_PER_SECOND = 5;
const GOAL_P99_MS = 250;
const GOAL_KB_PER_STREAM = 20;

interface Stream {
  res: IncomingMessage;
  got: Set<string>;
}

/** Opens one stream of ticket.created events; each message's delay goes to `delays`. */
function openStream(base: string, token: string, agent: Agent, delays: number[]): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${base}/api/v1/events/stream?type=ticket.created`,
      { agent, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
        const stream: Stream = { res, got: new Set() };
        onSseMessages(res, (message, now) => {
          const event = sseData<{ id: string; created_at: string }>(message);
          if (!event) return;
          stream.got.add(event.id);
          delays.push(now - Date.parse(event.created_at));
        });
        resolve(stream);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

export async function streamFanoutRow(ctx: Ctx): Promise<void> {
  const key = JSON.parse(
    await cli(
      ['keys', 'create', '--org', ctx.db.organizationId, '--scopes', 'events:read', '--name', 'streams', '--json'],
      serviceEnv(ctx.db.url),
    ),
  ) as { api_key: { token: string } };
  const port = await freePort();
  const second = startProbedService(['serve', '--no-worker'], serviceEnv(ctx.db.url, { PORT: String(port) }));
  const base = `http://127.0.0.1:${port}`;
  const agent = new Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const streams: Stream[] = [];
  try {
    await waitHttp(`${base}/healthz`, second);
    // Warm the stream route (its code, the first subscriber) before the baseline memory reading.
    const delays: number[] = [];
    const warm = await openStream(base, key.api_key.token, agent, []);
    await sleep(1000);
    const before = await second.settledMemory();
    for (let k = 0; k < STREAMS; k += 50) {
      const batch = Array.from({ length: Math.min(50, STREAMS - k) }, () =>
        openStream(base, key.api_key.token, agent, delays),
      );
      streams.push(...(await Promise.all(batch)));
    }
    await sleep(3000);
    const memory = perConnection(before, await second.settledMemory(), STREAMS, 'open stream');

    const created: string[] = [];
    const seconds = ctx.opts.duration;
    const started = Date.now();
    for (let n = 0; n < seconds * EVENTS_PER_SECOND; n++) {
      const due = started + (n * 1000) / EVENTS_PER_SECOND;
      if (due > Date.now()) await sleep(due - Date.now());
      const res = await fetch(`${ctx.base}/api/v1/tickets`, {
        method: 'POST',
        headers: { ...auth(ctx), 'content-type': 'application/json' },
        body: JSON.stringify({
          subject: `Stream ${n}`,
          message: 'Fan-out probe',
          customer: { email: 'streams@bench.example' },
        }),
      });
      if (res.status !== 201) throw new Error(`POST /tickets: ${res.status}`);
      await res.arrayBuffer();
      created.push(String(n));
    }
    await sleep(3000);
    const expected = created.length * STREAMS;
    const sorted = [...delays].sort((a, b) => a - b);
    const p99 = percentile(sorted, 99);
    const missing = expected - delays.length;
    warm.res.destroy();
    addRow(ctx, {
      n: 14,
      scenario: `live: ${STREAMS.toLocaleString('en-US')} event streams on a second process, ${EVENTS_PER_SECOND} events/s for ${seconds} s`,
      product: `p50 ${ms(percentile(sorted, 50))}, p99 ${ms(p99)}, max ${ms(sorted.at(-1) ?? Number.NaN)} (${delays.length.toLocaleString('en-US')} of ${expected.toLocaleString('en-US')} deliveries${missing > 0 ? `, ${missing} missing` : ''}); ${memory.text}`,
      baseline: '—',
      ratio: '—',
      goal: `p99 < ${GOAL_P99_MS} ms, < ${GOAL_KB_PER_STREAM} kB per stream`,
      met: missing === 0 && p99 < GOAL_P99_MS && memory.rssKb < GOAL_KB_PER_STREAM,
    });
  } finally {
    for (const s of streams) s.res.destroy();
    agent.destroy();
    await second.stop();
  }
}
