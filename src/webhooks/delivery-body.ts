import { payloadAround } from './webhook-events.js';

// What a claimed delivery sends, from what its row and its event hold. Pure.

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

/** The request body: the row's own (rows from before the event log, test pings) or built around the event's data. */
export function deliveryBody(d: DeliverySource): string | null {
  if (d.body !== '') return d.body;
  return d.event_data === null ? null : payloadAround(d.event, d.created_at, d.organization_id, d.event_data);
}

/** webhook-id: the event's id, the same for every attempt and redelivery (a pre-event-log row's own id). */
export const webhookMessageId = (d: Pick<DeliverySource, 'id' | 'event_id'>): string => d.event_id ?? d.id;

/** The secrets to sign with at `now`: the current one, then the previous one while its overlap lasts. */
export function signingSecrets(d: Pick<DeliverySource, 'secret' | 'previous_secret' | 'previous_secret_expires_at'>, now: number): string[] {
  const overlap = d.previous_secret !== null && d.previous_secret_expires_at !== null && now < d.previous_secret_expires_at;
  return overlap ? [d.secret, d.previous_secret!] : [d.secret];
}
