import { addRow, ms, percentile, type Ctx } from '../context.js';
import { ARTICLES, type KbBench, random, timed } from './kb-corpus.js';

// Row 21: the help center's assistant without a model (extractive answers) with 10,000 published
// articles, one client: POST /help/{slug}/api/chat with "how do I" and five words of a random article.
// Each question comes from an address of its own (X-Forwarded-For; the server trusts the proxy): the
// assistant allows 20 questions a minute per address.

const GOAL_P95_MS = 100;

export async function extractiveAnswerRow(ctx: Ctx, kb: KbBench): Promise<void> {
  const rnd = random(29);
  const modes = new Map<string, number>();
  let address = 0;
  const latencies = await timed(async () => {
    const a = kb.articles[Math.floor(rnd() * kb.articles.length)]!;
    const start = Math.floor(rnd() * Math.max(1, a.words.length - 5));
    address++;
    const res = await kb.pool.request({
      method: 'POST',
      path: `/help/${kb.slug}/api/chat`,
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
      },
      body: JSON.stringify({ message: `how do I ${a.words.slice(start, start + 5).join(' ')}` }),
    });
    const body = (await res.body.json()) as { data: { answer: { mode: string } } };
    if (res.statusCode !== 200) throw new Error(`chat: ${res.statusCode} ${JSON.stringify(body)}`);
    modes.set(body.data.answer.mode, (modes.get(body.data.answer.mode) ?? 0) + 1);
  }, ctx.opts.duration);
  const p95 = percentile(latencies, 95);
  addRow(ctx, {
    n: 21,
    scenario: `assistant answer without a model (extractive), ${ARTICLES.toLocaleString('en-US')} articles, one client`,
    product: `p95 ${ms(p95)} (p50 ${ms(percentile(latencies, 50))}, ${latencies.length} req; ${[...modes].map(([m, c]) => `${m} ${c}`).join(', ')})`,
    baseline: '—',
    ratio: '—',
    goal: `p95 < ${GOAL_P95_MS} ms`,
    met: p95 < GOAL_P95_MS,
  });
}
