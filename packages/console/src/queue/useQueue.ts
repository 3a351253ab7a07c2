import { useQuery } from '@tanstack/react-query';
import { helpdesk } from '../api';
import { useMe } from '../auth/session';
import type { TicketListItem, TicketStatus } from '../types';
import type { View } from './queue-search';

// The list behind a view, filtered and paged by the API: Mine by assignee, Unassigned by
// `assignee_id=none`, My teams by `team_id=mine` (the signed-in user's teams, resolved by the server).

const PAGE = 25;

type Listed = { rows: TicketListItem[]; total: number; pages: number };

/** The list filters of a view (status and search aside). */
function viewFilter(view: View, userId: string) {
  if (view === 'mine') return { assignee_id: userId };
  if (view === 'unassigned') return { assignee_id: 'none' };
  if (view === 'teams') return { team_id: 'mine' };
  return {};
}

function queryFor(status: TicketStatus | 'ANY', q: string | undefined) {
  return {
    ...(status === 'ANY' ? { include_closed: true } : { status }),
    ...(q ? { search: q } : {}),
  };
}

export function useQueue(view: View, status: TicketStatus | 'ANY', q: string | undefined, page: number) {
  const me = useMe();
  return useQuery({
    queryKey: ['tickets', view, status, q ?? '', page],
    placeholderData: (previous) => previous,
    queryFn: async (): Promise<Listed> => {
      const answer = await helpdesk.tickets.list({
        ...queryFor(status, q),
        ...viewFilter(view, me.user.id),
        page,
        limit: PAGE,
      });
      return {
        rows: answer.data,
        total: answer.meta.pagination.total,
        pages: Math.max(1, answer.meta.pagination.total_pages),
      };
    },
  });
}

/** How many tickets of each status the view holds (the tabs' counts). */
export function useCounts(view: View, q: string | undefined) {
  const me = useMe();
  return useQuery({
    queryKey: ['counts', view, q ?? ''],
    queryFn: async () => {
      const statuses: TicketStatus[] = ['OPEN', 'PENDING', 'ON_HOLD', 'RESOLVED'];
      const totals = await Promise.all(
        statuses.map(
          async (status) =>
            (
              await helpdesk.tickets.list({
                status,
                ...(q ? { search: q } : {}),
                ...viewFilter(view, me.user.id),
                limit: 1,
              })
            ).meta.pagination.total,
        ),
      );
      return Object.fromEntries(statuses.map((s, i) => [s, totals[i]])) as Partial<Record<TicketStatus, number>>;
    },
  });
}
