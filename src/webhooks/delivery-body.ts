import { LRUCache } from 'lru-cache';
import { payloadAround } from './webhook-events.js';

// What a claimed delivery sends, from what its row and its event hold. Pure (the memo below only
// returns what the same inputs gave before).

export interface DeliverySource {
  id: string;
  organization_id: string;
  event: string;
  /** The row's own body; '' when it is built from the event. */
  body: string;
  event_id: string | null;
  /** The event's stored data (null when the row has its own body, or the event is gone). */
  event_data: string | null;
  created_at: number;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: number | null;
}

interface BuiltBody {
  event: string;
  created_at: number;
  organization_id: string;
  event_data: string;
  body: string;
}

/**
 * An event goes to up to one delivery per subscribed webhook, claimed together: the body built for
 * the first is handed to the others (the same string, so the client's encoded bytes are reused too)
 * instead of being serialized again. Keyed by event id, checked against every input, so a hit is
 * exactly what building it again would give. Small: a claim's rows of one event are adjacent.
 */
const BODY_MEMO_SIZE = 256;
const bodyMemo = new LRUCache<string, BuiltBody>({ max: BODY_MEMO_SIZE });

/** The request body: the row's own (rows from before the event log, test pings) or built around the event's data. */
export function deliveryBody(d: DeliverySource): string | null {
  if (d.body !== '') return d.body;
  if (d.event_data === null) return null;
  const key = d.event_id ?? d.id;
  const hit = bodyMemo.get(key);
  if (
    hit &&
    hit.created_at === d.created_at &&
    hit.event === d.event &&
    hit.organization_id === d.organization_id &&
    hit.event_data === d.event_data
  ) {
    return hit.body;
  }
  const body = payloadAround(d.event, d.created_at, d.organization_id, d.event_data);
  bodyMemo.set(key, {
    event: d.event,
    created_at: d.created_at,
    organization_id: d.organization_id,
    event_data: d.event_data,
    body,
  });
  return body;
}

/**
 * A claim's rows with their event's data on each, where the claim sent it with one row of each event
 * (PostgreSQL's: see organizationClaimQuery) and null with the others. All rows of an event were joined
 * to the same event row, so where the one that carries it has null, the event is gone for all of them.
 * The rows then share one string (the memo above compares them by identity first), as SQLite's do.
 */
export function shareEventData<T extends Pick<DeliverySource, 'event_id' | 'event_data'>>(rows: T[]): T[] {
  // A row without an event (its own body) has no data either: null finds nothing.
  const data = new Map<string | null, string>();
  for (const r of rows) if (r.event_data !== null) data.set(r.event_id, r.event_data);
  for (const r of rows) r.event_data = data.get(r.event_id) ?? null;
  return rows;
}

/** webhook-id: the event's id, the same for every attempt and redelivery (a pre-event-log row's own id). */
export const webhookMessageId = (d: Pick<DeliverySource, 'id' | 'event_id'>): string => d.event_id ?? d.id;

/** The secrets to sign with at `now`: the current one, then the previous one while its overlap lasts. */
export function signingSecrets(
  d: Pick<DeliverySource, 'secret' | 'previous_secret' | 'previous_secret_expires_at'>,
  now: number,
): string[] {
  const overlap =
    d.previous_secret !== null && d.previous_secret_expires_at !== null && now < d.previous_secret_expires_at;
  return overlap ? [d.secret, d.previous_secret!] : [d.secret];
}
