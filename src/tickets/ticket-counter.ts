import type { TenantDb } from '../db/database.js';
import * as store from './ticket-count-store.js';

// The per-(status, priority) ticket totals as a service other domains may depend on: deleting a
// customer deletes its tickets, and the totals must follow in the same transaction.

export function createTicketCounter() {
  return {
    /** Takes a customer's tickets out of the totals; call in the transaction that deletes them. */
    subtractCustomerTickets: (t: TenantDb, customerId: string) => store.subtractCustomerTickets(t, customerId),
    /** Locks a customer's tickets (id and number) for its deletion: call first in that transaction. */
    lockCustomerTickets: (t: TenantDb, customerId: string) => store.lockCustomerTickets(t, customerId),
    /** The ids of a customer's tickets now (unlocked). */
    customerTicketIds: (t: TenantDb, customerId: string) => store.customerTicketIds(t, customerId),
  };
}

export type TicketCounter = ReturnType<typeof createTicketCounter>;
