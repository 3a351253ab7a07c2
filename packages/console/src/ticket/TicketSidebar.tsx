import { forwardRef, useImperativeHandle, useRef } from 'react';
import { errorText } from '../api';
import { useMe } from '../auth/session';
import { type TicketChange, useTags, useTeams, useUpdateTicket, useUsers } from '../data';
import { announce } from '../layout/announce';
import { label, PRIORITIES, STATUSES, type Ticket } from '../types';

export interface SidebarHandle {
  focus(field: 'status' | 'assignee' | 'priority' | 'tags'): void;
}

// Status, priority, assignee, team and tags, each saved as soon as it changes.
export const TicketSidebar = forwardRef<SidebarHandle, { ticket: Ticket }>(function TicketSidebar({ ticket }, ref) {
  const me = useMe();
  const users = useUsers();
  const teams = useTeams();
  const tags = useTags();
  const update = useUpdateTicket();
  const fields = useRef<Record<string, HTMLSelectElement | null>>({});
  useImperativeHandle(ref, () => ({ focus: (field) => fields.current[field]?.focus() }));
  const save = (change: TicketChange, what: string) =>
    update.mutate({ id: ticket.id, change }, { onSuccess: () => announce(what) });
  const setRef = (name: string) => (el: HTMLSelectElement | null) => {
    fields.current[name] = el;
  };
  const staff = users.data ?? [];
  const unknownAssignee = ticket.assignee && !staff.some((u) => u.id === ticket.assignee!.id);

  return (
    <section className="properties" aria-label="Ticket properties">
      <label>
        Status
        <select
          ref={setRef('status')}
          value={ticket.status}
          onChange={(e) => save({ status: e.target.value as Ticket['status'] }, `Status: ${label(e.target.value)}`)}
        >
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {label(s)}
            </option>
          ))}
        </select>
      </label>
      <label>
        Priority
        <select
          ref={setRef('priority')}
          value={ticket.priority}
          onChange={(e) =>
            save({ priority: e.target.value as Ticket['priority'] }, `Priority: ${label(e.target.value)}`)
          }
        >
          {PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {label(p)}
            </option>
          ))}
        </select>
      </label>
      <label>
        Assignee
        <select
          ref={setRef('assignee')}
          value={ticket.assignee?.id ?? ''}
          onChange={(e) => save({ assignee_id: e.target.value || null }, e.target.value ? 'Assigned' : 'Unassigned')}
        >
          <option value="">Unassigned</option>
          <option value={me.user.id}>Me ({me.user.name})</option>
          {unknownAssignee && ticket.assignee!.id !== me.user.id && (
            <option value={ticket.assignee!.id}>{ticket.assignee!.name}</option>
          )}
          {staff
            .filter((u) => u.id !== me.user.id)
            .map((u) => (
              <option key={u.id} value={u.id}>
                {u.name}
              </option>
            ))}
        </select>
      </label>
      {(teams.data || ticket.team) && (
        <label>
          Team
          <select
            value={ticket.team?.id ?? ''}
            onChange={(e) => save({ team_id: e.target.value || null }, 'Team changed')}
          >
            <option value="">No team</option>
            {ticket.team && !teams.data?.some((t) => t.id === ticket.team!.id) && (
              <option value={ticket.team.id}>{ticket.team.name}</option>
            )}
            {(teams.data ?? []).map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <div className="tags">
        <span className="field-name">Tags</span>
        <ul aria-label="Tags">
          {ticket.tags.map((t) => (
            <li key={t.id} className="tag">
              {t.name}
              <button
                type="button"
                className="ghost small"
                aria-label={`Remove tag ${t.name}`}
                onClick={() => save({ remove_tag_ids: [t.id] }, `Tag ${t.name} removed`)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        {(tags.data?.length ?? 0) > 0 && (
          <label>
            Add tag
            <select
              ref={setRef('tags')}
              value=""
              onChange={(e) => e.target.value && save({ add_tag_ids: [e.target.value] }, 'Tag added')}
            >
              <option value="">—</option>
              {tags
                .data!.filter((t) => !ticket.tags.some((x) => x.id === t.id))
                .map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
            </select>
          </label>
        )}
      </div>
      {update.isError && <p role="alert">{errorText(update.error)}</p>}
    </section>
  );
});
