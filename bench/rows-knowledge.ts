import { Pool } from 'undici';
import type { Ctx } from './context.js';
import { cli, freePort, serviceEnv, startService, waitHttp } from './procs.js';
import { ARTICLES, corpus, createArticles } from './rows/kb-corpus.js';
import { helpSearchRow } from './rows/row-20-help-search.js';
import { extractiveAnswerRow } from './rows/row-21-extractive-answer.js';

// Rows 20-21, the knowledge base's: 10,000 published articles are created in the measured organization
// through the API, then one client searches the public help center (20) and asks its assistant, without a
// model (21), on a `serve` process of their own that trusts X-Forwarded-For (TRUST_PROXY).

export async function knowledgeRows(ctx: Ctx): Promise<void> {
  if (!ctx.want(20) && !ctx.want(21)) return;
  const env = serviceEnv(ctx.db.url);
  const key = JSON.parse(
    await cli(
      ['keys', 'create', '--org', ctx.db.organizationId, '--scopes', 'kb:read,kb:write', '--name', 'kb', '--json'],
      env,
    ),
  ) as { api_key: { token: string } };
  const port = await freePort();
  const server = startService(
    ['serve', '--no-worker'],
    // Latency is measured here, not overload protection: a 503 of a lagging fresh process would end the row.
    serviceEnv(ctx.db.url, { PORT: String(port), TRUST_PROXY: 'true', OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0' }),
  );
  const base = `http://127.0.0.1:${port}`;
  const pool = new Pool(base, { connections: 1 });
  try {
    await waitHttp(`${base}/healthz`, server);
    // Created through this process too: overload protection off, so a loaded machine does not refuse them.
    const articles = corpus();
    const started = Date.now();
    await createArticles(base, key.api_key.token, articles);
    process.stderr.write(
      `${ctx.engine}: ${ARTICLES.toLocaleString('en-US')} articles created in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
    const org = (await (
      await fetch(`${base}/api/v1/organization`, { headers: { authorization: `Bearer ${key.api_key.token}` } })
    ).json()) as { data: { slug: string } };

    const kb = { slug: org.data.slug, pool, articles };
    if (ctx.want(20)) await helpSearchRow(ctx, kb);
    if (ctx.want(21)) await extractiveAnswerRow(ctx, kb);
  } finally {
    await pool.close();
    await server.stop();
  }
}
