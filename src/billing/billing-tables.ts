import type { ColumnType } from 'kysely';
import type { Millis } from '../db/column-types.js';

// Kysely table types of plans, usage and AI credits.

export interface PlanTable {
  organization_id: string;
  tickets_limit: number | null;
  seats_limit: number | null;
  webhooks_limit: number | null;
  ai_credits_included: number;
  created_at: Millis;
  updated_at: Millis;
}

/** Tickets created per quarter hour, spread over stripes (db/counter-stripes.ts): usage is the sum. */
export interface TicketUsageTable {
  organization_id: string;
  bucket: number;
  stripe: ColumnType<number, number | undefined, never>;
  count: number;
}

export interface AiCreditLedgerTable {
  id: string;
  organization_id: string;
  kind: 'purchase' | 'consume';
  amount: number;
  created_at: Millis;
}
