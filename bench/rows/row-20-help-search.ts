import { addRow, ms, percentile, type Ctx } from '../context.js';
import { ARTICLES, type KbBench, random, timed } from './kb-corpus.js';

// Row 20: the public help center's search with 10,000 published articles, one client:
// GET /help/{slug}/api/search?q=… with two or three words of a random article's title.

const GOAL_P95_MS = 50;

export async function helpSearchRow(ctx: Ctx, kb: KbBench): Promise<void> {
  const rnd = random(23);
  let withResults = 0;
  const latencies = await timed(async () => {
    const a = kb.articles[Math.floor(rnd() * kb.articles.length)]!;
    const q = a.title
      .split(' ')
      .slice(0, 2 + Math.floor(rnd() * 2))
      .join(' ');
    const res = await kb.pool.request({
      method: 'GET',
      path: `/help/${kb.slug}/api/search?q=${encodeURIComponent(q)}`,
    });
    const body = (await res.body.json()) as { data: unknown[] };
    if (res.statusCode !== 200) throw new Error(`search: ${res.statusCode}`);
    if (body.data.length > 0) withResults++;
  }, ctx.opts.duration);
  const p95 = percentile(latencies, 95);
  addRow(ctx, {
    n: 20,
    scenario: `help center search, ${ARTICLES.toLocaleString('en-US')} published articles, one client`,
    product: `p95 ${ms(p95)} (p50 ${ms(percentile(latencies, 50))}, ${latencies.length} req, ${withResults} with results)`,
    baseline: '—',
    ratio: '—',
    goal: `p95 < ${GOAL_P95_MS} ms`,
    met: p95 < GOAL_P95_MS,
  });
}
