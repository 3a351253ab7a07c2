import { request as httpRequest, Agent, type IncomingMessage } from 'node:http';
import { addRow, auth, ms, percentile, type Ctx } from '../context.js';
import { perConnection, startProbedService } from '../memory.js';
import { freePort, serviceEnv, sleep, waitHttp } from '../procs.js';
import { onSseMessages, sseData } from '../sse-messages.js';

// Rows 18 and 19: 1,000 chat widget visitors, each with a conversation and its live stream
// (GET /widget/v1/stream) open on one `serve` process, while agents reply through the same process to
// random conversations: the delay from each reply's commit to its text on the visitor's stream (the
// message's created_at, taken in its transaction just before the commit, to the moment the stream's
// message was read here), and what each connected visitor costs the process in resident memory (read
// after forced collections, bench/memory.ts).

const VISITORS = 1_000;
const REPLIES_PER_SECOND = 20;
const GOAL_P99_MS = 250;
const LIMIT_P99_MS = 1_000;
const GOAL_KB_PER_VISITOR = 20;

/** A POST of the set-up; a 503 of the overload guard (a fresh process's first seconds) is retried. */
async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<any> {
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const json = (await res.json().catch(() => null)) as any;
    if (res.status === 503 && attempt < 20) {
      await sleep(250);
      continue;
    }
    if (res.status >= 300) throw new Error(`POST ${url}: ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  }
}

/** Opens one visitor's stream; the delay of each agent reply it carries goes to `delays`. */
function openStream(url: string, agent: Agent, delays: number[], got: Set<string>): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { agent, headers: { accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`visitor stream answered ${res.statusCode}`));
      onSseMessages(res, (message, now) => {
        if (!message.includes('event: message.created')) return;
        const m = sseData<{ id: string; created_at: string; author: { type: string } }>(message);
        if (m?.author.type !== 'agent' || got.has(m.id)) return;
        got.add(m.id);
        delays.push(now - Date.parse(m.created_at));
      });
      resolve(res);
    });
    req.on('error', reject);
    req.end();
  });
}

export async function visitorStreamsRow(ctx: Ctx): Promise<void> {
  // Budgets out of the way: every visitor of the row comes from this one address.
  const port = await freePort();
  const proc = startProbedService(
    ['serve', '--no-worker'],
    serviceEnv(ctx.db.url, {
      PORT: String(port),
      WIDGET_SESSIONS_PER_HOUR: '100000',
      WIDGET_CONVERSATIONS_PER_HOUR: '100000',
    }),
  );
  const base = `http://127.0.0.1:${port}`;
  const agent = new Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const streams: IncomingMessage[] = [];
  try {
    await waitHttp(`${base}/healthz`, proc);
    const widget = await post(
      `${base}/api/v1/widgets`,
      { name: 'Bench', allowed_origins: ['https://bench.example'], identity: 'off' },
      auth(ctx),
    );
    const user = await post(
      `${base}/api/v1/users`,
      { name: 'Bench Agent', email: `agent-${Date.now()}@bench.example` },
      auth(ctx),
    );
    const key = encodeURIComponent(widget.key);
    const visitors: { token: string; ticket: string }[] = [];
    for (let k = 0; k < VISITORS; k += 25) {
      const batch = Array.from({ length: Math.min(25, VISITORS - k) }, async (_, i) => {
        const session = await post(`${base}/widget/v1/sessions?key=${key}`, { key: widget.key });
        const bearer = { authorization: `Bearer ${session.token}` };
        const conversation = await post(
          `${base}/widget/v1/conversations?key=${key}`,
          { message: 'Where is my order?', email: `visitor-${k + i}@bench.example` },
          bearer,
        );
        return { token: session.token as string, ticket: conversation.id as string };
      });
      visitors.push(...(await Promise.all(batch)));
    }
    const delays: number[] = [];
    const got = new Set<string>();
    const streamUrl = (token: string) => `${base}/widget/v1/stream?key=${key}&token=${encodeURIComponent(token)}`;
    // Warm the stream route (its code, the organization's feed) before the baseline memory reading.
    const [first, ...rest] = visitors;
    streams.push(await openStream(streamUrl(first.token), agent, delays, got));
    await sleep(1000);
    const before = await proc.settledMemory();
    for (let k = 0; k < rest.length; k += 50) {
      const batch = rest.slice(k, k + 50).map((v) => openStream(streamUrl(v.token), agent, delays, got));
      streams.push(...(await Promise.all(batch)));
    }
    await sleep(3000);
    const memory = perConnection(before, await proc.settledMemory(), rest.length, 'visitor');

    const seconds = ctx.opts.duration;
    const started = Date.now();
    let sent = 0;
    for (let n = 0; n < seconds * REPLIES_PER_SECOND; n++) {
      const due = started + (n * 1000) / REPLIES_PER_SECOND;
      if (due > Date.now()) await sleep(due - Date.now());
      const target = visitors[(n * 7919) % visitors.length];
      await post(
        `${base}/api/v1/tickets/${target.ticket}/messages`,
        { content: `Reply ${n}: it ships today`, user_id: user.id },
        auth(ctx),
      );
      sent++;
    }
    // Late replies still count (as late): wait for the last ones, up to 15 s.
    for (let waited = 0; delays.length < sent && waited < 15_000; waited += 250) await sleep(250);
    const sorted = [...delays].sort((a, b) => a - b);
    const p99 = percentile(sorted, 99);
    const missing = sent - delays.length;
    addRow(ctx, {
      n: 18,
      scenario: `widget: agent reply committed → text on the visitor's stream, ${VISITORS.toLocaleString('en-US')} visitors on one process, ${REPLIES_PER_SECOND} replies/s for ${seconds} s`,
      product: `p50 ${ms(percentile(sorted, 50))}, p99 ${ms(p99)}, max ${ms(sorted.at(-1) ?? Number.NaN)} (${delays.length} of ${sent} replies${missing > 0 ? `, ${missing} missing` : ''})`,
      baseline: '—',
      ratio: '—',
      goal: `p99 ${GOAL_P99_MS} ms (< ${LIMIT_P99_MS} ms)`,
      met: missing === 0 && p99 < LIMIT_P99_MS,
    });
    addRow(ctx, {
      n: 19,
      scenario: `widget: resident memory per connected visitor (${VISITORS.toLocaleString('en-US')} streams)`,
      product: memory.text,
      baseline: '—',
      ratio: '—',
      goal: `< ${GOAL_KB_PER_VISITOR} kB`,
      met: memory.rssKb < GOAL_KB_PER_VISITOR,
    });
  } finally {
    for (const s of streams) s.destroy();
    agent.destroy();
    await proc.stop();
  }
}
