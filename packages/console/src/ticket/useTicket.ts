import { type QueryClient, useQuery } from '@tanstack/react-query';
import { helpdesk, isStatus } from '../api';
import type { Note, Ticket } from '../types';

// The ticket with the ETag it was read at: a reply is sent If-Match that ETag, so a reply written while
// someone else answered is caught (412) instead of sent blind.
export interface LoadedTicket {
  ticket: Ticket;
  etag: string | null;
}

/** How often an open ticket rereads itself while one of its mailed replies is still queued. */
export const QUEUED_MAIL_REFRESH_MS = 5_000;

const ticketQuery = (id: string) => ({
  queryKey: ['ticket', id],
  queryFn: async ({ signal }: { signal: AbortSignal }): Promise<LoadedTicket> => {
    const { body, response } = await helpdesk.request<{ data: Ticket }>(
      'GET',
      `/api/v1/tickets/${encodeURIComponent(id)}`,
      {
        signal,
      },
    );
    return { ticket: body.data, etag: response.headers.get('etag') };
  },
});

export const useTicket = (id: string) =>
  useQuery<LoadedTicket>({
    ...ticketQuery(id),
    // A reply's delivery changes without an event (the mail worker sends it): while any is queued, the
    // ticket is read again every few seconds so "queued" turns into "sent" or "failed" by itself.
    refetchInterval: (query) =>
      query.state.data?.ticket.messages.some((m) => m.delivery?.status === 'queued') ? QUEUED_MAIL_REFRESH_MS : false,
  });

const notesQuery = (id: string) => ({
  queryKey: ['notes', id],
  retry: false,
  queryFn: async ({ signal }: { signal: AbortSignal }): Promise<Note[]> => {
    try {
      return (
        await helpdesk.request<{ data: Note[] }>('GET', `/api/v1/tickets/${encodeURIComponent(id)}/notes`, { signal })
      ).body.data;
    } catch (error) {
      // A server without internal notes: the thread shows messages only.
      if (isStatus(error, 404)) return [];
      throw error;
    }
  },
});

export const useNotes = (id: string) => useQuery(notesQuery(id));

/**
 * Starts reading a ticket and its notes as soon as the agent shows intent (pointer over its row, the row
 * focused by j/k, a press): by the click, the thread is usually on its way or already here. Data already
 * cached and fresh (live events keep it so) is not read again.
 */
export function prefetchTicket(client: QueryClient, id: string): void {
  void client.prefetchQuery(ticketQuery(id));
  void client.prefetchQuery(notesQuery(id));
}

/** The rows of the last list shown, so "resolve and next" knows what comes next. */
export const lastQueue: { ids: string[] } = { ids: [] };
