import { useQuery } from '@tanstack/react-query';
import { helpdesk } from '../api';
import { useMe } from '../auth/session';
import { useTeams } from '../data';
import type { TicketListItem, TicketStatus } from '../types';
import type { View } from './queue-search';

// The list behind a view. Mine and All are filtered by the API; Unassigned and My teams have no API filter
// yet, so they are taken from the newest 100 tickets of the status and paged here.

const PAGE = 25;

type Listed = { rows: TicketListItem[]; total: number; pages: number };

function queryFor(status: TicketStatus | 'ANY', q: string | undefined) {
  return {
    ...(status === 'ANY' ? { include_closed: true } : { status }),
    ...(q ? { search: q } : {}),
  };
}

export function useQueue(view: View, status: TicketStatus | 'ANY', q: string | undefined, page: number) {
  const me = useMe();
  const teams = useTeams();
  const myTeams = new Set(
    (teams.data ?? []).filter((t) => t.members.some((m) => m.id === me.user.id)).map((t) => t.id),
  );
  return useQuery({
    queryKey: ['tickets', view, status, q ?? '', page, [...myTeams].join(',')],
    placeholderData: (previous) => previous,
    queryFn: async (): Promise<Listed> => {
      const base = queryFor(status, q);
      if (view === 'mine' || view === 'all') {
        const answer = await helpdesk.tickets.list({
          ...base,
          ...(view === 'mine' ? { assignee_id: me.user.id } : {}),
          page,
          limit: PAGE,
        });
        return {
          rows: answer.data,
          total: answer.meta.pagination.total,
          pages: Math.max(1, answer.meta.pagination.total_pages),
        };
      }
      const answer = await helpdesk.tickets.list({ ...base, limit: 100 });
      const kept = answer.data.filter((t) =>
        view === 'unassigned' ? !t.assignee : !!t.team && myTeams.has(t.team.id),
      );
      return {
        rows: kept.slice((page - 1) * PAGE, page * PAGE),
        total: kept.length,
        pages: Math.max(1, Math.ceil(kept.length / PAGE)),
      };
    },
  });
}

/** How many tickets of each status the view holds (the tabs' counts). */
export function useCounts(view: View, q: string | undefined) {
  const me = useMe();
  return useQuery({
    queryKey: ['counts', view, q ?? ''],
    enabled: view === 'mine' || view === 'all',
    queryFn: async () => {
      const statuses: TicketStatus[] = ['OPEN', 'PENDING', 'ON_HOLD', 'RESOLVED'];
      const totals = await Promise.all(
        statuses.map(
          async (status) =>
            (
              await helpdesk.tickets.list({
                status,
                ...(q ? { search: q } : {}),
                ...(view === 'mine' ? { assignee_id: me.user.id } : {}),
                limit: 1,
              })
            ).meta.pagination.total,
        ),
      );
      return Object.fromEntries(statuses.map((s, i) => [s, totals[i]])) as Partial<Record<TicketStatus, number>>;
    },
  });
}
