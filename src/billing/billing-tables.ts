import type { ColumnType } from 'kysely';
import type { Millis } from '../db/column-types.js';

// Kysely table types of plans, usage and AI credits.

export interface PlanTable {
  organization_id: string;
  tickets_limit: number | null;
  seats_limit: number | null;
  webhooks_limit: number | null;
  ai_credits_included: number;
  /** 'allow' | 'block': what happens once the period's AI credits are used up. */
  ai_overage: ColumnType<string, string | undefined, string>;
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
  /** reserve: held for an answer being written (becomes consume, or is deleted). */
  kind: 'purchase' | 'consume' | 'reserve';
  amount: number;
  created_at: Millis;
  /** A reservation's end (one left behind by a crash stops counting then). */
  expires_at: ColumnType<Millis | null, Millis | null | undefined, Millis | null>;
  /** What a consumed credit paid for (the answer's id). */
  reference: ColumnType<string | null, string | null | undefined, string | null>;
  /** Tokens the provider reported for what a consumed credit paid for (null: none reported). */
  tokens: ColumnType<number | null, number | null | undefined, number | null>;
}
