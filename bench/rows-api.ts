import { addRow, auth, ratioRow, rps, type Ctx } from './context.js';
import { load } from './load.js';
import { freePort, startHelper, waitHttp } from './procs.js';
import { seededCopy } from './seed/seed.js';
import { COMMON_WORD, SHORT_TERM } from './seed/generate.js';

// Rows 1, 2 and 7: single-ticket reads and ticket creation against bare Fastify, and the default list
// under 50 connections. Product and baseline alternate (ctx.opts.rounds times each).

export interface Samples {
  ticketIds: string[];
  customerIds: string[];
  emails: string[];
  tagIds: string[];
}

/** Ticket, customer and tag ids spread over the organization's history, read through the API. */
export async function sampleIds(ctx: Ctx): Promise<Samples> {
  const out: Samples = { ticketIds: [], customerIds: [], emails: [], tagIds: [] };
  const pages = Math.max(1, Math.floor(ctx.spec.tickets / 20));
  for (let k = 0; k < 20; k++) {
    const page = 1 + Math.floor((k * pages) / 20);
    const res = await fetch(`${ctx.base}/api/v1/tickets?include_closed=true&page=${page}`, { headers: auth(ctx) });
    const body = (await res.json()) as { data: { id: string; customer: { id: string; email: string } }[] };
    for (const t of body.data) {
      out.ticketIds.push(t.id);
      out.customerIds.push(t.customer.id);
      out.emails.push(t.customer.email);
    }
  }
  const tags = (await (await fetch(`${ctx.base}/api/v1/tags`, { headers: auth(ctx) })).json()) as {
    data: { id: string }[];
  };
  out.tagIds = tags.data.map((t) => t.id);
  if (out.ticketIds.length === 0 || out.tagIds.length === 0)
    throw new Error('sampling ids through the API found nothing');
  return out;
}

let postSeq = 0;
/**
 * A unique ticket body; customers repeat every 5,000 creates (some upserts insert, most find). The
 * subjects carry the search rows' terms as often as the seeded tickets do (the common word in 15 %, the
 * 2-character term in 1 %): rows 2-5 put tens of thousands of tickets at the top of the list, and a
 * 1-2 character term is searched among the newest tickets only (SHORT_TERM_WINDOW), which without them
 * held none of it (row 9 answered a total of 0 in every run up to the twenty-fourth session).
 */
export function ticketBody(): string {
  const n = postSeq++;
  const term = n % 100 < 15 ? ` and the ${COMMON_WORD}` : n % 100 === 50 ? ` model ${SHORT_TERM}` : '';
  return JSON.stringify({
    subject: `Load test ticket ${process.pid}-${n}${term}`,
    message: `Created by the benchmark, request ${n}. The printer prints blank pages since this morning.`,
    priority: ['LOW', 'MEDIUM', 'HIGH', 'URGENT'][n % 4],
    customer: { email: `load${n % 5000}@load.example`, name: `Load Customer ${n % 5000}` },
  });
}

export async function apiRows(ctx: Ctx, samples: Samples): Promise<void> {
  if (!ctx.want(1) && !ctx.want(2)) return;
  const { duration: seconds, rounds } = ctx.opts;
  // Row 2's baseline writes to its own copy of the SQLite data set of the same size (both engines).
  const baselineDb = ctx.want(2) ? await seededCopy('sqlite', ctx.opts.sizeLabel, ctx.opts.tickets) : null;
  const port = await freePort();
  const baseline = startHelper('helpers/baseline-server.ts', {
    PORT: String(port),
    ...(baselineDb ? { SQLITE_PATH: baselineDb.url.slice('sqlite:'.length), ORG_ID: baselineDb.organizationId } : {}),
  });
  const bare = `http://127.0.0.1:${port}`;
  try {
    await waitHttp(`${bare}/healthz`, baseline);
    if (ctx.want(1)) {
      const product: number[] = [];
      const base: number[] = [];
      let i = 0;
      const ids = samples.ticketIds;
      for (let r = 0; r < rounds; r++) {
        base.push((await load({ url: `${bare}/ticket`, connections: 50, seconds })).rps);
        const p = await load({
          url: ctx.base,
          connections: 50,
          seconds,
          headers: auth(ctx),
          next: () => ({ path: `/api/v1/tickets/${ids[i++ % ids.length]}` }),
        });
        if (p.non2xx || p.errors)
          process.stderr.write(`  GET /tickets/{id}: ${p.non2xx} non-2xx, ${p.errors} errors\n`);
        product.push(p.rps);
      }
      ratioRow(
        ctx,
        1,
        '`GET /tickets/{id}` vs bare Fastify (1 KB JSON, schema), 50 conns',
        product,
        base,
        ctx.engine === 'sqlite' ? 0.35 : 0.15,
      );
    }
    if (ctx.want(2)) {
      const product: number[] = [];
      const base: number[] = [];
      for (let r = 0; r < rounds; r++) {
        base.push(
          (
            await load({
              url: bare,
              connections: 50,
              seconds,
              method: 'POST',
              next: () => ({ path: '/tickets', body: ticketBody() }),
            })
          ).rps,
        );
        const p = await load({
          url: ctx.base,
          connections: 50,
          seconds,
          method: 'POST',
          headers: auth(ctx),
          next: () => ({ path: '/api/v1/tickets', body: ticketBody() }),
        });
        if (p.non2xx || p.errors) process.stderr.write(`  POST /tickets: ${p.non2xx} non-2xx, ${p.errors} errors\n`);
        product.push(p.rps);
      }
      ratioRow(
        ctx,
        2,
        '`POST /tickets` vs raw better-sqlite3 transaction behind bare Fastify, 50 conns',
        product,
        base,
        ctx.engine === 'sqlite' ? 0.5 : 0.25,
      );
    }
  } finally {
    await baseline.stop();
    await baselineDb?.drop();
  }
}

/** Row 7: the default list (open tickets, newest first) under 50 connections. */
export async function defaultListRow(ctx: Ctx): Promise<void> {
  const goal = ctx.engine === 'sqlite' ? 2000 : 1000;
  const r = await load({
    url: `${ctx.base}/api/v1/tickets`,
    connections: 50,
    seconds: ctx.opts.duration,
    headers: auth(ctx),
  });
  if (r.non2xx || r.errors) process.stderr.write(`  GET /tickets: ${r.non2xx} non-2xx, ${r.errors} errors\n`);
  addRow(ctx, {
    n: 7,
    scenario: 'default list, 50 conns',
    product: `${rps(r.rps)} (p99 ${r.p99} ms)`,
    baseline: '—',
    ratio: '—',
    goal: `≥ ${goal.toLocaleString('en-US')} req/s`,
    met: r.rps >= goal,
  });
}
