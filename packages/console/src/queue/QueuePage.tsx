import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useMe } from '../auth/session';
import { useUpdateTicket } from '../data';
import { announce } from '../layout/announce';
import { ListBody } from '../lists/ListBody';
import { Pager } from '../lists/Pager';
import { Problem } from '../lists/Problem';
import { SearchBox } from '../lists/SearchBox';
import { clearNewTickets, useNewTickets } from '../live/live-cache';
import { useCommands } from '../shortcuts/commands';
import { lastQueue } from '../ticket/useTicket';
import { label, STATUSES } from '../types';
import { BulkBar } from './BulkBar';
import { type QueueSearch, statusOf, VIEWS, viewOf } from './queue-search';
import { TicketRow } from './TicketRow';
import { useCounts, useQueue } from './useQueue';

export function QueuePage() {
  const search = useSearch({ from: '/signed-in/' });
  const navigate = useNavigate({ from: '/' });
  const client = useQueryClient();
  const me = useMe();
  const view = viewOf(search);
  const status = statusOf(search);
  const page = search.page ?? 1;
  const list = useQueue(view, status, search.q, page);
  const counts = useCounts(view, search.q);
  const newCount = useNewTickets();
  const update = useUpdateTicket();
  const [active, setActive] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const searchBox = useRef<HTMLInputElement>(null);
  const rows = list.data?.rows ?? [];
  const current = rows[Math.min(active, rows.length - 1)];

  const go = (next: Partial<QueueSearch>) =>
    void navigate({ search: (prev: QueueSearch) => ({ ...prev, page: undefined, ...next }) });
  useEffect(() => {
    lastQueue.ids = rows.map((r) => r.id);
  }, [rows]);
  useEffect(() => {
    setActive(0);
    setSelected(new Set());
  }, [view, status, search.q, page]);
  useEffect(() => {
    document.getElementById(`row-${current?.id}`)?.scrollIntoView({ block: 'nearest' });
  }, [current?.id]);

  const showNew = () => {
    clearNewTickets();
    void client.invalidateQueries({ queryKey: ['tickets'] });
    announce('List updated');
  };
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const open = (id: string | undefined) => id && void navigate({ to: '/tickets/$ticketId', params: { ticketId: id } });
  const resolve = () => {
    if (!current) return;
    update.mutate({ id: current.id, change: { status: 'RESOLVED' } });
    announce(`Ticket ${current.ticket_number} resolved`);
    setActive((i) => Math.min(i + 1, rows.length - 1));
  };

  useCommands([
    {
      id: 'next',
      title: 'Next ticket',
      group: 'List',
      keys: 'j',
      paletteHidden: true,
      run: () => setActive((i) => Math.min(i + 1, rows.length - 1)),
    },
    {
      id: 'prev',
      title: 'Previous ticket',
      group: 'List',
      keys: 'k',
      paletteHidden: true,
      run: () => setActive((i) => Math.max(i - 1, 0)),
    },
    { id: 'open', title: 'Open the ticket', group: 'List', keys: 'Enter', run: () => open(current?.id) },
    { id: 'select', title: 'Select the ticket', group: 'List', keys: 'x', run: () => current && toggle(current.id) },
    { id: 'resolve', title: 'Resolve the ticket', group: 'List', keys: 'e', run: resolve },
    {
      id: 'assign-me',
      title: 'Assign the ticket to me',
      group: 'List',
      keys: 'i',
      run: () => current && update.mutate({ id: current.id, change: { assignee_id: me.user.id } }),
    },
    { id: 'search', title: 'Search tickets', group: 'List', keys: '/', run: () => searchBox.current?.focus() },
    { id: 'show-new', title: 'Show new tickets', group: 'List', run: showNew },
    {
      id: 'next-page',
      title: 'Next page',
      group: 'List',
      run: () => page < (list.data?.pages ?? 1) && go({ page: page + 1 }),
    },
    { id: 'prev-page', title: 'Previous page', group: 'List', run: () => page > 1 && go({ page: page - 1 }) },
    ...VIEWS.map((v) => ({
      id: `view-${v.id}`,
      title: `View: ${v.title}`,
      group: 'Views',
      run: () => go({ view: v.id }),
    })),
    ...[...STATUSES, 'ANY' as const].map((s) => ({
      id: `status-${s}`,
      title: `Status: ${s === 'ANY' ? 'Any' : label(s)}`,
      group: 'Views',
      run: () => go({ status: s }),
    })),
  ]);

  return (
    <div className="queue">
      <h1 className="visually-hidden">Tickets</h1>
      <div className="filters">
        <nav aria-label="Views" className="tabs">
          {VIEWS.map((v) => (
            <Link
              key={v.id}
              to="/"
              search={(prev: QueueSearch) => ({ ...prev, view: v.id, page: undefined })}
              aria-current={v.id === view ? 'page' : undefined}
            >
              {v.title}
            </Link>
          ))}
        </nav>
        <nav aria-label="Status" className="tabs">
          {[...STATUSES.filter((s) => s !== 'CLOSED'), 'ANY' as const].map((s) => (
            <Link
              key={s}
              to="/"
              search={(prev: QueueSearch) => ({ ...prev, status: s, page: undefined })}
              aria-current={s === status ? 'page' : undefined}
            >
              {s === 'ANY' ? 'Any' : label(s)}
              {s !== 'ANY' && counts.data?.[s] !== undefined && <span className="count"> {counts.data[s]}</span>}
            </Link>
          ))}
        </nav>
        <SearchBox
          id="search"
          label="Search"
          placeholder="Search number, subject, customer, text  (/)"
          value={search.q}
          onSearch={(q) => go({ q })}
          inputRef={searchBox}
        />
      </div>
      {newCount > 0 && (
        <button type="button" className="new-pill" onClick={showNew}>
          {newCount} new — show
        </button>
      )}
      {selected.size > 0 && <BulkBar ids={[...selected]} onDone={() => setSelected(new Set())} />}
      <Problem error={list.error} />
      <ListBody
        pending={list.isPending}
        empty={rows.length > 0 ? null : `No tickets here. ${search.q ? 'Try another search.' : 'Nice work.'}`}
      >
        <ul className="ticket-list" aria-label={`${VIEWS.find((v) => v.id === view)?.title} tickets`}>
          {rows.map((ticket, i) => (
            <TicketRow
              key={ticket.id}
              ticket={ticket}
              active={i === active}
              selected={selected.has(ticket.id)}
              onToggle={() => toggle(ticket.id)}
              onFocus={() => setActive(i)}
            />
          ))}
        </ul>
      </ListBody>
      <Pager
        page={page}
        pages={list.data?.pages ?? 1}
        total={list.data?.total ?? 0}
        noun="tickets"
        onPage={(p) => go({ page: p })}
      />
    </div>
  );
}
