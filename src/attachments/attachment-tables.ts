import type { Millis } from '../db/column-types.js';

// Kysely table type of stored files (attachments of received mail).

/**
 * A file kept with a message. `content_type` is what the bytes were recognised as (never what the mail
 * claimed), `filename` the sender's name for it made safe, `storage_key` where the blob store keeps the
 * bytes, `position` the file's place among its message's parts (unique per message).
 */
export interface AttachmentTable {
  organization_id: string;
  id: string;
  message_id: string;
  ticket_id: string;
  position: number;
  filename: string;
  content_type: string;
  size: number;
  storage_key: string;
  created_at: Millis;
}
