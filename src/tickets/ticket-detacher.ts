import type { TenantDb } from '../db/database.js';
import { unassignUserTickets, untagTickets } from './ticket-detach.js';

// What deleting a staff user or a tag does to the tickets that refer to it, offered to the admin
// domain: run in the deleting transaction, before the row goes.

export function createTicketDetacher() {
  const dialectOf = (t: TenantDb) => t.pick({ sqlite: 'sqlite', postgres: 'postgres' } as const);
  return {
    /** Unassigns the user's tickets, each with its updated_at and a ticket.updated event. */
    unassignUser: (t: TenantDb, userId: string, now: number) => unassignUserTickets(t.db, dialectOf(t), t.organizationId, userId, now),
    /** Takes the tag off its tickets, each with its updated_at and a ticket.updated event. */
    untag: (t: TenantDb, tagId: string, now: number) => untagTickets(t.db, dialectOf(t), t.organizationId, tagId, now),
  };
}

export type TicketDetacher = ReturnType<typeof createTicketDetacher>;
