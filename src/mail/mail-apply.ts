import type { AttachmentService, StoredFiles } from '../attachments/attachment-service.js';
import type { DatabaseHandle, TenantDb } from '../db/database.js';
import { withTransactionObserver } from '../db/sql-handle.js';
import { API_KEY_CALLER } from '../shared/acting-user.js';
import type { Clock } from '../shared/clock.js';
import type { TicketService } from '../tickets/ticket-service.js';
import { classifyMail, type MailKind } from './auto-mail.js';
import * as store from './inbound-store.js';
import { isMailAddress } from './mail-address.js';
import type { ParsedMail } from './mail-parse.js';
import { parseMailOffThread } from './mail-parse-thread.js';
import { findThread } from './mail-thread.js';
import type { MailboxService } from './mailbox-service.js';

// Applying one stored message: parse it, decide what kind of mail it is, and open a ticket or add
// to the one it continues, through the ticket service (ticket.created, customer.created,
// message.created, ticket.updated are emitted there, as for the API). The stored message is marked
// done in the same transaction as the message it became (a transaction observer), and only while
// this process still holds its lease: a message is applied once even if two processes race for it.

/** Marks delivery of a reply failed by its Message-ID (outbound mail implements it; a bounce calls it). */
export interface DeliveryFailures {
  markFailedByMessageId(organizationId: string, messageId: string, reason: string): Promise<void>;
}

export const NO_DELIVERY_TRACKING: DeliveryFailures = { markFailedByMessageId: async () => undefined };

type Finish = (t: TenantDb, changes: store.InboundChanges) => Promise<boolean>;
export type ApplyOutcome = { finished: true } | { finished: false; changes: store.InboundChanges };
export type MailApplier = (
  organizationId: string,
  row: store.InboundRow,
  raw: Uint8Array,
  finish: Finish,
) => Promise<ApplyOutcome>;

export interface MailApplierDeps {
  database: DatabaseHandle;
  clock: Clock;
  tickets: Pick<TicketService, 'create' | 'addMessage' | 'update' | 'threadRef'>;
  mailboxes: Pick<MailboxService, 'addresses' | 'byId'>;
  replyKey: () => Promise<Buffer>;
  deliveryFailures: DeliveryFailures;
  /** Keeps the mail's files with the message it becomes (absent: files are not kept). */
  attachments?: Pick<AttachmentService, 'storeFiles' | 'recordFiles' | 'discardFiles'>;
}

/** The lines added to a message's content for files that were not kept. */
export function skippedFilesNote(files: StoredFiles): string {
  return files.skipped.map((f) => `[Attachment not kept: ${f.filename} (${f.size} bytes), ${f.reason}]`).join('\n');
}

/** A failure of the message itself: kept as failed at once (a retry would fail the same way). */
export class MailRejected extends Error {
  readonly permanent = true;
  constructor(
    message: string,
    /** What was read of the message (sender, subject), kept with the failure. */
    readonly changes: store.InboundChanges = {},
  ) {
    super(message);
  }
}

const REOPENED = new Set(['RESOLVED', 'CLOSED']);
const EMPTY_CONTENT = '(this mail has no text)';

/** The content of the message a mail becomes: its new text, then the note of files not kept. */
export function mailContent(mail: Pick<ParsedMail, 'content'>, note = ''): string {
  const text = mail.content.trim() === '' ? EMPTY_CONTENT : mail.content;
  return note ? `${text}\n\n${note}` : text;
}

/** The customer a mail's new ticket is for: its sender. */
export function mailCustomer(from: NonNullable<ParsedMail['from']>): { email: string; name?: string } {
  return { email: from.address, ...(from.name ? { name: from.name.slice(0, 255) } : {}) };
}

