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

export interface TicketUsageTable {
  organization_id: string;
  bucket: number;
  count: number;
}

export interface AiCreditLedgerTable {
  id: string;
  organization_id: string;
  kind: 'purchase' | 'consume';
  amount: number;
  created_at: Millis;
}
