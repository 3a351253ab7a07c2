import type { Millis } from '../db/column-types.js';

// Kysely table types of webhooks and their delivery queue.

export interface WebhookTable {
  id: string;
  organization_id: string;
  name: string;
  url: string;
  secret: string;
  events: string; // JSON array
  is_active: number; // 0 or 1 on both engines
  failure_count: number;
  last_delivery_at: Millis | null;
  last_delivery_status: string | null;
  created_at: Millis;
  updated_at: Millis;
}

export interface WebhookDeliveryTable {
  id: string;
  organization_id: string;
  webhook_id: string;
  event: string;
  body: string;
  status: string | null;
  status_code: number | null;
  attempt_count: number;
  next_attempt_at: Millis | null;
  lease_until: Millis | null;
  lease_token: string | null;
  created_at: Millis;
  completed_at: Millis | null;
}
