import type { Millis } from '../db/column-types.js';

/**
 * Internal notes on a ticket: staff-only remarks, kept apart from the ticket's messages (never counted
 * in message_count, never sent to the customer). The author's email and name are copied when the
 * note is written, as a message's author is, so the note reads the same after the user changes.
 */
export interface NoteTable {
  organization_id: string;
  id: string;
  ticket_id: string;
  content: string;
  /** The staff user who wrote it (users.id: caller-chosen text, not a UUID). */
  author_id: string;
  author_email: string;
  author_name: string;
  created_at: Millis;
}
