import type { SelectQueryBuilder } from 'kysely';
import { rerunTransaction, type TenantDb } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { EventRecorder } from '../webhooks/event-recorder.js';
import { ticketChanges, ticketEventData, type TicketRelations, type TicketRow } from './ticket-payloads.js';
import { loadPageRelations } from './ticket-read-store.js';
import { normalizeTicket, sameOrganizationByKey, TICKET_COLUMNS, ticketEventLock } from './ticket-store.js';

// A staff user or tag that is being deleted changes the tickets that refer to it (assignee -> null,
// tag removed). That is a change of assignee or tags, so each such ticket gets its updated_at and a
// ticket.updated event, in the deleting transaction, before the row goes.

const CHUNK = 500;

type Events = Pick<EventRecorder, 'record'>;
type Detach = { relations: (rel: TicketRelations) => TicketRelations; row: (row: TicketRow) => TicketRow };

async function emitDetached(
  t: TenantDb,
  events: Events,
  rows: TicketRow[],
  now: number,
  detach: Detach,
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    const relations = await loadPageRelations(t, chunk);
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
      await events.record(t, { type: 'ticket.updated', occurredAt: now, data });
    }
    // By primary key only (see sameOrganizationByKey): the chunk's ids, not a walk of the organization.
    await t.db
      .updateTable('tickets')
      .set({ updated_at: now })
      .where(
        'id',
        'in',
        chunk.map((k) => k.id),
      )
      .where(sameOrganizationByKey(t))
      .execute();
  }
}

/**
 * The tickets `select` finds, locked for events: their event locks first (before any row lock or
 * write: ticketEventLock), then their rows. A ticket that joined the set in between (assigned or
 * tagged by a transaction that committed meanwhile) has no event lock: the transaction runs again.
 */
async function lockForEvents(
  t: TenantDb,
  // biome-ignore lint/complexity/noBannedTypes: Kysely's type for a selection with no columns yet.
  select: () => SelectQueryBuilder<Database, 'tickets', {}>,
): Promise<TicketRow[]> {
  const found = new Set((await select().select('id').execute()).map((r) => r.id));
  await ticketEventLock(t, [...found]);
  const rows = await select()
    .select(TICKET_COLUMNS)
    .orderBy('id')
    .$if(t.rowLocks, (q) => q.forUpdate())
    .execute();
  if (rows.some((r) => !found.has(r.id))) throw rerunTransaction('tickets changed while being detached');
  return rows as TicketRow[];
}

/** Unassigns the user's tickets (with their events); call first in the transaction deleting the user. */
export async function unassignUserTickets(t: TenantDb, events: Events, userId: string, now: number): Promise<void> {
  const rows = await lockForEvents(t, () => t.selectFrom('tickets').where('assignee_id', '=', userId));
  await emitDetached(t, events, rows.map(normalizeTicket), now, {
    relations: (rel) => ({ ...rel, assignee: null }),
    row: (row) => ({ ...row, assignee_id: null }),
  });
  await t.updateTable('tickets').set({ assignee_id: null }).where('assignee_id', '=', userId).execute();
}

/** Takes the tag off its tickets (with their events); call before deleting the tag. */
export async function untagTickets(t: TenantDb, events: Events, tagId: string, now: number): Promise<void> {
  const rows = await lockForEvents(t, () =>
    t
      .selectFrom('tickets')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('ticket_tags')
          .select('ticket_id')
          .where('ticket_tags.organization_id', '=', t.organizationId)
          .where('tag_id', '=', tagId),
      ),
  );
  await emitDetached(t, events, rows.map(normalizeTicket), now, {
    relations: (rel) => ({ ...rel, tags: rel.tags.filter((tag) => tag.id !== tagId) }),
    row: (row) => row,
  });
  await t.deleteFrom('ticket_tags').where('tag_id', '=', tagId).execute();
}

export async function hasAssignedTickets(t: TenantDb, userId: string): Promise<boolean> {
  return (
    (await t.selectFrom('tickets').select('id').where('assignee_id', '=', userId).limit(1).executeTakeFirst()) !==
    undefined
  );
}
