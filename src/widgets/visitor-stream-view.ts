import type { Announcement, LiveEvent, StreamView } from '../events/event-stream-hub.js';
import type { VisitorMessage } from './visitor-schemas.js';
import { visitorMessage } from './visitor-views.js';

// What a visitor's stream (GET /widget/v1/stream) makes of the organization's feed: message.created
// and ticket.updated of the visitor's own conversations, reduced to what a visitor may see (no staff
// emails, no customer record, no assignee or tags); agents typing on those conversations; nothing
// else. The set of conversations grows when the visitor opens one: that is announced to every
// process's streams (an internal announcement, never sent to staff streams).

/** The internal announcement of a conversation opened through the widget. */
export const CONVERSATION_OPENED = 'widget.conversation_opened';

export interface ConversationOpened {
  ticket_id: string;
  visitor_id: string;
  /** The site user of an identified visitor (their other sessions see it too); null when anonymous. */
  external_user_id: string | null;
}

export interface VisitorStreamIdentity {
  visitorId: string;
  /** Set for identified visitors. */
  externalUserId: string | null;
}

const message = (event: string, data: unknown, id?: string) =>
  `${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export function visitorStreamView(
  who: VisitorStreamIdentity,
  initial: Iterable<string>,
): StreamView & {
  tickets: Set<string>;
} {
  const tickets = new Set(initial);
  return {
    tickets,
    event(event: LiveEvent): string | null {
      if (event.type !== 'message.created' && event.type !== 'ticket.updated') return null;
      const data = JSON.parse(event.data) as Record<string, unknown>;
      if (event.type === 'message.created') {
        const ticketId = data.ticket_id as string;
        if (!tickets.has(ticketId)) return null;
        const view: VisitorMessage & { ticket_id: string } = {
          ticket_id: ticketId,
          ...visitorMessage(data as unknown as Parameters<typeof visitorMessage>[0]),
        };
        return message('message.created', view, event.id);
      }
      const ticketId = data.id as string;
      if (!tickets.has(ticketId)) return null;
      const view = {
        id: ticketId,
        ticket_number: data.ticket_number,
        subject: data.subject,
        status: data.status,
        updated_at: data.updated_at,
      };
      return message('ticket.updated', view, event.id);
    },
    announcement(a: Announcement): string | null {
      if (a.event === CONVERSATION_OPENED) {
        const opened = a.data as unknown as ConversationOpened;
        const mine =
          opened.visitor_id === who.visitorId ||
          (who.externalUserId !== null && opened.external_user_id === who.externalUserId);
        if (mine) tickets.add(opened.ticket_id);
        return null;
      }
      // An agent viewing or typing on one of the visitor's conversations: their name and state only.
      if (a.event === 'presence' && !a.internal && a.data.visitor !== true) {
        const ticketId = a.data.ticket_id as string;
        const user = a.data.user as { name?: string } | undefined;
        if (!tickets.has(ticketId) || !user) return null;
        return message('presence', {
          ticket_id: ticketId,
          agent: { name: user.name ?? null },
          state: a.data.state,
          expires_at: a.data.expires_at,
        });
      }
      return null;
    },
  };
}
