import type { Dialect, Executor } from '../db/database.js';
import { recordEvent } from '../webhooks/outbox.js';
import { ticketChanges, ticketEventData, type TicketRelations, type TicketRow } from './ticket-payloads.js';
import { loadRelations, normalizeTicket, TICKET_COLUMNS } from './ticket-store.js';

// A staff user or tag that is being deleted changes the tickets that refer to it (assignee -> null,
// tag removed). That is a change of assignee or tags, so each such ticket gets its updated_at and a
// ticket.updated event, in the deleting transaction, before the row goes.

const CHUNK = 500;

type Detach = { relations: (rel: TicketRelations) => TicketRelations; row: (row: TicketRow) => TicketRow };

async function emitDetached(
  trx: Executor,
  dialect: Dialect,
  organizationId: string,
  rows: TicketRow[],
  now: number,
  detach: Detach,
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    const relations = await loadRelations(trx, organizationId, chunk);
    for (const before of chunk) {
      const relBefore = relations.get(before.id)!;
      const relAfter = detach.relations(relBefore);
      const after = { ...detach.row(before), updated_at: now };
      const changes = ticketChanges(
        { status: before.status, priority: before.priority, assignee: relBefore.assignee, tags: relBefore.tags },
        { status: after.status, priority: after.priority, assignee: relAfter.assignee, tags: relAfter.tags },
      );
      if (!changes) continue;
      const data = { ...ticketEventData(after, relAfter), changes };
      await recordEvent(trx, dialect, { organizationId, type: 'ticket.updated', occurredAt: now, data });
    }
    await trx
      .updateTable('tickets')
      .set({ updated_at: now })
      .where('id', 'in', chunk.map((t) => t.id))
      .execute();
  }
}

/** Unassigns the user's tickets (with their events); call before deleting the user. */
export async function unassignUserTickets(trx: Executor, dialect: Dialect, organizationId: string, userId: string, now: number) {
  let q = trx
    .selectFrom('tickets')
    .select(TICKET_COLUMNS)
    .where('organization_id', '=', organizationId)
    .where('assignee_id', '=', userId)
    .orderBy('id');
  if (dialect === 'postgres') q = q.forUpdate();
  const rows = (await q.execute()).map(normalizeTicket);
  await emitDetached(trx, dialect, organizationId, rows, now, {
    relations: (rel) => ({ ...rel, assignee: null }),
    row: (row) => ({ ...row, assignee_id: null }),
  });
  await trx
    .updateTable('tickets')
    .set({ assignee_id: null })
    .where('organization_id', '=', organizationId)
    .where('assignee_id', '=', userId)
    .execute();
}

/** Takes the tag off its tickets (with their events); call before deleting the tag. */
export async function untagTickets(trx: Executor, dialect: Dialect, organizationId: string, tagId: string, now: number) {
  let q = trx
    .selectFrom('tickets')
    .select(TICKET_COLUMNS)
    .where('organization_id', '=', organizationId)
    .where('id', 'in', (eb) => eb.selectFrom('ticket_tags').select('ticket_id').where('tag_id', '=', tagId))
    .orderBy('id');
  if (dialect === 'postgres') q = q.forUpdate();
  const rows = (await q.execute()).map(normalizeTicket);
  await emitDetached(trx, dialect, organizationId, rows, now, {
    relations: (rel) => ({ ...rel, tags: rel.tags.filter((t) => t.id !== tagId) }),
    row: (row) => row,
  });
  await trx.deleteFrom('ticket_tags').where('tag_id', '=', tagId).execute();
}
