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
  /** After a rotation: the secret deliveries also sign with until previous_secret_expires_at. */
  previous_secret?: string | null;
  previous_secret_expires_at?: Millis | null;
}

export interface WebhookDeliveryTable {
  id: string;
  organization_id: string;
  webhook_id: string;
  event: string;
  /** The request body; '' when it is built from the event (event_id), see delivery-body.ts. */
  body: string;
  /** The event delivered (webhook-id); null on rows queued before the event log (their own id serves). */
  event_id?: string | null;
  status: string | null;
  status_code: number | null;
  attempt_count: number;
  next_attempt_at: Millis | null;
  lease_until: Millis | null;
  lease_token: string | null;
  created_at: Millis;
  completed_at: Millis | null;
}

/** Each webhook's delivery history size (records whose first attempt has finished). */
export interface WebhookDeliveryTotalTable {
  organization_id: string;
  webhook_id: string;
  total: number;
}
