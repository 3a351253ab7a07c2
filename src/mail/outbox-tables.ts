import type { Millis } from '../db/column-types.js';

/**
 * A reply mailed to a ticket's customer: one row per OUTBOUND message of an EMAIL ticket, written in
 * the message's transaction. `state` is 'queued' (waiting, being sent, or retrying), 'sent' (the
 * receiving server accepted it) or 'failed' (no attempt left, or a bounce came back for it).
 * `mail_message_id` is made when the row is written, so every attempt sends the same Message-ID.
 */
export interface EmailOutboxTable {
  organization_id: string;
  /** The ticket message mailed (its id). */
  message_id: string;
  ticket_id: string;
  /** The Message-ID the mail carries, with angle brackets. */
  mail_message_id: string;
  state: string;
  attempt_count: number;
  /** When the next attempt is due (null once sent or failed). */
  next_attempt_at: Millis | null;
  /** A worker's claim: another worker takes the row only once this has passed. */
  lease_until: Millis | null;
  lease_token: string | null;
  last_error: string | null;
  sent_at: Millis | null;
  created_at: Millis;
  updated_at: Millis;
}
