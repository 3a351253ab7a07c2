import { validationError } from '../shared/errors.js';
import type { TagRef, TeamRef, TicketRow, UserRef } from './ticket-payloads.js';
import type { UpdateTicketInput } from './ticket-schemas.js';

// What a PATCH changes, decided without the database: the caller has already resolved every
// reference the input names (and refused unknown ones), and writes the plan this returns.

/** The references of a PATCH, resolved against the organization (absent fields keep the ticket's). */
export interface ResolvedReferences {
  /** The assignee after the update (the current one when assignee_id is absent). */
  assignee: UserRef | null;
  /** The team after the update (the current one when team_id is absent). */
  team: TeamRef | null;
  adding: TagRef[];
  removing: TagRef[];
}

export interface TicketUpdatePlan {
  /** The ticket as it will be stored (updated_at moved to now). */
  row: TicketRow;
  /** Tags to link and to unlink: only those that really change the ticket's set. */
  addTagIds: string[];
  removeTagIds: string[];
}

/**
 * The new row and tag changes of a PATCH, or null when nothing would change: unchanged values are
 * no-ops, so updated_at moves only when something really changed. Throws a 400 for a tag both added
 * and removed.
 */
export function planTicketUpdate(
  before: TicketRow,
  currentTags: TagRef[],
  input: UpdateTicketInput,
  refs: ResolvedReferences,
  now: number,
): TicketUpdatePlan | null {
  const removing = new Set(refs.removing.map((t) => t.id));
  if (refs.adding.some((t) => removing.has(t.id))) {
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
  row.assignee_id = input.assignee_id === undefined ? before.assignee_id : (refs.assignee?.id ?? null);
  // A team that was deleted leaves team_id pointing nowhere only transiently (FK sets it null).
  row.team_id = input.team_id === undefined ? before.team_id : (refs.team?.id ?? null);

  const current = new Set(currentTags.map((t) => t.id));
  const addTagIds = refs.adding.filter((t) => !current.has(t.id)).map((t) => t.id);
  const removeTagIds = refs.removing.filter((t) => current.has(t.id)).map((t) => t.id);

  const fieldsChanged = (['status', 'priority', 'subject', 'assignee_id', 'team_id'] as const).some(
    (k) => row[k] !== before[k],
  );
  if (!fieldsChanged && addTagIds.length === 0 && removeTagIds.length === 0) return null;
  row.updated_at = now;
  return { row, addTagIds, removeTagIds };
}
