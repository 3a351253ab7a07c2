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
