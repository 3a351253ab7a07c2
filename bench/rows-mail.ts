import type { Ctx } from './context.js';
import { smtpAcceptRow } from './rows/row-15-smtp-accept.js';
import { mailOutboundRow } from './rows/row-16-mail-outbound.js';
import { largeMailBlockRow } from './rows/row-22-large-mail-block.js';

// The email channel's rows: mail received by the SMTP listener and made tickets (15), and replies
// mailed by the outbound worker (16), each against the bare library doing the same transfer; and the
// event loop of `serve` while it receives a mail with a 20 MB file (22).

export async function mailRows(ctx: Ctx): Promise<void> {
  if (ctx.want(15)) await smtpAcceptRow(ctx);
  if (ctx.want(16)) await mailOutboundRow(ctx);
  if (ctx.want(22)) await largeMailBlockRow(ctx);
}
