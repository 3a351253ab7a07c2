import type { Ctx } from './context.js';
import { consoleSizeRow } from './rows/row-12-console-size.js';
import { clickToThreadRow } from './rows/row-13-click-to-thread.js';
import { streamFanoutRow } from './rows/row-14-stream-fanout.js';

// Rows 12-14, the console's: the first page's JavaScript (once per run: the same files on both engines),
// a click from the list to the thread in a browser (SQLite), and 1,000 live streams on a second process.

export async function consoleRows(ctx: Ctx, first: boolean): Promise<void> {
  if (ctx.want(12) && first) await consoleSizeRow(ctx);
  if (ctx.want(13) && ctx.engine === 'sqlite') await clickToThreadRow(ctx);
  if (ctx.want(14)) await streamFanoutRow(ctx);
}
