import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { TicketListItem } from '../types';
import { type LiveEvent, type LiveStatus, liveHub } from './hub';

// Live events applied to what the console shows. An open ticket refetches (its thread grows in place); rows of
// a list are updated where they stand, but new tickets are only counted ("3 new") until the agent asks for
// them, so nothing moves under the cursor. The tab title carries the unread count while the tab is hidden.

type Counter = { value: number; listeners: Set<() => void> };
const counter = (): Counter => ({ value: 0, listeners: new Set() });
const bump = (c: Counter, to: number) => {
  c.value = to;
  for (const l of c.listeners) l();
};
const useCounter = (c: Counter) =>
  useSyncExternalStore(
    (l) => {
      c.listeners.add(l);
      return () => c.listeners.delete(l);
    },
    () => c.value,
  );

const newTickets = counter();
const unread = counter();
export const useNewTickets = () => useCounter(newTickets);
export const clearNewTickets = () => bump(newTickets, 0);
export const useUnread = () => useCounter(unread);

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (l) => liveHub.onStatus(l),
    () => liveHub.status,
  );
}

function patchLists(client: QueryClient, ticket: TicketListItem) {
  client.setQueriesData<{ data: TicketListItem[] }>({ queryKey: ['tickets'] }, (page) =>
    page?.data
      ? {
          ...page,
          data: page.data.map((row) =>
            row.id === ticket.id ? { ...row, ...ticket, message_count: row.message_count } : row,
          ),
        }
      : page,
  );
}

export function applyEvent(client: QueryClient, event: LiveEvent) {
  const d = event.data ?? {};
  switch (event.type) {
    case 'ticket.created':
      bump(newTickets, newTickets.value + 1);
      if (document.visibilityState !== 'visible') bump(unread, unread.value + 1);
      void client.invalidateQueries({ queryKey: ['counts'] });
      break;
    case 'ticket.updated':
      patchLists(client, d as TicketListItem);
      void client.invalidateQueries({ queryKey: ['ticket', d.id] });
      void client.invalidateQueries({ queryKey: ['counts'] });
      break;
    case 'ticket.deleted':
      void client.invalidateQueries({ queryKey: ['tickets'] });
      void client.invalidateQueries({ queryKey: ['counts'] });
      break;
    case 'message.created':
      void client.invalidateQueries({ queryKey: ['ticket', d.ticket_id] });
      if (d.type === 'INBOUND' && document.visibilityState !== 'visible') bump(unread, unread.value + 1);
      break;
    case 'note.created':
      void client.invalidateQueries({ queryKey: ['notes', d.ticket_id] });
      break;
    case 'customer.updated':
    case 'customer.deleted':
      void client.invalidateQueries({ queryKey: ['customer', d.id] });
      break;
    case 'reset':
      // The stream could not resume from our last event: everything may be stale.
      void client.invalidateQueries();
      break;
  }
}

/** Installed once by the shell: starts the shared stream and keeps caches, counters and title current. */
export function useLiveCache() {
  const client = useQueryClient();
  const count = useUnread();
  useEffect(() => {
    liveHub.start();
    const off = liveHub.subscribe((event) => applyEvent(client, event));
    const seen = () => document.visibilityState === 'visible' && bump(unread, 0);
    document.addEventListener('visibilitychange', seen);
    return () => {
      off();
      document.removeEventListener('visibilitychange', seen);
    };
  }, [client]);
  useEffect(() => {
    document.title = count > 0 ? `(${count}) Helpdesk` : 'Helpdesk';
  }, [count]);
}
