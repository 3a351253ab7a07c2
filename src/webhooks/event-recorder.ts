import type { TenantDb } from '../db/database.js';
import { recordEvent, type EventType } from './outbox.js';

// How other domains raise events: in their own transaction, on their organization-scoped handle, so
// a committed change always gets its deliveries and a rolled-back one never does.

export interface RecordedEvent {
  type: EventType;
  /** When the change happened (epoch ms); becomes the payload's timestamp. */
  occurredAt: number;
  /** The event's `data` object, already in its wire shape. */
  data: Record<string, unknown>;
}

export function createEventRecorder() {
  return {
    record: (t: TenantDb, event: RecordedEvent) =>
      recordEvent(t.db, t.pick({ sqlite: 'sqlite', postgres: 'postgres' } as const), { ...event, organizationId: t.organizationId }),
  };
}

export type EventRecorder = ReturnType<typeof createEventRecorder>;
