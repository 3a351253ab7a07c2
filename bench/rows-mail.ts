import type { Ctx } from './context.js';
import { smtpAcceptRow } from './rows/row-15-smtp-accept.js';
import { mailOutboundRow } from './rows/row-16-mail-outbound.js';

// Rows 15-16, the email channel's: mail received by the SMTP listener and made tickets, and replies
// mailed by the outbound worker, each against the bare library doing the same transfer.

export async function mailRows(ctx: Ctx): Promise<void> {
  if (ctx.want(15)) await smtpAcceptRow(ctx);
  if (ctx.want(16)) await mailOutboundRow(ctx);
}
