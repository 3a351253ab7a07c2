import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { usePresence } from '../live/presence';
import { useMe } from '../auth/session';
import { prefetchTicket } from '../ticket/useTicket';
import { label, type TicketListItem, when } from '../types';

const HOVER_MS = 60;

export function TicketRow(props: {
  ticket: TicketListItem;
  active: boolean;
  selected: boolean;
  onToggle: () => void;
  onFocus: () => void;
}) {
  const { ticket } = props;
  const me = useMe();
  const others = usePresence(ticket.id, me.user.id);
  const client = useQueryClient();
  const prefetch = () => prefetchTicket(client, ticket.id);
  // A pointer resting on the row (not one sweeping across the list) reads it ahead.
  const hover = useRef<ReturnType<typeof setTimeout>>(undefined);
  const hoverStart = () => {
    clearTimeout(hover.current);
    hover.current = setTimeout(prefetch, HOVER_MS);
  };
  const hoverEnd = () => clearTimeout(hover.current);
  useEffect(() => hoverEnd, []);
  // The row j/k moved to is the one Enter opens next.
  useEffect(() => {
    if (props.active) prefetchTicket(client, ticket.id);
  }, [props.active, client, ticket.id]);
  return (
    <li
      id={`row-${ticket.id}`}
      className={`ticket-row${props.active ? ' active' : ''}`}
      aria-current={props.active ? 'true' : undefined}
      onFocus={props.onFocus}
    >
      <input
        type="checkbox"
        checked={props.selected}
        onChange={props.onToggle}
        aria-label={`Select ticket ${ticket.ticket_number}`}
      />
      <span className="number">#{ticket.ticket_number}</span>
      <Link
        to="/tickets/$ticketId"
        params={{ ticketId: ticket.id }}
        className="subject"
        onPointerEnter={hoverStart}
        onPointerLeave={hoverEnd}
        onPointerDown={prefetch}
        onFocus={prefetch}
      >
        {ticket.subject}
      </Link>
      <span className="customer">{ticket.customer.name ?? ticket.customer.email}</span>
      <span className={`badge status-${ticket.status.toLowerCase()}`}>{label(ticket.status)}</span>
      <span className={`badge priority-${ticket.priority.toLowerCase()}`}>{label(ticket.priority)}</span>
      <span className="assignee">{ticket.assignee?.name ?? 'Unassigned'}</span>
      {others.length > 0 && (
        <span className="presence" title={others.map((p) => `${p.name} ${p.state}`).join(', ')}>
          {others.some((p) => p.state === 'typing') ? '✎' : '👁'}
          <span className="visually-hidden">{others.map((p) => `${p.name} is ${p.state}`).join(', ')}</span>
        </span>
      )}
      <span className="when muted">{when(ticket.updated_at)}</span>
    </li>
  );
}
