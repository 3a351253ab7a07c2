import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { helpdesk } from './api';
import type { Tag, Team, Ticket, User } from './types';
import type { components } from '@helpdesk/sdk/browser';

// Shared lookups. Staff, teams and tags are readable with tickets:read (every agent); a failed lookup still
// leaves the choice short (assign to me, unassigned) rather than breaking the page.

const get = async <T>(path: string) => (await helpdesk.request<{ data: T }>('GET', path)).body.data;

export const useUsers = () =>
  useQuery({
    queryKey: ['users'],
    queryFn: () => get<User[]>('/api/v1/users?limit=100'),
    staleTime: 300_000,
    retry: false,
  });
export const useTeams = () =>
  useQuery({
    queryKey: ['teams'],
    queryFn: () => get<Team[]>('/api/v1/teams?limit=100'),
    staleTime: 300_000,
    retry: false,
  });
export const useTags = () =>
  useQuery({ queryKey: ['tags'], queryFn: () => get<Tag[]>('/api/v1/tags'), staleTime: 300_000, retry: false });

export type TicketChange = components['schemas']['UpdateTicketInput'];

/** PATCH a ticket; lists and the ticket refresh from the answer (and from the live event after it). */
export function useUpdateTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: TicketChange }) => helpdesk.tickets.update(id, change),
    onSuccess: (ticket: Ticket) => {
      client.setQueryData(['ticket', ticket.id], (old: { ticket: Ticket; etag: string | null } | undefined) =>
        old ? { ...old, ticket: { ...ticket, messages: old.ticket.messages } } : old,
      );
      void client.invalidateQueries({ queryKey: ['ticket', ticket.id] });
      void client.invalidateQueries({ queryKey: ['tickets'] });
      void client.invalidateQueries({ queryKey: ['counts'] });
    },
  });
}
