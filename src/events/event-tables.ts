import type { Millis } from '../db/column-types.js';

// Kysely table type of the event log (one row per change, see migration 20261122-1000).

export interface EventTable {
  organization_id: string;
  id: string;
  /** PostgreSQL only: the writing transaction's xid8 (set by the column default), as text. */
  xid?: string;
  /** Position within the log (identity on PostgreSQL, AUTOINCREMENT rowid on SQLite). */
  seq?: number;
  type: string;
  /** The event's `data`, serialized once: webhook bodies embed these exact bytes. */
  data: string;
  created_at: Millis;
}

/** Secrets of the installation (migration 20261128-0300): one row per purpose, no organization. */
export interface InstallationSecretTable {
  name: string;
  /** base64 of random bytes. */
  secret: string;
  created_at: Millis;
}
