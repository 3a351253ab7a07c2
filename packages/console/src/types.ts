import type { components } from '@helpdesk/sdk/browser';

type S = components['schemas'];
export type Ticket = S['Ticket'];
export type TicketListItem = S['TicketListItem'];
export type Message = S['Message'];
export type Customer = S['Customer'];
export type User = S['User'];
export type Team = S['Team'];
export type Tag = S['Tag'];
export type TicketStatus = Ticket['status'];
export type TicketPriority = Ticket['priority'];

export const STATUSES: TicketStatus[] = ['OPEN', 'PENDING', 'ON_HOLD', 'RESOLVED', 'CLOSED'];
export const PRIORITIES: TicketPriority[] = ['LOW', 'MEDIUM', 'HIGH', 'URGENT'];

export const label = (value: string) => value.charAt(0) + value.slice(1).toLowerCase().replace('_', ' ');

/** How a ticket came in, as people name it ("via API", "via Help center chat"). */
const CHANNEL_NAMES: Record<Ticket['channel'], string> = {
  API: 'API',
  EMAIL: 'Email',
  INTERNAL: 'Console',
  WIDGET: 'Widget',
  WIDGET_AI: 'Widget AI assistant',
  KB_CHAT: 'Help center chat',
};
export const channelName = (channel: Ticket['channel']): string => CHANNEL_NAMES[channel] ?? label(channel);

export interface Note {
  id: string;
  ticket_id: string;
  content: string;
  author: { type: 'user'; id: string; email: string; name: string };
  created_at: string;
}

export const when = (iso: string) => {
  const d = new Date(iso);
  const diff = (Date.now() - d.getTime()) / 1000;
  if (diff < 60) return 'just now';
  if (diff < 3600) return `${Math.floor(diff / 60)} min ago`;
  if (diff < 86400) return `${Math.floor(diff / 3600)} h ago`;
  return d.toLocaleDateString();
};
