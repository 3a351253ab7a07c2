import { forwardRef, useImperativeHandle, useRef, useState } from 'react';
import { errorText } from '../api';
import { useMe } from '../auth/session';
import { type TicketChange, useTags, useTeams, useUpdateTicket, useUsers } from '../data';
import { announce } from '../layout/announce';
import { label, PRIORITIES, STATUSES, type Ticket } from '../types';
import { AssignMenu, NONE } from './AssignMenu';
import { type Choice, PropertyMenu } from './PropertyMenu';

export type Field = 'status' | 'priority' | 'assignee';

export interface SidebarHandle {
  open(field: Field): void;
  focusTags(): void;
}

// Status, priority, assignee and team (one menu), and tags, each saved as soon as it is chosen.
export const TicketSidebar = forwardRef<SidebarHandle, { ticket: Ticket }>(function TicketSidebar({ ticket }, ref) {
  const me = useMe();
  const users = useUsers();
  const teams = useTeams();
  const tags = useTags();
  const update = useUpdateTicket();
  const [open, setOpen] = useState<Field | null>(null);
  const tagSelect = useRef<HTMLSelectElement>(null);
  useImperativeHandle(ref, () => ({ open: setOpen, focusTags: () => tagSelect.current?.focus() }));
  const save = (change: TicketChange, what: string) =>
    update.mutate({ id: ticket.id, change }, { onSuccess: () => announce(what) });
  const menu = (field: Field) => ({
    open: open === field,
    onOpenChange: (next: boolean) => setOpen(next ? field : null),
  });

  const people: Choice[] = [
    { value: me.user.id, text: `Me (${me.user.name})` },
    { value: NONE, text: 'Unassigned' },
    ...(users.data ?? []).filter((u) => u.id !== me.user.id).map((u) => ({ value: u.id, text: u.name })),
  ];
  if (ticket.assignee && !people.some((p) => p.value === ticket.assignee!.id))
    people.push({ value: ticket.assignee.id, text: ticket.assignee.name });
  const teamChoices: Choice[] = [
    { value: NONE, text: 'No team' },
    ...(teams.data ?? []).map((t) => ({ value: t.id, text: t.name })),
  ];
  if (ticket.team && !teamChoices.some((t) => t.value === ticket.team!.id))
    teamChoices.push({ value: ticket.team.id, text: ticket.team.name });

  return (
    <section className="properties" aria-label="Ticket properties">
      <PropertyMenu
        name="Status"
        value={ticket.status}
        choices={STATUSES.map((s) => ({ value: s, text: label(s) }))}
        onChoose={(v) => save({ status: v as Ticket['status'] }, `Status: ${label(v)}`)}
        {...menu('status')}
      />
      <PropertyMenu
        name="Priority"
        value={ticket.priority}
        choices={PRIORITIES.map((p) => ({ value: p, text: label(p) }))}
        onChoose={(v) => save({ priority: v as Ticket['priority'] }, `Priority: ${label(v)}`)}
        {...menu('priority')}
      />
      <AssignMenu
        assignee={ticket.assignee?.id ?? NONE}
        team={ticket.team?.id ?? NONE}
        people={people}
        teams={teamChoices}
        onAssign={(v) => save({ assignee_id: v === NONE ? null : v }, v === NONE ? 'Unassigned' : 'Assigned')}
        onTeam={(v) => save({ team_id: v === NONE ? null : v }, v === NONE ? 'No team' : 'Team changed')}
        {...menu('assignee')}
      />
      {ticket.assignee?.id !== me.user.id && (
        <button type="button" onClick={() => save({ assignee_id: me.user.id }, 'Assigned to you')}>
          Assign to me
        </button>
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
          {ticket.tags.length === 0 && <li className="muted">None</li>}
        </ul>
        {(tags.data?.length ?? 0) > 0 && (
          <label>
            Add tag
            <select
              ref={tagSelect}
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
