import type { components } from './openapi.js';

// Event payloads: the `data` of webhook deliveries (interface.md "Events", platform.md §4) and of the
// event log (GET /api/v1/events). Written by hand: the OpenAPI document describes the API's answers,
// not the requests the service sends.

type Schemas = components['schemas'];
type TicketStatus = Schemas['Ticket']['status'];
type TicketPriority = Schemas['Ticket']['priority'];
type TicketChannel = Schemas['Ticket']['channel'];
type UserRef = { id: string; name: string; email: string };
type TagRef = { id: string; name: string; color: string };
type Change<T> = { from: T; to: T };

export interface TicketEventData {
  id: string;
  ticket_number: string;
  subject: string;
  status: TicketStatus;
  priority: TicketPriority;
  channel: TicketChannel;
  customer: { id: string; email: string; name: string | null };
  assignee: UserRef | null;
  team: { id: string; name: string } | null;
  tags: TagRef[];
  created_at: string;
  updated_at: string;
  closed_at: string | null;
}

export interface TicketUpdatedData extends TicketEventData {
  /** Only the tracked fields that changed. */
  changes: {
    status?: Change<TicketStatus>;
    priority?: Change<TicketPriority>;
    assignee?: Change<UserRef | null>;
    tags?: Change<TagRef[]>;
  };
}

export interface MessageCreatedData {
  id: string;
  ticket_id: string;
  ticket_number: string;
  content: string;
  type: 'INBOUND' | 'OUTBOUND';
  author: Schemas['Message']['author'];
  created_at: string;
}

export interface TicketDeletedData {
  id: string;
  ticket_number: string;
  customer_id: string;
}

/** `data` by event type. */
export interface EventDataMap {
  'ticket.created': TicketEventData;
  'ticket.updated': TicketUpdatedData;
  'message.created': MessageCreatedData;
  'customer.created': Schemas['Customer'];
  'customer.updated': Schemas['Customer'];
  'customer.deleted': Schemas['Customer'];
  'ticket.deleted': TicketDeletedData;
  'note.created': Schemas['Note'];
  'webhook.test': { webhook_id: string };
}
export type EventType = keyof EventDataMap;

/** A webhook delivery's JSON body, discriminated by `event`. */
export type WebhookEvent = {
  [K in EventType]: { event: K; timestamp: string; organization_id: string; data: EventDataMap[K] };
}[EventType];

/** A record of the event log (GET /api/v1/events), discriminated by `type`. */
export type Event = {
  [K in EventType]: { id: string; type: K; created_at: string; data: EventDataMap[K] };
}[EventType];

export interface EventPage {
  data: Event[];
  meta: { next_cursor: string; has_more: boolean };
}
