import type { ColumnType, Generated } from 'kysely';
import type { Millis } from '../db/column-types.js';

// Ticket totals per (status, priority) kept in the same transaction as each change, so list totals
// never need a COUNT(*) over the organization's tickets.
/** Tickets per (status, priority), spread over stripes (db/counter-stripes.ts): the total is the sum. */
export interface TicketCountTable {
  organization_id: string;
  status: string;
  priority: string;
  stripe: ColumnType<number, number | undefined, never>;
  count: number;
}

export interface TicketTable {
  rid: Generated<number>;
  id: string;
  organization_id: string;
  number: number;
  subject: string;
  status: string;
  priority: string;
  channel: string;
  customer_id: string;
  assignee_id: string | null;
  team_id: string | null;
  external_organization_id: string | null;
  external_organization_name: string | null;
  message_count: ColumnType<number, number | undefined, number>;
  created_at: Millis;
  updated_at: Millis;
  closed_at: Millis | null;
}

export interface MessageTable {
  rid: Generated<number>;
  id: string;
  organization_id: string;
  ticket_id: string;
  type: string;
  content: string;
  author_type: string | null;
  author_id: string | null;
  author_email: string | null;
  author_name: string | null;
  /** The message's place in its ticket (1, 2, …): tickets.message_count + 1 when it was added. */
  seq: number;
  created_at: Millis;
  /** Files stored with the message (attachments rows): reads look attachments up only where it is not 0. */
  attachment_count: ColumnType<number, number | undefined, number>;
}

export interface TicketTagTable {
  ticket_id: string;
  tag_id: string;
  organization_id: string;
  created_at: Millis;
  /** The ticket's status and number, copied for the tag filter (kept in step by every status change). */
  status: string;
  number: number;
}
