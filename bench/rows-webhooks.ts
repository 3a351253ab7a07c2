import { restartServer, type Ctx } from './context.js';
import { freePort, startHelper, waitHttp } from './procs.js';
import { createsBesideWorkersRow } from './rows/row-03-creates-beside-workers.js';
import { webhookDelayRow } from './rows/row-04-webhook-delay.js';
import { deliveryRateRow } from './rows/row-05-delivery-rate.js';

// Rows 3, 4 and 5 (webhooks) around the one receiver they share (helpers/receiver.ts, a process that
// answers 200 at once and records arrivals), in this order: row 4 (which starts its own servers),
// then rows 3 and 5 on a `serve --no-worker` server. Each row subscribes its own webhooks
// (webhook-rig.ts).

export async function webhookRows(ctx: Ctx): Promise<void> {
  if (![3, 4, 5].some((n) => ctx.want(n))) return;
  const port = await freePort();
  const receiverProc = startHelper('helpers/receiver.ts', { PORT: String(port) });
  const receiver = `http://127.0.0.1:${port}`;
  try {
    await waitHttp(`${receiver}/__stats`, receiverProc);
    if (ctx.want(4)) await webhookDelayRow(ctx, receiver);
    await restartServer(ctx, ['serve', '--no-worker']);
    if (ctx.want(3) && ctx.engine === 'postgres') await createsBesideWorkersRow(ctx, receiver);
    if (ctx.want(5)) await deliveryRateRow(ctx, receiver);
  } finally {
    await receiverProc.stop();
  }
}
