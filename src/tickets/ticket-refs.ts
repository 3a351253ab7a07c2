import type { TenantDb } from '../db/database.js';
import type { Caller } from '../shared/acting-user.js';
import { notFound } from '../shared/errors.js';
import { pathUuid } from '../shared/ids.js';
import type { Precondition } from '../shared/precondition.js';
import { type AttachmentRef, ticketView, type TicketRow, type TicketView } from './ticket-payloads.js';
import { loadTicketWithMessages } from './ticket-read-store.js';
import type { TicketChannel } from './ticket-schemas.js';
import * as store from './ticket-store.js';

// How writes that add to a ticket (messages, and other domains' notes) find it, lock it and check the
// caller's If-Match against it, and what a ticket's creator decides about it (its channel).

/** Path ids: anything that is not a UUID cannot name a ticket, so it is a 404 rather than a 400. */
export const ticketIdOrNotFound = (raw: string): string => pathUuid(raw, 'ticket');

/**
 * The channel of a ticket created through the API: INTERNAL when a signed-in staff user opens it (from
 * the console, on a customer's behalf), API for an integration's key. It is the caller's, never the
 * body's: the create body has no channel field (one sent anyway is ignored like any unknown field).
 */
export const creationChannel = (caller: Caller): TicketChannel => (caller.userId === null ? 'API' : 'INTERNAL');

/** What a write that adds to a ticket (a message, a note) may be told besides its body. */
export interface AdditionOptions {
  /** Who is calling (default: an API key). */
  caller?: Caller;
  /** If-Match: checked against the ticket as GET shows it, under the ticket's lock. */
  precondition?: Precondition<TicketView> | null;
  /** Files stored with the message (received mail): their rows are the caller's, in the same transaction. */
  attachments?: readonly AttachmentRef[];
}

/** The If-Match check against the ticket's current representation (the caller holds the ticket's lock). */
export async function checkTicketPrecondition(
  t: TenantDb,
  id: string,
  precondition: Precondition<TicketView>,
): Promise<void> {
  const current = (await loadTicketWithMessages(t, id))!;
  precondition(ticketView(current.row, current.relations, current.messages));
}

/**
 * The ticket another domain's write or read belongs to (a note), on the caller's handle: its id and
 * number, or 404 when the organization has no ticket by that id. With `lock` (inside the caller's
 * transaction, before its writes), the ticket is locked as adding a message locks it, so the caller's
 * event takes its place among the ticket's others in commit order, and a precondition (If-Match) is
 * checked under that lock.
 */
export async function ticketRef(
  t: TenantDb,
  rawId: string,
  options: { lock?: boolean; precondition?: Precondition<TicketView> | null } = {},
): Promise<Pick<TicketRow, 'id' | 'number'>> {
  const id = ticketIdOrNotFound(rawId);
  const ticket = options.lock ? await store.lockTicket(t, id) : await store.findTicketRef(t, id);
  if (!ticket) throw notFound('ticket');
  if (options.precondition) await checkTicketPrecondition(t, id, options.precondition);
  return { id: ticket.id, number: ticket.number };
}
