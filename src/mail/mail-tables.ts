import type { Millis } from '../db/column-types.js';

// Kysely table types of the email channel: mailboxes and the global routes that find a mailbox from
// an address or an inbound token before any organization is known.

/**
 * A support mailbox of an organization. `imap` and `smtp` are the connection settings as JSON
 * without their passwords; the passwords are sealed apart (AES-256-GCM, mail/mail-secrets.ts) and
 * never leave the service. `address` is stored lowercased: mail is routed by it case-insensitively.
 */
export interface MailboxTable {
  organization_id: string;
  id: string;
  name: string;
  address: string;
  from_name: string | null;
  /** JSON { host, port, tls, username, folder } or null: no polling. */
  imap: string | null;
  imap_password: string | null;
  /** JSON { host, port, tls, username } or null: replies go through SMTP_URL. */
  smtp: string | null;
  smtp_password: string | null;
  /** Sealed Mailgun webhook signing key (null: MAILGUN_SIGNING_KEY, if set). */
  mailgun_signing_key: string | null;
  /** SHA-256 (hex) of the secret in inbound_url; the token itself is never stored. */
  inbound_token_hash: string;
  /** 'active' or 'error' (the IMAP poller's last run failed: last_error). */
  status: string;
  last_error: string | null;
  last_polled_at: Millis | null;
  /** The IMAP poller's claim: the one process polling this mailbox until then (imap-poller.ts). */
  imap_lease_until: Millis | null;
  imap_lease_token: string | null;
  created_at: Millis;
  updated_at: Millis;
}

/**
 * The global address → mailbox index, read by the SMTP listener and the inbound webhook before any
 * organization is known; it also makes an address unique across organizations. As api_key_lookup,
 * the organization is not in a column named organization_id, so this is not a tenant table: it is
 * reached only through the system handle, written in the same transaction as the mailbox row.
 */
export interface MailboxRouteTable {
  /** The mailbox address, lowercased. */
  address: string;
  owner_organization_id: string;
  mailbox_id: string;
  /** SHA-256 (hex) of the mailbox's inbound token: POST /inbound/email/{token} finds it by this. */
  token_hash: string;
}

/**
 * A received message and its processing: stored before it is acknowledged, then processed once
 * (state queued → done, or failed with last_error; a retry puts it back to queued). The raw bytes
 * are in `raw`, or in the blob store under `raw_key` when large.
 */
export interface InboundEmailTable {
  organization_id: string;
  id: string;
  mailbox_id: string;
  /** The Message-ID without angle brackets, or `sha256:<hex>` of the bytes when the message has none. */
  message_id: string;
  /** How it came in: smtp, imap, webhook (raw), postmark, mailgun. */
  source: string;
  /** The address it was delivered to (the SMTP recipient, or the provider's), when known. */
  recipient: string | null;
  size: number;
  raw: Uint8Array | null;
  raw_key: string | null;
  state: string;
  /** What processing found it to be: mail, automatic, bounce or own (auto-mail.ts); null until processed. */
  kind: string | null;
  attempt_count: number;
  lease_expires_at: Millis | null;
  last_error: string | null;
  /** The ticket it was added to (done). */
  ticket_id: string | null;
  from_address: string | null;
  subject: string | null;
  received_at: Millis;
  processed_at: Millis | null;
}

/** A Message-ID known for a ticket: received (inbound) or sent by the service (outbound). */
export interface MailMessageIdTable {
  organization_id: string;
  message_id: string;
  ticket_id: string;
  direction: string;
  created_at: Millis;
}
