import { join } from 'node:path';
import { createLocalBlobStore } from '../attachments/blob-storage.js';
import { createSecretBox } from '../auth/staff-secret-box.js';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { createInboundService } from '../mail/inbound-service.js';
import type { MailApplier } from '../mail/mail-apply.js';
import { createMailboxService } from '../mail/mailbox-service.js';
import type { Clock } from '../shared/clock.js';

// What receiving mail needs and nothing more: the mailboxes (routing), the blob store for large mail,
// and what stores a received message and queues it. The email channel (mail-channel.ts) is built on
// it, and the SMTP listener's thread (src/smtp-thread-entry.ts) builds only this: a whole container
// in that thread loaded every domain's code a second time, 13 MB more at the server's peak (bench
// row 11). Nothing here imports the IMAP client, the outbound mailer or the ticket domain.

export function createMailIntake({
  config,
  database,
  clock,
}: {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
}) {
  // IMAP/SMTP passwords are sealed with a key of their own.
  const mailboxSecrets = createSecretBox({
    secretKey: config.secretKey,
    system: database.system,
    purpose: 'mailbox_credentials',
  });
  const mailboxes = createMailboxService({
    database,
    clock,
    secrets: mailboxSecrets,
    publicUrl: config.publicUrl,
    cacheTtlMs: config.mail.mailboxCacheTtlMs,
  });
  // Received mail: stored first (files under DATA_DIR/blobs when large), then made into tickets.
  const blobs = createLocalBlobStore(join(config.dataDir, 'blobs'));
  /** What an inbound service that stores received mail is built from. */
  const storing = {
    database,
    clock,
    blobs,
    mailboxes,
    maxMessageBytes: config.mail.maxMessageBytes,
    leaseMs: config.mail.processing.leaseMs,
  };
  return {
    mailboxSecrets,
    mailboxes,
    blobs,
    storing,
    /**
     * An inbound service that only stores (the listener's thread): its processor is never started
     * there, and its applier refuses, should anything ask it to apply.
     */
    receivingOnly: () => createInboundService({ ...storing, apply: receiveOnly }),
  };
}

const receiveOnly: MailApplier = () =>
  Promise.reject(new Error('this inbound service stores received mail; the server thread processes it'));
