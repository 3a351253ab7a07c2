import type { Ctx } from './context.js';
import { freePort, startHelper, waitHttp } from './procs.js';
import type { Samples } from './requests.js';
import { ticketReadRow } from './rows/row-01-ticket-read.js';
import { ticketCreateRow } from './rows/row-02-ticket-create.js';
import { seededCopy } from './seed/seed.js';

// Rows 1 and 2 around the one baseline server they share (helpers/baseline-server.ts): single-ticket
// reads, then ticket creation, each against bare Fastify.

export async function apiRows(ctx: Ctx, samples: Samples): Promise<void> {
  if (!ctx.want(1) && !ctx.want(2)) return;
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
    if (ctx.want(1)) await ticketReadRow(ctx, samples, bare);
    if (ctx.want(2)) await ticketCreateRow(ctx, bare);
  } finally {
    await baseline.stop();
    await baselineDb?.drop();
  }
}
