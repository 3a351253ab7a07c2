import type { Ctx } from './context.js';
import { widgetSizeRow } from './rows/row-15-widget-size.js';
import { visitorStreamsRow } from './rows/row-16-visitor-streams.js';

// Rows 15-17, the chat widget's: its script's size (once per run: the same file on both engines), and
// 1,000 connected visitors on one process (reply-to-stream delay, memory per visitor).

export async function widgetRows(ctx: Ctx, first: boolean): Promise<void> {
  if (ctx.want(15) && first) await widgetSizeRow(ctx);
  if (ctx.want(16) || ctx.want(17)) await visitorStreamsRow(ctx);
}
