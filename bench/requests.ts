import { auth, type Ctx } from './context.js';
import { COMMON_WORD, SHORT_TERM } from './seed/generate.js';

// What the rows send: ids sampled from the seeded organization (rows 1 and 6), and the ticket bodies
// of every row that creates tickets (rows 2-5, and the CPU helpers).

export interface Samples {
  ticketIds: string[];
  customerIds: string[];
  emails: string[];
  tagIds: string[];
  teamIds: string[];
}

/** Ticket, customer and tag ids spread over the organization's history, read through the API. */
export async function sampleIds(ctx: Ctx): Promise<Samples> {
  const out: Samples = { ticketIds: [], customerIds: [], emails: [], tagIds: [], teamIds: [] };
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
  const teams = (await (await fetch(`${ctx.base}/api/v1/teams?limit=100`, { headers: auth(ctx) })).json()) as {
    data: { id: string }[];
  };
  out.teamIds = teams.data.map((t) => t.id);
  if (out.ticketIds.length === 0 || out.tagIds.length === 0 || out.teamIds.length === 0)
    throw new Error('sampling ids through the API found nothing');
  return out;
}

let postSeq = 0;
/**
 * A unique ticket body; customers repeat every 5,000 creates (some upserts insert, most find). The
 * subjects carry the search rows' terms as often as the seeded tickets do (the common word in 15 %, the
 * 2-character term in 1 %): rows 2-5 put tens of thousands of tickets at the top of the list, and a
 * 1-2 character term is searched among the newest tickets only (SHORT_TERM_WINDOW), which without them
 * would hold none of it (row 9 would answer a total of 0).
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
