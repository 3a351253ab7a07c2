import type { MessageView, TicketView } from '../tickets/ticket-payloads.js';
import type { Conversation, VisitorMessage } from './visitor-schemas.js';

// What a visitor is shown of a ticket: its number, subject, status and messages, each author by type
// and name only. Staff emails and ids, the customer record, assignees, tags and internal notes never
// leave the service through the visitor API or its stream.

const SUBJECT_MAX = 80;

/** A ticket's subject from the visitor's first message: its first line, shortened. */
export function subjectOf(message: string): string {
  const line = message.trim().split(/\r?\n/, 1)[0]?.trim() ?? '';
  if (line === '') return 'Chat';
  return line.length <= SUBJECT_MAX ? line : `${line.slice(0, SUBJECT_MAX - 1).trimEnd()}…`;
}

export function visitorMessage(
  m: Pick<MessageView, 'id' | 'content' | 'type' | 'author' | 'created_at'>,
): VisitorMessage {
  const agent = m.author ? m.author.type === 'user' : m.type === 'OUTBOUND';
  return {
    id: m.id,
    content: m.content,
    type: m.type,
    author: { type: agent ? 'agent' : 'customer', name: m.author?.name ?? null },
    created_at: m.created_at,
  };
}

export function conversationView(ticket: TicketView): Conversation {
  return {
    id: ticket.id,
    ticket_number: ticket.ticket_number,
    subject: ticket.subject,
    status: ticket.status,
    messages: ticket.messages.map(visitorMessage),
    created_at: ticket.created_at,
    updated_at: ticket.updated_at,
  };
}
