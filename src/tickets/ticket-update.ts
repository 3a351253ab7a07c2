import type { Executor } from '../db/database.js';
import { validationError } from '../shared/errors.js';
import { isUuid } from '../shared/ids.js';
import { ticketChanges, type TagRef, type TicketChanges, type TicketRelations, type TicketRow } from './ticket-payloads.js';
import type { UpdateTicketInput } from './ticket-schemas.js';
import * as store from './ticket-store.js';

/**
 * The organization's tags named by `ids` (deduplicated, lower-cased), or a 400 naming `field` when
 * any is malformed, unknown or another organization's.
 */
export async function resolveTags(db: Executor, organizationId: string, ids: string[] | undefined, field: string): Promise<TagRef[]> {
  if (!ids || ids.length === 0) return [];
  if (ids.some((id) => !isUuid(id))) throw validationError(`${field} must contain tag UUIDs`, field, 'invalid_format');
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  const tags = await store.findTags(db, organizationId, unique);
  if (tags.length !== unique.length) {
    const found = new Set(tags.map((t) => t.id));
    const missing = unique.filter((id) => !found.has(id));
    throw validationError(`unknown tag id: ${missing.join(', ')}`, field, 'not_found');
  }
  return tags;
}

export interface AppliedUpdate {
  row: TicketRow;
  relations: TicketRelations;
  /** The ticket.updated `changes`, or null when no tracked field (status, priority, assignee, tags) changed. */
  changes: TicketChanges | null;
}

/**
 * Validates and writes a PATCH inside the caller's transaction. Every reference is checked before
 * the first write, so a 400 leaves nothing behind (and the transaction rolls back regardless).
 * Unchanged values are no-ops: updated_at moves only when something really changed.
 */
export async function applyTicketUpdate(
  trx: Executor,
  organizationId: string,
  before: TicketRow,
  input: UpdateTicketInput,
  now: number,
): Promise<AppliedUpdate> {
  const beforeRel = (await store.loadRelations(trx, organizationId, [before])).get(before.id)!;

  let assignee = beforeRel.assignee;
  if (input.assignee_id === null) assignee = null;
  else if (input.assignee_id !== undefined) {
    const user = (await store.findUsers(trx, organizationId, [input.assignee_id])).get(input.assignee_id);
    if (!user) throw validationError(`unknown user id: ${input.assignee_id}`, 'assignee_id', 'not_found');
    assignee = user;
  }
  let team = beforeRel.team;
  if (input.team_id === null) team = null;
  else if (input.team_id !== undefined) {
    const found = isUuid(input.team_id)
      ? (await store.findTeams(trx, organizationId, [input.team_id.toLowerCase()])).get(input.team_id.toLowerCase())
      : undefined;
    if (!found) throw validationError(`unknown team id: ${input.team_id}`, 'team_id', 'not_found');
    team = found;
  }
  const adding = await resolveTags(trx, organizationId, input.add_tag_ids, 'add_tag_ids');
  const removing = await resolveTags(trx, organizationId, input.remove_tag_ids, 'remove_tag_ids');
  const removeIds = new Set(removing.map((t) => t.id));
  if (adding.some((t) => removeIds.has(t.id))) {
    throw validationError('a tag cannot be both added and removed', 'remove_tag_ids', 'conflict');
  }

  const row: TicketRow = { ...before };
  if (input.status !== undefined && input.status !== before.status) {
    row.status = input.status;
    // closed_at records when the ticket was closed; leaving CLOSED clears it.
    if (input.status === 'CLOSED') row.closed_at = now;
    else if (before.status === 'CLOSED') row.closed_at = null;
  }
  if (input.priority !== undefined) row.priority = input.priority;
  if (input.subject !== undefined) row.subject = input.subject;
  row.assignee_id = input.assignee_id === undefined ? before.assignee_id : (assignee?.id ?? null);
  // A team that was deleted leaves team_id pointing nowhere only transiently (FK sets it null).
  row.team_id = input.team_id === undefined ? before.team_id : (team?.id ?? null);

  const currentIds = new Set(beforeRel.tags.map((t) => t.id));
  const toAdd = adding.filter((t) => !currentIds.has(t.id)).map((t) => t.id);
  const toRemove = removing.filter((t) => currentIds.has(t.id)).map((t) => t.id);
  const tagsChanged = toAdd.length > 0 || toRemove.length > 0;

  const fieldsChanged = (['status', 'priority', 'subject', 'assignee_id', 'team_id'] as const).some((k) => row[k] !== before[k]);
  if (!fieldsChanged && !tagsChanged) return { row: before, relations: beforeRel, changes: null };

  row.updated_at = now;
  await store.updateTicket(trx, row.id, {
    status: row.status,
    priority: row.priority,
    subject: row.subject,
    assignee_id: row.assignee_id,
    team_id: row.team_id,
    closed_at: row.closed_at,
    updated_at: row.updated_at,
  });
  await store.addTicketTags(trx, organizationId, row.id, toAdd, now);
  await store.removeTicketTags(trx, row.id, toRemove);
  const tags = tagsChanged ? ((await store.tagsOfTickets(trx, [row.id])).get(row.id) ?? []) : beforeRel.tags;
  const relations: TicketRelations = { customer: beforeRel.customer, assignee, team, tags };
  const changes = ticketChanges(
    { status: before.status, priority: before.priority, assignee: beforeRel.assignee, tags: beforeRel.tags },
    { status: row.status, priority: row.priority, assignee, tags },
  );
  return { row, relations, changes };
}
