import type { TenantDb } from '../db/database.js';
import type { TicketRow } from './ticket-payloads.js';

// ticket_tags keeps a copy of its ticket's status and number (migration 20261122-0700), so the tag
// filter is answered from one ticket_tags index in list order. `number` never changes; `status` is
// moved here, in the transaction that changes the ticket's status.

/** Sets the status copy on every tag link of the ticket (a no-op for an untagged ticket). */
export async function syncTagStatus(t: TenantDb, ticket: Pick<TicketRow, 'id' | 'status'>): Promise<void> {
  await t.updateTable('ticket_tags').set({ status: ticket.status }).where('ticket_id', '=', ticket.id).execute();
}
