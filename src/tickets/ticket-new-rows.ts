import type { CustomerRow } from '../customers/customer-service.js';
import { newTimeOrderedId } from '../shared/ids.js';
import type { AttachmentRef, MessageRow, TicketRelations, TicketRow } from './ticket-payloads.js';
import type { CreateTicketInput, TicketChannel } from './ticket-schemas.js';

// The rows a new ticket is made of, for a single create and for a batch alike: the ticket, its first
// message, the rest of a handed-over conversation, and the relations its views and events show.

export interface NewTicketArgs {
  organizationId: string;
  number: number;
  input: CreateTicketInput;
  channel: TicketChannel;
  customer: CustomerRow;
  tags: TicketRelations['tags'];
  now: number;
  transcript?: readonly { type: 'INBOUND' | 'OUTBOUND'; content: string }[];
  attachments?: AttachmentRef[];
}

export function newTicketRows({
  organizationId,
  number,
  input,
  channel,
  customer,
  tags,
  now,
  transcript = [],
  attachments,
}: NewTicketArgs) {
  const c = input.customer;
  const row: TicketRow = {
    id: newTimeOrderedId(),
    organization_id: organizationId,
    number,
    subject: input.subject,
    status: 'OPEN',
    priority: input.priority ?? 'MEDIUM',
    channel,
    customer_id: customer.id,
    assignee_id: null,
    team_id: null,
    external_organization_id: c.external_organization_id ?? null,
    external_organization_name: c.external_organization_name ?? null,
    message_count: 1 + transcript.length,
    created_at: now,
    updated_at: now,
    closed_at: null,
  };
  const message: MessageRow = {
    id: newTimeOrderedId(),
    ticket_id: row.id,
    type: 'INBOUND',
    content: input.message,
    author_type: 'customer',
    author_id: customer.id,
    author_email: customer.email,
    author_name: customer.name,
    created_at: now,
    ...(attachments ? { attachments } : {}),
  };
  // The rest of a handed-over conversation: a millisecond apart, so they list in order.
  const later: MessageRow[] = transcript.map((m, i) => ({
    id: newTimeOrderedId(now + i + 1),
    ticket_id: row.id,
    type: m.type,
    content: m.content,
    author_type: m.type === 'INBOUND' ? 'customer' : null,
    author_id: m.type === 'INBOUND' ? customer.id : null,
    author_email: m.type === 'INBOUND' ? customer.email : null,
    author_name: m.type === 'INBOUND' ? customer.name : null,
    created_at: now,
  }));
  const relations: TicketRelations = {
    customer: {
      id: customer.id,
      email: customer.email,
      name: customer.name,
      external_user_id: customer.external_user_id,
    },
    assignee: null,
    team: null,
    tags,
  };
  return { row, message, later, relations };
}
