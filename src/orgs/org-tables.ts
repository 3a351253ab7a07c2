import type { ColumnType } from 'kysely';
import type { Millis } from '../db/column-types.js';

// Kysely table types of the organizations domain (db/schema.ts assembles the Database type).

export interface OrganizationTable {
  id: string;
  name: string;
  /** The public face's address (help center URLs); unique. */
  slug: string | null;
  /** 0 or 1 (default 1). */
  help_center_enabled: ColumnType<number, number | undefined, number>;
  help_center_title: string | null;
  created_at: Millis;
}

/** Every slug an organization has had, its current one included: old ones redirect (301). */
export interface OrganizationSlugTable {
  slug: string;
  organization_id: string;
  created_at: Millis;
}

export interface OrganizationCounterTable {
  organization_id: string;
  ticket_seq: number;
}
