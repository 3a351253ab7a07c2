import type { ColumnType, Generated } from 'kysely';
import type { Millis } from '../db/column-types.js';

export interface CustomerTable {
  rid: Generated<number>;
  id: string;
  organization_id: string;
  email: string;
  email_key: string;
  name: string | null;
  external_user_id: string | null;
  external_organization_id: string | null;
  external_organization_name: string | null;
  avatar_url: string | null;
  metadata: string; // JSON text
  ticket_count: ColumnType<number, number | undefined, number>;
  created_at: Millis;
  updated_at: Millis;
}

/** The organization's number of customers (customers list totals): the sum of its stripes' rows. */
export interface CustomerCountTable {
  organization_id: string;
  stripe: ColumnType<number, number | undefined, never>;
  count: ColumnType<number, number | undefined, number>;
}
