import type { Selectable } from 'kysely';
import type { MessageTable, TicketTable } from './ticket-tables.js';
import { iso, isoOrNull } from '../shared/clock.js';
import type { TicketChannel, TicketPriority, TicketStatus } from './ticket-schemas.js';

// Pure builders from stored rows to the wire shapes (API responses and event data).
// They take everything they need as arguments so they can be unit-tested without a database.

/** A stored ticket as the builders read it (the table's columns but the internal search key). */
export type TicketRow = Omit<Selectable<TicketTable>, 'rid'>;

/**
 * A stored message (its organization is the ticket's), with its mail delivery when it is a reply on
 * an EMAIL ticket (absent or null otherwise).
 */
export type MessageRow = Omit<Selectable<MessageTable>, 'rid' | 'organization_id' | 'seq' | 'attachment_count'> & {
  delivery?: DeliveryView | null;
  /** Files stored with it, in their order (absent: none). */
  attachments?: AttachmentRef[];
};

/** A file kept with a message, as messages list it (GET /attachments/{id} downloads it). */
export interface AttachmentRef {
  id: string;
  filename: string;
  content_type: string;
  size: number;
}

/** Attachments as the ticket reads return them: [id, filename, content_type, size] tuples, or null. */
export function attachmentRefs(tuples: unknown): AttachmentRef[] {
  if (!Array.isArray(tuples)) return [];
  return (tuples as [string, string, string, number | string][]).map(([id, filename, content_type, size]) => ({
    id,
    filename,
    content_type,
    size: Number(size),
  }));
}

/** How a reply on an EMAIL ticket is getting to the customer (src/mail/outbox-store.ts keeps it). */
export interface DeliveryView {
  channel: 'email';
  status: 'queued' | 'sent' | 'failed';
  attempt_count: number;
  last_error: string | null;
  sent_at: string | null;
}

/** The delivery from its stored columns (state null: the message is not mailed). */
export function deliveryView(
  state: string | null,
  attemptCount: number | string | null,
  lastError: string | null,
  sentAt: number | string | null,
): DeliveryView | null {
  if (state === null) return null;
  return {
    channel: 'email',
    status: state === 'sent' || state === 'failed' ? state : 'queued',
    attempt_count: Number(attemptCount ?? 0),
    last_error: lastError,
    sent_at: sentAt === null ? null : iso(Number(sentAt)),
  };
}

export interface TicketCustomerRef {
  id: string;
  email: string;
  name: string | null;
  external_user_id: string | null;
}
export interface UserRef {
  id: string;
  name: string;
  email: string;
}
export interface TeamRef {
  id: string;
  name: string;
}
export interface TagRef {
  id: string;
  name: string;
  color: string;
}

/** What a ticket row refers to, already loaded (batched for lists). */
export interface TicketRelations {
  customer: TicketCustomerRef;
  assignee: UserRef | null;
  team: TeamRef | null;
  tags: TagRef[];
}

export interface MessageView {
  id: string;
  content: string;
  type: 'INBOUND' | 'OUTBOUND';
  author: { type: 'customer' | 'user'; id: string; email: string | null; name: string | null } | null;
  created_at: string;
  delivery: DeliveryView | null;
  attachments: AttachmentRef[];
}

export function messageView(row: MessageRow): MessageView {
  const author =
    row.author_type === null || row.author_id === null
      ? null
      : {
          type: row.author_type as 'customer' | 'user',
          id: row.author_id,
          email: row.author_email,
          name: row.author_name,
        };
  return {
    id: row.id,
    content: row.content,
    type: row.type as MessageView['type'],
    author,
    created_at: iso(row.created_at),
    delivery: row.delivery ?? null,
    attachments: row.attachments ?? [],
  };
}

const userView = (u: UserRef | null) => (u ? { id: u.id, name: u.name, email: u.email } : null);
const tagView = (t: TagRef) => ({ id: t.id, name: t.name, color: t.color });

