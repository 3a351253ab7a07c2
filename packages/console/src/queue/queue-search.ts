import { parseWordsAndPage, type WordsAndPage } from '../lists/list-search';
import { STATUSES, type TicketStatus } from '../types';

// The queue's filters live in the URL (/app/?view=mine&status=OPEN&q=printer&page=2): a reload, a shared link
// or the back button gives the same list.

export type View = 'mine' | 'unassigned' | 'teams' | 'all';
export const VIEWS: { id: View; title: string }[] = [
  { id: 'mine', title: 'Mine' },
  { id: 'unassigned', title: 'Unassigned' },
  { id: 'teams', title: 'My teams' },
  { id: 'all', title: 'All' },
];

export interface QueueSearch extends WordsAndPage {
  view?: View;
  status?: TicketStatus | 'ANY';
}

export function parseQueueSearch(search: Record<string, unknown>): QueueSearch {
  const view = VIEWS.some((v) => v.id === search.view) ? (search.view as View) : undefined;
  const status =
    search.status === 'ANY' || STATUSES.includes(search.status as TicketStatus)
      ? (search.status as TicketStatus | 'ANY')
      : undefined;
  return {
    ...(view ? { view } : {}),
    ...(status ? { status } : {}),
    ...parseWordsAndPage(search),
  };
}

export const viewOf = (s: QueueSearch): View => s.view ?? 'all';
export const statusOf = (s: QueueSearch): TicketStatus | 'ANY' => s.status ?? 'OPEN';
