import type { Ctx } from './context.js';
import { widgetSizeRow } from './rows/row-17-widget-size.js';
import { visitorStreamsRow } from './rows/row-18-visitor-streams.js';

// Rows 17-19, the chat widget's: its script's size (once per run: the same file on both engines), and
// 1,000 connected visitors on one process (reply-to-stream delay, memory per visitor).

export async function widgetRows(ctx: Ctx, first: boolean): Promise<void> {
  if (ctx.want(17) && first) await widgetSizeRow(ctx);
  if (ctx.want(18) || ctx.want(19)) await visitorStreamsRow(ctx);
}