function core(row: TicketRow, rel: TicketRelations) {
  return {
    id: row.id,
    ticket_number: String(row.number),
    subject: row.subject,
    status: row.status as TicketStatus,
    priority: row.priority as TicketPriority,
    channel: row.channel as TicketChannel,
    external_organization_id: row.external_organization_id,
    external_organization_name: row.external_organization_name,
    customer: {
      id: rel.customer.id,
      email: rel.customer.email,
      name: rel.customer.name,
      external_user_id: rel.customer.external_user_id,
    },
    assignee: userView(rel.assignee),
    team: rel.team ? { id: rel.team.id, name: rel.team.name } : null,
    tags: rel.tags.map(tagView),
  };
}

/** Ticket for create / retrieve / update responses: with messages and closed_at, no message_count. */
export function ticketView(row: TicketRow, rel: TicketRelations, messages: MessageRow[]) {
  return {
    ...core(row, rel),
    messages: messages.map(messageView),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    closed_at: isoOrNull(row.closed_at),
  };
}
export type TicketView = ReturnType<typeof ticketView>;

/**
 * Ticket in a list: message_count instead of messages, and no closed_at. Spelled out rather than
 * spread from core(): a page builds 25 of them per request, and a spread copies every key once more
 * (the keys and their order are core()'s; ticket-payloads.test.ts checks they stay the same).
 */
export function ticketListItem(row: TicketRow, rel: TicketRelations) {
  const c = rel.customer;
  const a = rel.assignee;
  return {
    id: row.id,
    ticket_number: String(row.number),
    subject: row.subject,
    status: row.status as TicketStatus,
    priority: row.priority as TicketPriority,
    channel: row.channel as TicketChannel,
    external_organization_id: row.external_organization_id,
    external_organization_name: row.external_organization_name,
    customer: { id: c.id, email: c.email, name: c.name, external_user_id: c.external_user_id },
    assignee: a ? { id: a.id, name: a.name, email: a.email } : null,
    team: rel.team ? { id: rel.team.id, name: rel.team.name } : null,
    tags: rel.tags.map(tagView),
    message_count: Number(row.message_count),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}
export type TicketListItem = ReturnType<typeof ticketListItem>;

/** `data` of ticket.created (and the base of ticket.updated). */
export function ticketEventData(row: TicketRow, rel: TicketRelations) {
  return {
    id: row.id,
    ticket_number: String(row.number),
    subject: row.subject,
    status: row.status,
    priority: row.priority,
    channel: row.channel,
    customer: { id: rel.customer.id, email: rel.customer.email, name: rel.customer.name },
    assignee: userView(rel.assignee),
    team: rel.team ? { id: rel.team.id, name: rel.team.name } : null,
    tags: rel.tags.map(tagView),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    closed_at: isoOrNull(row.closed_at),
  };
}

/** The fields whose change makes a ticket.updated event. */
export interface TrackedState {
  status: string;
  priority: string;
  assignee: UserRef | null;
  tags: TagRef[];
}

type Change<T> = { from: T; to: T };
export interface TicketChanges {
  status?: Change<string>;
  priority?: Change<string>;
  assignee?: Change<ReturnType<typeof userView>>;
  tags?: Change<ReturnType<typeof tagView>[]>;
}

const sameTagSet = (a: TagRef[], b: TagRef[]) => {
  if (a.length !== b.length) return false;
  const ids = new Set(a.map((t) => t.id));
  return b.every((t) => ids.has(t.id));
};

/** The `changes` object of ticket.updated, or null when none of the tracked fields changed. */
export function ticketChanges(before: TrackedState, after: TrackedState): TicketChanges | null {
  const changes: TicketChanges = {};
  if (before.status !== after.status) changes.status = { from: before.status, to: after.status };
  if (before.priority !== after.priority) changes.priority = { from: before.priority, to: after.priority };
  if ((before.assignee?.id ?? null) !== (after.assignee?.id ?? null)) {
    changes.assignee = { from: userView(before.assignee), to: userView(after.assignee) };
  }
  if (!sameTagSet(before.tags, after.tags))
    changes.tags = { from: before.tags.map(tagView), to: after.tags.map(tagView) };
  return Object.keys(changes).length > 0 ? changes : null;
}

/** `data` of message.created. */
export function messageEventData(message: MessageRow, ticket: Pick<TicketRow, 'id' | 'number'>) {
  const view = messageView(message);
  return {
    id: view.id,
    ticket_id: ticket.id,
    ticket_number: String(ticket.number),
    content: view.content,
    type: view.type,
    author: view.author,
    created_at: view.created_at,
  };
}
