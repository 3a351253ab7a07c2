import type { DatabaseHandle } from '../db/database.js';
import { actingUserId, API_KEY_CALLER, type Caller } from '../shared/acting-user.js';
import { iso, type Clock } from '../shared/clock.js';
import { validationError } from '../shared/errors.js';
import { newTimeOrderedId } from '../shared/ids.js';
import type { Precondition } from '../shared/precondition.js';
import type { TicketView } from '../tickets/ticket-payloads.js';
import type { TicketService } from '../tickets/ticket-service.js';
import type { EventRecorder } from '../webhooks/event-recorder.js';
import type { AddNoteInput, NoteView } from './note-schemas.js';
import * as store from './note-store.js';

// Internal notes: staff-only remarks on a ticket. They are not messages: they never appear in a
// ticket's messages or its message_count, never raise message.created and are never sent to the
// customer, so adding one leaves the ticket's representation (and its ETag) as it was. Each raises
// note.created (data: the note) in the event log and to the webhooks subscribed to it, in the note's
// own transaction.

export interface NoteServiceDeps {
  database: DatabaseHandle;
  clock: Clock;
  tickets: Pick<TicketService, 'ticketRef'>;
  events: Pick<EventRecorder, 'recordWrites'>;
}

export type NoteService = ReturnType<typeof createNoteService>;

/** The wire shape of a stored note (API answers and note.created data alike). */
export function noteView(row: store.NoteRow): NoteView {
  return {
    id: row.id,
    ticket_id: row.ticket_id,
    content: row.content,
    author: { type: 'user', id: row.author_id, email: row.author_email, name: row.author_name },
    created_at: iso(row.created_at),
  };
}

/**
 * The author of a new note: the signed-in user with a session (a user_id naming anyone else is 403),
 * else the body's user_id, which an API key must give (400: a note is always written by someone).
 */
export function noteAuthorId(caller: Caller, requested: string | null | undefined): string {
  const userId = actingUserId(caller.userId, requested);
  if (userId === null) throw validationError('user_id is required with an API key', 'user_id', 'required');
  return userId;
}

export function createNoteService({ database, clock, tickets, events }: NoteServiceDeps) {
  async function create(
    organizationId: string,
    rawTicketId: string,
    input: AddNoteInput,
    options: { caller?: Caller; precondition?: Precondition<TicketView> | null } = {},
  ): Promise<NoteView> {
    const authorId = noteAuthorId(options.caller ?? API_KEY_CALLER, input.user_id);
    if (input.content.trim() === '') throw validationError('content must not be blank', 'content', 'blank');
    return database.forOrganization(organizationId).transaction(async (t) => {
      // The ticket's lock first (as adding a message takes it): the event keeps its place among the
      // ticket's others, and If-Match is checked against the ticket as it is under that lock.
      const ticket = await tickets.ticketRef(t, rawTicketId, { lock: true, precondition: options.precondition });
      // An unknown user is a bad field value (400), as it is for a message's user_id.
      const author = await store.findAuthor(t, authorId);
      if (!author) throw validationError(`unknown user id: ${authorId}`, 'user_id', 'not_found');
      const now = clock();
      const row: store.NoteRow = {
        id: newTimeOrderedId(),
        ticket_id: ticket.id,
        content: input.content,
        author_id: author.id,
        author_email: author.email,
        author_name: author.name,
        created_at: now,
      };
      const view = noteView(row);
      const event = await events.recordWrites(t, { type: 'note.created', occurredAt: now, data: view });
      await t.writeLast([store.noteInsert(t, row), ...event]);
      return view;
    });
  }

  async function list(organizationId: string, rawTicketId: string): Promise<NoteView[]> {
    const t = database.forOrganization(organizationId);
    const ticket = await tickets.ticketRef(t, rawTicketId);
    return (await store.listNotes(t, ticket.id)).map(noteView);
  }

  return { create, list };
}
