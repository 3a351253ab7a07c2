import { splitPlusAddress } from './mail-address.js';
import type { ParsedMail } from './mail-parse.js';
import { decodeReplyToken, ticketFromMessageId } from './reply-token.js';

// Which ticket a received mail continues, if any, in the order of how sure the service can be:
//   1. a reply token in a recipient's plus tag (support+TOKEN@…), verified under the server key;
//   2. a Message-ID in In-Reply-To/References: one the service made (its token verified), or one
//      recorded for a ticket (received or sent);
//   3. `[#N]` in the subject, only when the sender is that ticket's customer (anyone can copy a
//      subject line; a stranger who does gets a ticket of their own).
// A token that does not verify is ignored, as if absent.

export interface ThreadTicket {
  id: string;
  number: number;
  status: string;
  customerEmail: string | null;
}

export interface ThreadPorts {
  /** The organization's ticket by id or number. */
  ticket(by: { id: string } | { number: number }): Promise<ThreadTicket | null>;
  /** Tickets a recorded Message-ID belongs to (first match first). */
  ticketsByMessageIds(ids: string[]): Promise<string[]>;
}

export interface ThreadInput {
  key: Buffer;
  organizationId: string;
  /** The mailbox's own address (lowercased): only its plus-addressed forms carry tokens. */
  mailboxAddress: string;
  /** The address the mail was delivered to (SMTP recipient, provider's), when known. */
  recipient: string | null;
  mail: Pick<ParsedMail, 'recipients' | 'referencedIds' | 'subject' | 'from'>;
}

const SUBJECT_NUMBER = /\[#(\d{1,15})\]/g;

export type ThreadMatch = { ticket: ThreadTicket; by: 'token' | 'message_id' | 'subject' };

export async function findThread(input: ThreadInput, ports: ThreadPorts): Promise<ThreadMatch | null> {
  const { key, organizationId, mailboxAddress, mail } = input;
  // 1. Plus-address tokens of this mailbox.
  const addresses = [...(input.recipient ? [input.recipient] : []), ...mail.recipients];
  for (const address of addresses) {
    const { base, tag } = splitPlusAddress(address);
    if (base !== mailboxAddress || tag === null) continue;
    const ticketId = decodeReplyToken(key, organizationId, tag);
    const ticket = ticketId ? await ports.ticket({ id: ticketId }) : null;
    if (ticket) return { ticket, by: 'token' };
  }
  // 2. Message-IDs: the service's own (verified), then those recorded for tickets.
  for (const id of mail.referencedIds) {
    const ticketId = ticketFromMessageId(key, organizationId, id);
    const ticket = ticketId ? await ports.ticket({ id: ticketId }) : null;
    if (ticket) return { ticket, by: 'message_id' };
  }
  for (const ticketId of await ports.ticketsByMessageIds(mail.referencedIds)) {
    const ticket = await ports.ticket({ id: ticketId });
    if (ticket) return { ticket, by: 'message_id' };
  }
  // 3. [#N] from the ticket's own customer.
  const sender = mail.from?.address.toLowerCase();
  if (sender) {
    for (const match of mail.subject.matchAll(SUBJECT_NUMBER)) {
      const ticket = await ports.ticket({ number: Number(match[1]) });
      if (ticket && ticket.customerEmail?.toLowerCase() === sender) return { ticket, by: 'subject' };
    }
  }
  return null;
}
