import { useEffect, useRef, useSyncExternalStore } from 'react';
import { helpdesk } from '../api';
import { type LiveEvent, liveHub } from './hub';

// Who else has a ticket open, and who is typing in it: from `presence` events of the stream; an entry
// vanishes 30 seconds after its last announcement (the server keeps them about as long).

export interface Presence {
  userId: string;
  name: string;
  state: 'viewing' | 'typing';
  at: number;
}

const TTL_MS = 30_000;
const byTicket = new Map<string, Map<string, Presence>>();
const listeners = new Set<() => void>();
let version = 0;
const notify = () => {
  version++;
  for (const l of listeners) l();
};

export function recordPresence(event: LiveEvent) {
  const d = event.data ?? {};
  const ticketId: string | undefined = d.ticket_id ?? d.ticket?.id;
  const user = d.user ?? {};
  const userId: string | undefined = user.id ?? d.user_id;
  if (!ticketId || !userId) return;
  const state = d.state === 'typing' ? 'typing' : 'viewing';
  let users = byTicket.get(ticketId);
  if (!users) byTicket.set(ticketId, (users = new Map()));
  if (d.state === 'left') users.delete(userId);
  else users.set(userId, { userId, name: user.name ?? user.email ?? d.user_name ?? 'Someone', state, at: Date.now() });
  notify();
}

setInterval(() => {
  const now = Date.now();
  let changed = false;
  for (const users of byTicket.values())
    for (const [id, p] of users)
      if (now - p.at > TTL_MS) {
        users.delete(id);
        changed = true;
      }
  if (changed) notify();
}, 5_000);

export function usePresence(ticketId: string, meId: string): Presence[] {
  useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => version,
  );
  return [...(byTicket.get(ticketId)?.values() ?? [])].filter((p) => p.userId !== meId);
}

/**
 * Tells the others this user is viewing (every 10 s) or typing (at once, then every 10 s) the ticket. When
 * someone new shows up on the ticket, or the stream (re)connects, it announces at once, so that both see each
 * other without waiting a round.
 */
export function useAnnouncePresence(ticketId: string, meId: string, typing: boolean) {
  const state = typing ? 'typing' : 'viewing';
  const last = useRef({ key: '', at: 0 });
  useEffect(() => {
    const announce = () => {
      last.current = { key: `${ticketId}:${state}`, at: Date.now() };
      void helpdesk
        .request('POST', `/api/v1/tickets/${encodeURIComponent(ticketId)}/presence`, { body: { state } })
        .catch(() => undefined);
    };
    if (last.current.key !== `${ticketId}:${state}`) announce();
    const timer = setInterval(() => document.visibilityState === 'visible' && announce(), 10_000);
    const known = new Set<string>();
    const off = liveHub.subscribe((event) => {
      if (event.type !== 'presence') return;
      const d = event.data ?? {};
      const who: string | undefined = d.user?.id ?? d.user_id;
      if (d.ticket_id !== ticketId || !who || who === meId || known.has(who)) return;
      known.add(who);
      if (Date.now() - last.current.at > 1_000) announce();
    });
    // A stream that has just (re)connected missed what was said before: say it again.
    const offStatus = liveHub.onStatus(() => liveHub.status === 'open' && announce());
    return () => {
      clearInterval(timer);
      off();
      offStatus();
    };
  }, [ticketId, meId, state]);
}

liveHub.subscribe((event) => {
  if (event.type === 'presence') recordPresence(event);
});
