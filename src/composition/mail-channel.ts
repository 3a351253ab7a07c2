import { createAttachmentService, MAX_ATTACHMENTS_PER_MESSAGE } from '../attachments/attachment-service.js';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { startImapPoller, type ImapPollerLogger } from '../mail/imap-poller.js';
import { createInboundService, replyTokenKey } from '../mail/inbound-service.js';
import { createMailApplier, type DeliveryFailures } from '../mail/mail-apply.js';
import { createMailBatchApplier } from '../mail/mail-apply-batch.js';
import { createTestMailer } from '../mail/mailbox-test-mail.js';
import { createMailIntake } from './mail-intake.js';
import { startOutboundWorker, type OutboundLogger } from '../mail/outbound-worker.js';
import type { Clock } from '../shared/clock.js';
import type { TicketService } from '../tickets/ticket-service.js';

// The email channel's part of the composition root (src/container.ts): mailboxes, received mail and
// its files, and the channel's background work. Replies are queued for mail by the ticket service
// itself (the outbound queue is built before it, in the container).

export function createMailChannel(deps: {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  tickets: TicketService;
  /** What a bounce of a reply marks failed (outbound mail's delivery records). */
  deliveryFailures: DeliveryFailures;
}) {
  const { config, database, clock, tickets } = deps;
  const { mailboxSecrets, mailboxes, blobs, storing } = createMailIntake({ config, database, clock });
  // "Send a test mail" of a mailbox: through the SMTP server its replies would use.
  const testMail = createTestMailer({ mailboxes, smtpUrl: config.mailOut.smtpUrl });
  const replyKey = replyTokenKey(database, clock);
  // Files received with mail: bytes in the blob store, rows beside their messages.
  const attachments = createAttachmentService({
    database,
    clock,
    blobs,
    limits: {
      maxBytes: config.mail.attachmentMaxBytes,
      maxBytesPerMessage: config.mail.attachmentsMaxBytesPerMessage,
      maxCount: MAX_ATTACHMENTS_PER_MESSAGE,
    },
  });
  const inbound = createInboundService({
    ...storing,
    ready: replyKey,
    apply: createMailApplier({
      database,
      clock,
      tickets,
      mailboxes,
      replyKey,
      deliveryFailures: deps.deliveryFailures,
      attachments,
    }),
    applyMany: createMailBatchApplier({ database, clock, tickets, mailboxes, replyKey }),
  });

  return {
    mailboxes,
    testMail,
    blobs,
    attachments,
    replyKey,
    inbound,
    /**
     * Starts the email channel's background work in this process: the outbound mail worker (with the
     * server, unless --no-worker, and in `worker` processes).
     */
    startMailWorker: (logger: OutboundLogger) =>
      startOutboundWorker({
        database,
        clock,
        settings: config.mailOut,
        openSecret: (sealed) => mailboxSecrets.open(sealed),
        logger,
      }),
    /**
     * Starts IMAP polling of the mailboxes with IMAP settings in this process (`serve` and `worker`):
     * every process polls a share of them, each mailbox by one process at a time.
     */
    startImapPoller: (logger: ImapPollerLogger) =>
      startImapPoller({
        database,
        clock,
        settings: { pollMs: config.mail.imapPollMs },
        inbound,
        openSecret: (sealed) => mailboxSecrets.open(sealed),
        maxMessageBytes: config.mail.maxMessageBytes,
        logger,
      }),
  };
}
