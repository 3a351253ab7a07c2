import type { TenantDb } from '../db/database.js';
import { validationError } from '../shared/errors.js';
import { isUuid } from '../shared/ids.js';
import {
  ticketChanges,
  type TagRef,
  type TicketChanges,
  type TicketRelations,
  type TicketRow,
} from './ticket-payloads.js';
import { loadPageRelations } from './ticket-read-store.js';
import type { UpdateTicketInput } from './ticket-schemas.js';
import * as store from './ticket-store.js';
import { syncTagStatus } from './ticket-tag-store.js';
import { planTicketUpdate, type ResolvedReferences } from './ticket-update-plan.js';

/**
 * The organization's tags named by `ids` (deduplicated, lower-cased), or a 400 naming `field` when
 * any is malformed, unknown or another organization's.
 */
export async function resolveTags(t: TenantDb, ids: string[] | undefined, field: string): Promise<TagRef[]> {
  if (!ids || ids.length === 0) return [];
  if (ids.some((id) => !isUuid(id))) throw validationError(`${field} must contain tag UUIDs`, field, 'invalid_format');
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  const tags = await store.findTags(t, unique);
  if (tags.length !== unique.length) {
    const found = new Set(tags.map((tag) => tag.id));
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

/** Every reference the input names, from the organization; a 400 for any that is not there. */
async function resolveReferences(
  t: TenantDb,
  current: TicketRelations,
  input: UpdateTicketInput,
): Promise<ResolvedReferences> {
  let assignee = current.assignee;
  if (input.assignee_id === null) assignee = null;
  else if (input.assignee_id !== undefined) {
    const user = (await store.findUsers(t, [input.assignee_id], true)).get(input.assignee_id);
    if (!user) throw validationError(`unknown user id: ${input.assignee_id}`, 'assignee_id', 'not_found');
    assignee = user;
  }
  let team = current.team;
  if (input.team_id === null) team = null;
  else if (input.team_id !== undefined) {
    const found = isUuid(input.team_id)
      ? (await store.findTeams(t, [input.team_id.toLowerCase()])).get(input.team_id.toLowerCase())
      : undefined;
    if (!found) throw validationError(`unknown team id: ${input.team_id}`, 'team_id', 'not_found');
    team = found;
  }
  const adding = await resolveTags(t, input.add_tag_ids, 'add_tag_ids');
  const removing = await resolveTags(t, input.remove_tag_ids, 'remove_tag_ids');
  return { assignee, team, adding, removing };
}

/**
 * Validates and writes a PATCH inside the caller's transaction. Every reference is checked before
 * the first write, so a 400 leaves nothing behind (and the transaction rolls back regardless).
 * Unchanged values are no-ops: updated_at moves only when something really changed.
 */
export async function applyTicketUpdate(
  t: TenantDb,
  before: TicketRow,
  input: UpdateTicketInput,
  now: number,
): Promise<AppliedUpdate> {
  const beforeRel = (await loadPageRelations(t, [before])).get(before.id)!;
  const refs = await resolveReferences(t, beforeRel, input);
  const plan = planTicketUpdate(before, beforeRel.tags, input, refs, now);
  if (!plan) return { row: before, relations: beforeRel, changes: null };

  const { row } = plan;
  await store.updateTicket(t, row.id, {
    status: row.status,
    priority: row.priority,
    subject: row.subject,
    assignee_id: row.assignee_id,
    team_id: row.team_id,
    closed_at: row.closed_at,
    updated_at: row.updated_at,
  });
  // The links keep a copy of the status for the tag filter: moved with it, in this transaction.
  if (row.status !== before.status) await syncTagStatus(t, row);
  await store.addTicketTags(t, row, plan.addTagIds, now);
  await store.removeTicketTags(t, row.id, plan.removeTagIds);
  const tagsChanged = plan.addTagIds.length > 0 || plan.removeTagIds.length > 0;
  const tags = tagsChanged ? ((await store.tagsOfTickets(t, [row.id])).get(row.id) ?? []) : beforeRel.tags;
  const relations: TicketRelations = { customer: beforeRel.customer, assignee: refs.assignee, team: refs.team, tags };
  const changes = ticketChanges(
    { status: before.status, priority: before.priority, assignee: beforeRel.assignee, tags: beforeRel.tags },
    { status: row.status, priority: row.priority, assignee: refs.assignee, tags },
  );
  return { row, relations, changes };
}
