import { randomBytes } from 'node:crypto';
import type { DatabaseHandle, Sql, TenantDb } from '../db/database.js';
import { installationSecret } from '../db/installation-secrets.js';
import type { Clock } from '../shared/clock.js';
import * as mailboxes from './mailbox-store.js';
import * as outbox from './outbox-store.js';
import { recordMessageIds } from './inbound-store.js';
import { makeMessageId } from './reply-token.js';

// Replies by mail: the port the ticket service calls inside a reply's transaction. The queue row and
// the reply commit together (or neither does), so a reply is never lost and never mailed without
// being stored. The Message-ID is made here, once: every attempt sends the same one, and it carries
// the ticket's reply token, so the customer's answer threads back even if nothing else survives.

/** Wakes the outbound workers once a queueing transaction has committed (they also poll). */
export const OUTBOX_CHANNEL = 'helpdesk_email_outbox';

export interface OutboundMailDeps {
  database: DatabaseHandle;
  clock: Clock;
  /** PUBLIC_URL: its host names Message-IDs when the organization has no mailbox yet. */
  publicUrl: string;
}

/** The installation's reply-token key (installation_secrets), the one inbound threading verifies with. */
export function replyTokenKeyOf(system: Sql, clock: Clock): () => Promise<Buffer> {
  let key: Promise<Buffer> | null = null;
  return () => {
    key ??= installationSecret(system, 'mail_reply_token_key', randomBytes(32).toString('base64'), clock())
      .then((secret) => Buffer.from(secret, 'base64'))
      .catch((err) => {
        key = null;
        throw err;
      });
    return key;
  };
}

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1);

export function createOutboundMail({ database, clock, publicUrl }: OutboundMailDeps) {
  const key = replyTokenKeyOf(database.system, clock);
  const fallbackDomain = (() => {
    try {
      return new URL(publicUrl).hostname || 'localhost';
    } catch {
      return 'localhost';
    }
  })();

  let loadedKey: Buffer | null = null;
  return {
    /**
     * Loads the reply-token key (the installation's, read or created on the system connection): done
     * before the reply's transaction, which on SQLite holds the only connection until it ends.
     */
    async ready(): Promise<void> {
      loadedKey ??= await key();
    },

    /**
     * Queues the reply `messageId` of ticket `ticketId` for mail, in the caller's transaction `t`.
     * Returns the delivery as the message shows it right away.
     */
    async queueReply(t: TenantDb, reply: { ticketId: string; messageId: string; now: number }) {
      const mailbox = await mailboxes.sendingMailboxOf(t, reply.ticketId);
      const domain = mailbox ? domainOf(mailbox.address) : fallbackDomain;
      if (!loadedKey) throw new Error('outbound mail: ready() must be awaited before the transaction');
      const mailMessageId = makeMessageId(loadedKey, t.organizationId, reply.ticketId, domain);
      await outbox.insertOutbox(t, {
        message_id: reply.messageId,
        ticket_id: reply.ticketId,
        mail_message_id: mailMessageId,
        state: 'queued',
        attempt_count: 0,
        next_attempt_at: reply.now,
        lease_until: null,
        lease_token: null,
        last_error: null,
        sent_at: null,
        created_at: reply.now,
        updated_at: reply.now,
      });
      // Recorded with the Message-IDs the ticket's mail threads by (without angle brackets, as parsed).
      await recordMessageIds(t, [
        {
          message_id: mailMessageId.slice(1, -1),
          ticket_id: reply.ticketId,
          direction: 'outbound',
          created_at: reply.now,
        },
      ]);
      await t.notify(OUTBOX_CHANNEL);
      return {
        channel: 'email' as const,
        status: 'queued' as const,
        attempt_count: 0,
        last_error: null,
        sent_at: null,
      };
    },

    /** A bounce came back for the mail with this Message-ID (angle brackets optional): its delivery failed. */
    async markBounced(organizationId: string, mailMessageId: string, reason: string): Promise<boolean> {
      const id = mailMessageId.trim().replace(/^<?/, '<').replace(/>?$/, '>');
      return outbox.markBounced(database.forOrganization(organizationId), id, reason.slice(0, 1000), clock());
    },

    /** The inbound side's bounce port (a reported Message-ID, with or without angle brackets). */
    async markFailedByMessageId(organizationId: string, messageId: string, reason: string): Promise<void> {
      await this.markBounced(organizationId, messageId, reason);
    },
  };
}

export type OutboundMail = ReturnType<typeof createOutboundMail>;