export function createMailApplier(deps: MailApplierDeps): MailApplier {
  const { database, clock, tickets, mailboxes, replyKey, deliveryFailures, attachments } = deps;

  return async (organizationId, row, raw, finish) => {
    let mail: ParsedMail;
    try {
      // Bytes read from the blob store for this attempt (not the row's own) are given to the parser.
      mail = await parseMailOffThread(raw, { transfer: row.raw === null });
    } catch (err) {
      throw new MailRejected(`the message could not be parsed: ${err instanceof Error ? err.message : String(err)}`);
    }
    const t = database.forOrganization(organizationId);
    const sender = mail.from?.address.toLowerCase() ?? null;
    const own = new Set(await mailboxes.addresses(organizationId));
    const kind: MailKind = classifyMail({ header: mail.header, from: sender, ownAddresses: own });
    const info: store.InboundChanges = { from_address: mail.from?.address ?? null, subject: mail.subject, kind };

    // The service's own mail coming back (a loop): kept, never applied.
    if (kind === 'own') return { finished: false, changes: info };
    if (kind === 'bounce') {
      const reason = `bounced: ${mail.content.split('\n')[0]?.slice(0, 300) ?? ''}`;
      for (const id of mail.reportedIds) await deliveryFailures.markFailedByMessageId(organizationId, id, reason);
      const [ticketId] = await store.ticketsByMessageIds(t, mail.reportedIds);
      return { finished: false, changes: { ...info, ticket_id: ticketId ?? null } };
    }
    if (!mail.from || !sender || !isMailAddress(sender))
      throw new MailRejected('the message has no usable sender (From)', info);
    // The same mail already became a message (it reached another mailbox of the organization too).
    if (mail.messageId) {
      const [known] = await store.ticketsByMessageIds(t, [mail.messageId]);
      if (known) return { finished: false, changes: { ...info, ticket_id: known } };
    }

    const mailbox = await mailboxes.byId(organizationId, row.mailbox_id, { routing: true });
    const match = await findThread(
      {
        key: await replyKey(),
        organizationId,
        mailboxAddress: mailbox?.address ?? '',
        recipient: row.recipient,
        mail,
      },
      {
        ticket: (by) => tickets.threadRef(organizationId, by),
        ticketsByMessageIds: (ids) => store.ticketsByMessageIds(t, ids),
      },
    );
    // The files' bytes first, their rows then in the message's transaction (an attempt that fails
    // removes its bytes). Files over the limits are noted in the message instead.
    const files: StoredFiles = attachments
      ? await attachments.storeFiles(organizationId, mail.attachments)
      : { kept: [], skipped: [] };
    const content = mailContent(mail, skippedFilesNote(files));
    const refs = files.kept.map(({ id, filename, content_type, size }) => ({ id, filename, content_type, size }));
    // In the transaction that adds the message: this row done, its Message-ID recorded for the ticket,
    // its files' rows written.
    const record = async (tx: TenantDb, ticketId: string, messageId: string) => {
      if (!(await finish(tx, { ...info, ticket_id: ticketId }))) {
        throw new Error('the message was claimed by another process meanwhile');
      }
      if (mail.messageId) {
        await store.recordMessageIds(tx, [
          { message_id: mail.messageId, ticket_id: ticketId, direction: 'inbound', created_at: clock() },
        ]);
      }
      if (attachments && files.kept.length > 0) await attachments.recordFiles(tx, messageId, ticketId, files);
    };
    const scoped = (s: unknown) => (s as TenantDb).forOrganization(organizationId);

    try {
      if (match) {
        const ticketId = match.ticket.id;
        // Reopen first: repeated after a crash it changes nothing, and the message then follows.
        if (kind === 'mail' && REOPENED.has(match.ticket.status)) {
          await tickets.update(organizationId, ticketId, { status: 'OPEN' });
        }
        await withTransactionObserver(
          { beforeCommit: (s, result) => record(scoped(s), ticketId, (result as { id: string }).id) },
          () => tickets.addMessage(organizationId, ticketId, { content }, { attachments: refs }),
        );
      } else {
        const customer = mailCustomer(mail.from);
        await withTransactionObserver(
          {
            beforeCommit: (s, result) => {
              const created = result as { id: string; messages: { id: string }[] };
              return record(scoped(s), created.id, created.messages[0].id);
            },
          },
          () =>
            tickets.create(organizationId, { subject: mail.subject, message: content, customer }, API_KEY_CALLER, {
              channel: 'EMAIL',
              attachments: refs,
            }),
        );
      }
    } catch (err) {
      // Nothing refers to the files: their bytes go (a retry stores them again).
      if (attachments) await attachments.discardFiles(files);
      throw err;
    }
    return { finished: true };
  };
}
