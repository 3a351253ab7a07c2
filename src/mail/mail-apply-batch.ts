import type { DatabaseHandle, TenantDb } from '../db/database.js';
import { withTransactionObserver } from '../db/sql-handle.js';
import type { Clock } from '../shared/clock.js';
import type { TicketService } from '../tickets/ticket-service.js';
import { classifyMail } from './auto-mail.js';
import * as store from './inbound-store.js';
import { isMailAddress } from './mail-address.js';
import { mailContent, mailCustomer } from './mail-apply.js';
import type { ParsedMail } from './mail-parse.js';
import { parseMailBatch } from './mail-parse-batch.js';
import { findThread } from './mail-thread.js';
import type { MailboxService } from './mailbox-service.js';

// Received mail that opens new tickets, applied together: the commonest mail (a customer writing
// anew) made into tickets by one batch create (TicketService.createMany), each stored message marked
// done in the same transaction. Only mail whose outcome is plain is taken: from a usable sender, not
// the service's own nor a bounce, without files, referring to no earlier message (a reply, even to a
// mail of the same batch, is threaded one by one), without a reply token or ticket tag that finds a
// ticket, and whose Message-ID no ticket has yet nor any other message of the batch carries (copies
// of one mail to two mailboxes are applied one by one, in the order received: the first copy decides,
// which may be a reply that finds its ticket). Everything else, and the whole batch when its
// transaction fails, is returned for the one-by-one path (mail-apply.ts), which decides the same way.

/**
 * A batch of one organization's claimed messages in two steps. `prepare` parses and sorts them, before
 * any transaction (on SQLite a transaction holds the one write lock, which the ways in need to store
 * mail: it should not wait for parsing). `apply`, in the transaction, applies what it can and returns
 * the rest, in order, and whether the batch's transaction failed (then every message is in the rest).
 */
export interface MailBatchApplier {
  /** `lease`: the claim the rows are held with (a row is marked done only while it still is). */
  prepare(organizationId: string, rows: readonly store.InboundRow[], lease: number): Promise<PreparedBatch>;
  apply(prepared: PreparedBatch): Promise<{ rest: store.InboundRow[]; failed: boolean }>;
}

export interface PreparedBatch {
  organizationId: string;
  rows: readonly store.InboundRow[];
  lease: number;
  plain: readonly Plain[];
}

export interface MailBatchDeps {
  database: DatabaseHandle;
  clock: Clock;
  tickets: Pick<TicketService, 'createMany' | 'threadRef'>;
  mailboxes: Pick<MailboxService, 'addresses' | 'byId'>;
  replyKey: () => Promise<Buffer>;
}

interface Plain {
  row: store.InboundRow;
  mail: ParsedMail & { from: NonNullable<ParsedMail['from']> };
  info: store.InboundChanges;
}

export function createMailBatchApplier({
  database,
  clock,
  tickets,
  mailboxes,
  replyKey,
}: MailBatchDeps): MailBatchApplier {
  /** The messages of the batch whose outcome is a new ticket of their own, but for their Message-IDs. */
  async function plainOnes(organizationId: string, rows: readonly store.InboundRow[]): Promise<Plain[]> {
    const own = new Set(await mailboxes.addresses(organizationId));
    const key = await replyKey();
    const plain: Plain[] = [];
    const inline = rows.filter((row) => row.raw !== null);
    const parsed = await parseMailBatch(inline.map((row) => row.raw!));
    for (const [i, row] of inline.entries()) {
      const mail = parsed[i];
      // Unreadable: kept as a failure one by one.
      if (mail instanceof Error) continue;
      const sender = mail.from?.address.toLowerCase() ?? null;
      const kind = classifyMail({ header: mail.header, from: sender, ownAddresses: own });
      if (kind === 'own' || kind === 'bounce' || !mail.from || !sender || !isMailAddress(sender)) continue;
      if (mail.attachments.length > 0 || mail.referencedIds.length > 0) continue;
      const mailbox = await mailboxes.byId(organizationId, row.mailbox_id, { routing: true });
      const match = await findThread(
        { key, organizationId, mailboxAddress: mailbox?.address ?? '', recipient: row.recipient, mail },
        // It refers to no Message-ID (above): only a reply token or a ticket tag is looked up.
        { ticket: (by) => tickets.threadRef(organizationId, by), ticketsByMessageIds: async () => [] },
      );
      if (match) continue;
      const info = { from_address: mail.from.address, subject: mail.subject, kind };
      plain.push({ row, mail: mail as Plain['mail'], info });
    }
    return plain;
  }

  /** Those whose Message-ID no ticket has and no other message of the batch carries (see above). */
  async function unknownOnes(
    organizationId: string,
    plain: readonly Plain[],
    rows: readonly store.InboundRow[],
  ): Promise<Plain[]> {
    // Each row's ids: the one it is stored under and, when parsed, the one its headers give.
    const carried = new Map<string, number>();
    for (const row of rows) {
      const parsed = plain.find((p) => p.row === row)?.mail.messageId;
      for (const id of new Set([row.message_id, ...(parsed ? [parsed] : [])]))
        carried.set(id, (carried.get(id) ?? 0) + 1);
    }
    const t = database.forOrganization(organizationId);
    const ids = plain.flatMap((p) => (p.mail.messageId ? [p.mail.messageId] : []));
    const known = await store.knownMessageIds(t, ids);
    return plain.filter(
      ({ mail }) => !mail.messageId || (!known.has(mail.messageId) && carried.get(mail.messageId) === 1),
    );
  }

  async function apply({ organizationId, rows, lease, plain: candidates }: PreparedBatch) {
    const plain = candidates.length < 2 ? [] : await unknownOnes(organizationId, candidates, rows);
    const rest = (taken: ReadonlySet<store.InboundRow>, failed = false) => ({
      rest: rows.filter((row) => !taken.has(row)),
      failed,
    });
    if (plain.length < 2) return rest(new Set());
    const scoped = (s: unknown) => (s as TenantDb).forOrganization(organizationId);
    // In the transaction of the tickets: each row done with its ticket, the Message-IDs recorded.
    const record = async (tx: TenantDb, views: readonly { id: string }[], now: number) => {
      const finished = plain.map((p, i) => ({
        id: p.row.id,
        lease,
        changes: { ...p.info, ticket_id: views[i].id, state: 'done', processed_at: now },
      }));
      if (!(await store.finishAppliedMany(tx, finished))) {
        throw new Error('a message was claimed by another process meanwhile');
      }
      const ids = plain.flatMap((p, i) =>
        p.mail.messageId
          ? [{ message_id: p.mail.messageId, ticket_id: views[i].id, direction: 'inbound' as const, created_at: now }]
          : [],
      );
      await store.recordMessageIds(tx, ids);
    };
    try {
      const created = await withTransactionObserver(
        {
          beforeCommit: (s, result) => record(scoped(s), result as { id: string }[], clock()),
        },
        () =>
          tickets.createMany(
            organizationId,
            plain.map(({ mail }) => ({
              subject: mail.subject,
              message: mailContent(mail),
              customer: mailCustomer(mail.from),
            })),
            'EMAIL',
          ),
      );
      if (created === null) return rest(new Set());
    } catch {
      return rest(new Set(), true);
    }
    return rest(new Set(plain.map((p) => p.row)));
  }

  return {
    prepare: async (organizationId, rows, lease) => ({
      organizationId,
      rows,
      lease,
      plain: await plainOnes(organizationId, rows),
    }),
    apply,
  };
}
