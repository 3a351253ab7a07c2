import type { TenantDb } from '../db/database.js';
import type { EventRecorder } from '../webhooks/event-recorder.js';
import { hasAssignedTickets, unassignUserTickets, untagTickets } from './ticket-detach.js';

// What deleting a staff user or a tag does to the tickets that refer to it, offered to the admin
// domain: run in the deleting transaction, before the row goes. The ticket.updated events go
// through the injected recorder, in that same transaction.

export interface TicketDetacherDeps {
  events: Pick<EventRecorder, 'record'>;
}

export function createTicketDetacher({ events }: TicketDetacherDeps) {
  return {
    /** Unassigns the user's tickets, each with its updated_at and a ticket.updated event. */
    unassignUser: (t: TenantDb, userId: string, now: number): Promise<void> =>
      unassignUserTickets(t, events, userId, now),
    /** Whether any ticket is assigned to the user (a deletion checks none was assigned meanwhile). */
    hasAssigned: (t: TenantDb, userId: string): Promise<boolean> => hasAssignedTickets(t, userId),
    /** Takes the tag off its tickets, each with its updated_at and a ticket.updated event. */
    untag: (t: TenantDb, tagId: string, now: number): Promise<void> => untagTickets(t, events, tagId, now),
  };
}

export type TicketDetacher = ReturnType<typeof createTicketDetacher>;
