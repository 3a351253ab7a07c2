import { validationError } from '../shared/errors.js';

// The queue filters' query values that are more than one id: `assignee_id=none` and `team_id`.

/** `assignee_id=none`: tickets nobody is assigned to (user ids cannot be `none`, admin-schemas.ts). */
export const UNASSIGNED = 'none';

/** Teams one list may name: each is one index read (ticket-search-store.ts, filteredTickets). */
export const MAX_TEAM_FILTER = 20;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * `team_id`: `mine`, or team ids separated by commas (deduplicated, lower-cased). An id that is not a
 * uuid is a 400 naming the field; an id of no team of the organization simply matches no ticket.
 */
export function parseTeamFilter(param: string): string[] | 'mine' {
  const value = param.trim();
  if (value.toLowerCase() === 'mine') return 'mine';
  const ids = [...new Set(value.split(',').map((id) => id.trim().toLowerCase()))];
  if (ids.some((id) => !UUID.test(id)))
    throw validationError('team_id must be team ids separated by commas, or mine', 'team_id', 'invalid');
  if (ids.length > MAX_TEAM_FILTER)
    throw validationError(`team_id names at most ${MAX_TEAM_FILTER} teams`, 'team_id', 'too_many');
  return ids.sort();
}
