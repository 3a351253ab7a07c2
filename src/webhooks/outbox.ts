import { sql } from 'kysely';
import type { Dialect, Executor } from '../db/database.js';
import { newId } from '../shared/ids.js';
import { BREAKER_THRESHOLD, serializePayload } from './signing.js';
import { PG_CHANNEL, signalEventRecorded } from './wakeup.js';

export type EventType = 'ticket.created' | 'ticket.updated' | 'message.created';
export const EVENT_TYPES: readonly EventType[] = ['ticket.created', 'ticket.updated', 'message.created'];

export interface OutboxEvent {
  organizationId: string;
  type: EventType;
  /** When the change happened (epoch ms); becomes the payload's timestamp. */
  occurredAt: number;
  /** The event's `data` object, already in its wire shape. */
  data: Record<string, unknown>;
}

/**
 * Records an event's deliveries in the caller's transaction, so a committed change always gets them
 * and a rolled-back one never does. One row per active, subscribed webhook whose circuit breaker is
 * closed; the body is serialized here once so every attempt sends the same bytes.
 */
export async function recordEvent(trx: Executor, dialect: Dialect, event: OutboxEvent): Promise<void> {
  let query = trx
    .selectFrom('webhooks')
    .select(['id', 'events'])
    .where('organization_id', '=', event.organizationId)
    .where('is_active', '=', 1)
    .where('failure_count', '<', BREAKER_THRESHOLD);
  // A webhook deleted by a concurrent transaction would make our insert a foreign-key error and fail
  // the caller's change; KEY SHARE makes that delete wait for our commit (and then cascade our rows)
  // without blocking ordinary updates of the webhook.
  if (dialect === 'postgres') query = query.forKeyShare();
  const candidates = await query.execute();
  const targets = candidates.filter((w) => (JSON.parse(w.events) as string[]).includes(event.type));
  if (targets.length === 0) return;
  const body = serializePayload(event.type, event.occurredAt, event.organizationId, event.data);
  await trx
    .insertInto('webhook_deliveries')
    .values(
      targets.map((w) => ({
        id: newId(),
        organization_id: event.organizationId,
        webhook_id: w.id,
        event: event.type,
        body,
        status: null,
        status_code: null,
        attempt_count: 0,
        next_attempt_at: event.occurredAt,
        lease_until: null,
        lease_token: null,
        created_at: event.occurredAt,
        completed_at: null,
      })),
    )
    .execute();
  // PostgreSQL delivers the notification on commit (and drops it on rollback) to every LISTENing worker.
  if (dialect === 'postgres') await sql`select pg_notify(${PG_CHANNEL}, '')`.execute(trx);
  else signalEventRecorded(trx);
}
