import type { Millis } from '../db/schema.js';

// Kysely table types of the plans/usage domain, added to the shared Database interface by augmentation.

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

export interface InvitationTable {
  id: string;
  organization_id: string;
  email: string;
  email_key: string;
  name: string | null;
  role: string;
  status: string;
  expires_at: Millis;
  user_id: string | null;
  accepted_at: Millis | null;
  revoked_at: Millis | null;
  created_at: Millis;
  updated_at: Millis;
}

export interface AiCreditLedgerTable {
  id: string;
  organization_id: string;
  kind: 'purchase' | 'consume';
  amount: number;
  created_at: Millis;
}

declare module '../db/schema.js' {
  interface Database {
    plans: PlanTable;
    ticket_usage: TicketUsageTable;
    invitations: InvitationTable;
    ai_credit_ledger: AiCreditLedgerTable;
  }
}
