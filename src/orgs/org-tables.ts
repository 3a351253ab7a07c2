import type { Millis } from '../db/column-types.js';

// Kysely table types of the organizations domain (db/schema.ts assembles the Database type).

export interface OrganizationTable {
  id: string;
  name: string;
  created_at: Millis;
}

export interface OrganizationCounterTable {
  organization_id: string;
  ticket_seq: number;
}
