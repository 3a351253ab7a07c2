import type { TenantDb } from '../db/database.js';
import { newId } from '../shared/ids.js';
import { insertDeliveries } from './delivery-store.js';
import { serializePayload, type EventType } from './webhook-events.js';
import { findSubscribers } from './webhook-store.js';
import { wakeWorkers } from './webhook-wakeup.js';

// The outbox: how other domains raise events. An event's deliveries are written in the caller's own
// transaction, on its organization-scoped handle, so a committed change always gets them and a
// rolled-back one never does; the workers send them later.

export interface RecordedEvent {
  type: EventType;
  /** When the change happened (epoch ms); becomes the payload's timestamp. */
  occurredAt: number;
  /** The event's `data` object, already in its wire shape. */
  data: Record<string, unknown>;
}

export function createEventRecorder() {
  return {
    /**
     * Queues one delivery per active, subscribed webhook whose circuit breaker is closed. The body is
     * serialized here once, so every attempt sends the same bytes.
     */
    async record(t: TenantDb, event: RecordedEvent): Promise<void> {
      const subscribers = await findSubscribers(t, event.type);
      if (subscribers.length === 0) return;
      const body = serializePayload(event.type, event.occurredAt, t.organizationId, event.data);
      await insertDeliveries(
        t,
        subscribers.map((webhook) => ({ id: newId(), webhook_id: webhook.id, event: event.type, body, created_at: event.occurredAt })),
      );
      await wakeWorkers(t);
    },
  };
}

export type EventRecorder = ReturnType<typeof createEventRecorder>;
