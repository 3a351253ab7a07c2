import { iso, isoOrNull } from '../shared/clock.js';
import type { WebhookDeliveryTable, WebhookTable } from './webhook-tables.js';

// Pure builders of the wire shapes of webhooks and delivery records.

type WebhookFields = Omit<WebhookTable, 'organization_id'>;

export function webhookView(row: WebhookFields) {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    events: JSON.parse(row.events) as string[],
    is_active: row.is_active === 1,
    last_delivery_at: isoOrNull(row.last_delivery_at),
    last_delivery_status: row.last_delivery_status as 'success' | 'failed' | null,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** The create response: the only place the secret is shown; no updated_at or delivery fields. */
export function webhookCreatedView(row: WebhookFields) {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    secret: row.secret,
    events: JSON.parse(row.events) as string[],
    is_active: row.is_active === 1,
    created_at: iso(row.created_at),
  };
}

type DeliveryRow = Pick<
  WebhookDeliveryTable,
  'id' | 'event' | 'status' | 'status_code' | 'attempt_count' | 'created_at' | 'completed_at' | 'next_attempt_at'
>;

export function deliveryView(row: DeliveryRow) {
  return {
    id: row.id,
    event: row.event,
    status: (row.status ?? 'failed') as 'success' | 'failed',
    status_code: row.status_code,
    attempt_count: row.attempt_count,
    created_at: iso(row.created_at),
    completed_at: isoOrNull(row.completed_at),
    next_attempt_at: isoOrNull(row.next_attempt_at),
  };
}
