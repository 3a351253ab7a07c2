import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText, helpdesk } from '../api';
import { useMe } from '../auth/session';
import { type TicketChange, useTags, useUsers } from '../data';
import { announce } from '../layout/announce';
import { label, STATUSES } from '../types';

// Status, assignee or a tag for every selected ticket at once: one PATCH per ticket, reported as one result.
export function BulkBar({ ids, onDone }: { ids: string[]; onDone: () => void }) {
  const me = useMe();
  const users = useUsers();
  const tags = useTags();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const apply = async (change: TicketChange, what: string) => {
    setBusy(true);
    setError(null);
    const results = await Promise.allSettled(ids.map((id) => helpdesk.tickets.update(id, change)));
    const failed = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    setBusy(false);
    void client.invalidateQueries({ queryKey: ['tickets'] });
    void client.invalidateQueries({ queryKey: ['counts'] });
    if (failed.length) setError(`${failed.length} of ${ids.length} failed: ${errorText(failed[0]!.reason)}`);
    else {
      announce(`${ids.length} tickets: ${what}`);
      onDone();
    }
  };

  return (
    <section className="bulk-bar" aria-label="Bulk actions">
      <strong>{ids.length} selected</strong>
      <label>
        Set status
        <select
          disabled={busy}
          value=""
          onChange={(e) => e.target.value && void apply({ status: e.target.value as never }, label(e.target.value))}
        >
          <option value="">—</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {label(s)}
            </option>
          ))}
        </select>
      </label>
      <label>
        Assign to
        <select
          disabled={busy}
          value=""
          onChange={(e) => {
            const v = e.target.value;
            if (v) void apply({ assignee_id: v === 'none' ? null : v }, 'assigned');
          }}
        >
          <option value="">—</option>
          <option value={me.user.id}>Me</option>
          <option value="none">Nobody</option>
          {(users.data ?? [])
            .filter((u) => u.id !== me.user.id)
            .map((u) => (
              <option key={u.id} value={u.id}>
                {u.name}
              </option>
            ))}
        </select>
      </label>
      {(tags.data?.length ?? 0) > 0 && (
        <label>
          Add tag
          <select
            disabled={busy}
            value=""
            onChange={(e) => e.target.value && void apply({ add_tag_ids: [e.target.value] }, 'tagged')}
          >
            <option value="">—</option>
            {tags.data!.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <button type="button" className="ghost" onClick={onDone}>
        Clear selection
      </button>
      {error && <p role="alert">{error}</p>}
    </section>
  );
}
