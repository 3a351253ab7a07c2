import type { SharedWrite, TenantDb } from '../db/database.js';
import type { EventLog } from '../events/event-log.js';
import { newTimeOrderedId } from '../shared/ids.js';
import { insertDeliveriesQuery } from './delivery-store.js';
import type { EventType } from './webhook-events.js';
import { findCandidateWebhooks } from './webhook-store.js';
import { wakeWorkers } from './webhook-wakeup.js';

// The outbox: how other domains raise events. In the caller's own transaction, on its
// organization-scoped handle: one event record (the event log, stored once), then one delivery per
// subscribed webhook referencing it. A committed change always gets both, a rolled-back one neither;
// the workers send the deliveries later.

export interface RecordedEvent {
  type: EventType;
  /** When the change happened (epoch ms); becomes the event's created_at and the payload's timestamp. */
  occurredAt: number;
  /** The event's `data` object, already in its wire shape. */
  data: Record<string, unknown>;
}

export interface EventRecorderDeps {
  log: Pick<EventLog, 'appendQuery'>;
}

export function createEventRecorder({ log }: EventRecorderDeps) {
  // The candidate webhooks are read (and key-share locked) once per transaction: a transaction
  // raising several events (a ticket with its new customer, a deletion's ticket.deleted events)
  // does not read them again. Keyed by the transaction's handle, which its callers share.
  const candidatesOf = new WeakMap<TenantDb, Promise<{ id: string; events: string[] }[]>>();
  const candidates = (t: TenantDb) => {
    let found = candidatesOf.get(t);
    if (!found) candidatesOf.set(t, (found = findCandidateWebhooks(t)));
    return found;
  };

  /**
   * record, for a caller that runs the writes itself, with its own (Sql.writeInOrder: on PostgreSQL one
   * statement, one round trip): the events' insert, then their deliveries' (null without subscribers),
   * one statement each however many events (a batch of changes written together: many tickets opened
   * at once). The subscribers are read here; the workers are woken once the transaction commits.
   */
  async function recordManyWrites(
    t: TenantDb,
    recorded: readonly RecordedEvent[],
  ): Promise<ReadonlyArray<SharedWrite | null>> {
    if (recorded.length === 0) return [];
    const webhooks = await candidates(t);
    const rows = recorded.map((event) => ({ id: newTimeOrderedId(), event }));
    const deliveries = rows.flatMap(({ id, event }) =>
      webhooks
        .filter((w) => w.events.includes(event.type))
        .map((webhook) => ({
          id: newTimeOrderedId(),
          webhook_id: webhook.id,
          event: event.type,
          event_id: id,
          body: '',
          created_at: event.occurredAt,
        })),
    );
    if (deliveries.length > 0) await wakeWorkers(t);
    const append = log.appendQuery(
      t,
      rows.map(({ id, event }) => ({
        id,
        type: event.type,
        data: JSON.stringify(event.data),
        created_at: event.occurredAt,
      })),
    );
    return [append, insertDeliveriesQuery(t, deliveries)];
  }

  /** recordManyWrites for one event. */
  const recordWrites = (t: TenantDb, event: RecordedEvent) => recordManyWrites(t, [event]);

  return {
    /**
     * Appends the event to the log (recorded whether or not a webhook subscribes) and queues one
     * delivery per active, subscribed webhook whose circuit breaker is closed; on PostgreSQL in one
     * statement. The data is serialized here once; every attempt's body is built around those bytes.
     */
    async record(t: TenantDb, event: RecordedEvent): Promise<void> {
      await t.writeInOrder(await recordWrites(t, event));
    },
    recordWrites,
    recordManyWrites,
  };
}

export type EventRecorder = ReturnType<typeof createEventRecorder>;
