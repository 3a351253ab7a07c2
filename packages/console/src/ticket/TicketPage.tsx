import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { errorText } from '../api';
import { useMe } from '../auth/session';
import { CustomerPanel } from '../customer/CustomerPanel';
import { useUpdateTicket } from '../data';
import { announce } from '../layout/announce';
import { usePresence } from '../live/presence';
import { useCommands } from '../shortcuts/commands';
import { channelName, label, STATUSES } from '../types';
import { Composer, type ComposerHandle } from './Composer';
import { Thread } from './Thread';
import { type SidebarHandle, TicketSidebar } from './TicketSidebar';
import { lastQueue, useNotes, useTicket } from './useTicket';

export function TicketPage() {
  const { ticketId } = useParams({ from: '/signed-in/tickets/$ticketId' });
  const navigate = useNavigate();
  const me = useMe();
  const loaded = useTicket(ticketId);
  const notes = useNotes(ticketId);
  const update = useUpdateTicket();
  const composer = useRef<ComposerHandle>(null);
  const sidebar = useRef<SidebarHandle>(null);
  const others = usePresence(ticketId, me.user.id);
  const ticket = loaded.data?.ticket;

  useEffect(() => {
    if (ticket) document.title = `#${ticket.ticket_number} ${ticket.subject} · Helpdesk`;
    return () => {
      document.title = 'Helpdesk';
    };
  }, [ticket?.ticket_number, ticket?.subject]);

  const next = () => {
    const at = lastQueue.ids.indexOf(ticketId);
    const id = at >= 0 ? lastQueue.ids[at + 1] : undefined;
    if (id) void navigate({ to: '/tickets/$ticketId', params: { ticketId: id } });
    else void navigate({ to: '/', search: {} });
  };
  const resolveAndNext = () => {
    update.mutate({ id: ticketId, change: { status: 'RESOLVED' } }, { onSuccess: () => announce('Resolved') });
    next();
  };

  useCommands([
    { id: 'reply', title: 'Reply', group: 'Ticket', keys: 'r', run: () => composer.current?.focus('reply') },
    {
      id: 'note',
      title: 'Add an internal note',
      group: 'Ticket',
      keys: 'n',
      run: () => composer.current?.focus('note'),
    },
    { id: 'send', title: 'Send', group: 'Ticket', keys: 'mod+enter', run: () => composer.current?.send() },
    { id: 'assign', title: 'Assign…', group: 'Ticket', keys: 'a', run: () => sidebar.current?.open('assignee') },
    {
      id: 'assign-me',
      title: 'Assign to me',
      group: 'Ticket',
      keys: 'i',
      run: () =>
        update.mutate(
          { id: ticketId, change: { assignee_id: me.user.id } },
          { onSuccess: () => announce('Assigned to you') },
        ),
    },
    { id: 'status', title: 'Change status…', group: 'Ticket', keys: 's', run: () => sidebar.current?.open('status') },
    {
      id: 'priority',
      title: 'Change priority…',
      group: 'Ticket',
      keys: 'p',
      run: () => sidebar.current?.open('priority'),
    },
    { id: 'tag', title: 'Add a tag…', group: 'Ticket', keys: 't', run: () => sidebar.current?.focusTags() },
    { id: 'resolve-next', title: 'Resolve and open the next ticket', group: 'Ticket', keys: 'e', run: resolveAndNext },
    { id: 'next-ticket', title: 'Next ticket', group: 'Ticket', keys: 'j', run: next },
    { id: 'back', title: 'Back to the list', group: 'Ticket', keys: 'u', run: () => window.history.back() },
    ...STATUSES.map((s) => ({
      id: `set-${s}`,
      title: `Set status: ${label(s)}`,
      group: 'Ticket',
      run: () => update.mutate({ id: ticketId, change: { status: s } }),
    })),
    {
      id: 'customer',
      title: 'Open the customer',
      group: 'Ticket',
      run: () => ticket && void navigate({ to: '/customers/$customerId', params: { customerId: ticket.customer.id } }),
    },
  ]);

  if (loaded.isPending) return <p className="muted">Loading…</p>;
  if (loaded.isError || !ticket) return <p role="alert">{errorText(loaded.error)}</p>;
  return (
    <div className="ticket-page">
      <div className="ticket-main">
        <p className="crumbs">
          <Link to="/" search={{}}>
            Tickets
          </Link>{' '}
          / #{ticket.ticket_number}
        </p>
        <h1>{ticket.subject}</h1>
        <p className="muted">
          {label(ticket.status)} · {label(ticket.priority)} ·{' '}
          {ticket.assignee ? `Assigned to ${ticket.assignee.name}` : 'Unassigned'} · via {channelName(ticket.channel)}
        </p>
        <div className="presence-bar" role="status">
          {others.length > 0 &&
            others.map((p) => (
              <span key={p.userId} className={`who who-${p.state}`}>
                {p.name} is {p.state === 'typing' ? 'replying…' : 'viewing'}
              </span>
            ))}
        </div>
        <Thread messages={ticket.messages} notes={notes.data ?? []} ticket={ticket} />
        <Composer ref={composer} loaded={loaded.data} meId={me.user.id} key={ticketId} />
      </div>
      <aside className="ticket-side" aria-label="Details">
        <TicketSidebar ref={sidebar} ticket={ticket} />
        <CustomerPanel ticket={ticket} />
      </aside>
    </div>
  );
}
