import { auth, type Ctx } from './context.js';
import { api, load } from './load.js';
import type { Proc } from './procs.js';
import { ticketBody } from './requests.js';

// What the webhook rows (3, 4 and 5) share: the receiver's statistics (helpers/receiver.ts), ten fresh
// webhooks per row pointing at it (deleted afterwards, which also drops their queued deliveries, so no
// row inherits another's backlog), the create load, and dropping a backlog between windows.

export interface ReceiverStats {
  arrivals: number;
  unique: number;
  p50: number | null;
  p99: number | null;
  max: number | null;
}

export async function receiverCall(url: string, path: string, method = 'GET'): Promise<ReceiverStats> {
  const res = await fetch(`${url}${path}`, { method });
  return method === 'GET' ? ((await res.json()) as ReceiverStats) : ({} as ReceiverStats);
}

/** Runs fn with 10 webhooks (ticket.created) on the receiver's paths /hook/<label>-0 … 9; deletes them afterwards. */
export async function withHooks<T>(
  ctx: Ctx,
  receiver: string,
  label: string,
  fn: (paths: string[], ids: string[]) => Promise<T>,
): Promise<T> {
  const client = api(ctx.base, ctx.token);
  const paths = Array.from({ length: 10 }, (_, k) => `/hook/${label}-${k}`);
  const ids: string[] = [];
  try {
    for (const p of paths) {
      const res = await client.call<{ data: { id: string } }>('POST', '/api/v1/webhooks', {
        name: `bench ${label}`,
        url: `${receiver}${p}`,
        events: ['ticket.created'],
      });
      ids.push(res.data.id);
    }
    await receiverCall(receiver, '/__reset', 'POST');
    return await fn(paths, ids);
  } finally {
    // The server may have been restarted inside fn: delete through the current one.
    const current = api(ctx.base, ctx.token);
    for (const id of ids) {
      for (let attempt = 1; attempt <= 3; attempt++) {
        try {
          await current.call('DELETE', `/api/v1/webhooks/${id}`);
          break;
        } catch (e) {
          // Worth knowing (a 500 is a bug): show it with the server's log tail, then retry.
          process.stderr.write(
            `  deleting webhook (attempt ${attempt}): ${e}\n${ctx.server.stdout().slice(-1500)}${ctx.server.stderrTail().slice(-500)}\n`,
          );
        }
      }
    }
    await current.close();
    await client.close();
  }
}

/** Ticket creates for `seconds` (50 connections unless told, optionally at a fixed overall rate). */
export const postTickets = (
  ctx: Ctx,
  seconds: number,
  extra: { connections?: number; overallRate?: number; amount?: number } = {},
) =>
  load({
    url: ctx.base,
    connections: extra.connections ?? 50,
    seconds,
    method: 'POST',
    headers: auth(ctx),
    overallRate: extra.overallRate,
    next: () => ({ path: '/api/v1/tickets', body: ticketBody() }),
  });

export const stopAll = (procs: Proc[]) => Promise.all(procs.map((p) => p.stop()));

/** Ends these webhooks' queued series (the product's leftover backlog) through the API: is_active false cancels them. */
export async function dropQueued(ctx: Ctx, ids: string[]): Promise<void> {
  const patch = async (id: string, is_active: boolean) => {
    const res = await fetch(`${ctx.base}/api/v1/webhooks/${id}`, {
      method: 'PATCH',
      headers: { ...auth(ctx), 'content-type': 'application/json' },
      body: JSON.stringify({ is_active }),
    });
    if (res.status !== 200) throw new Error(`PATCH /webhooks/${id}: HTTP ${res.status} ${await res.text()}`);
  };
  for (const id of ids) await patch(id, false);
  for (const id of ids) await patch(id, true);
}
