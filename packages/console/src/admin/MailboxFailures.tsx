import { useQuery } from '@tanstack/react-query';
import { helpdesk } from '../api';
import { type Column, DataTable } from '../lists/DataTable';
import { Problem } from '../lists/Problem';
import { fileSize } from '../ticket/mail-text';
import { useAction } from './common';

// Received mail of a mailbox that could not become a ticket message (kept, never dropped), newest first,
// each with a button that processes it again from its stored copy. Subjects and senders come from
// strangers: shown as text only.

interface Failure {
  id: string;
  message_id: string | null;
  source: string;
  from: string | null;
  subject: string | null;
  error: string;
  attempt_count: number;
  size: number;
  received_at: string;
}

const COLUMNS: Column<Failure>[] = [
  {
    header: 'Received',
    cell: (f) => (
      <>
        {new Date(f.received_at).toLocaleString()} <span className="muted">({f.source})</span>
      </>
    ),
  },
  { header: 'From', cell: (f) => f.from ?? 'unknown' },
  { header: 'Subject', cell: (f) => f.subject ?? '(no subject)' },
  { header: 'Error', cell: (f) => f.error },
  { header: 'Attempts', cell: (f) => f.attempt_count },
  { header: 'Size', cell: (f) => fileSize(f.size) },
];

export function MailboxFailures({ mailboxId, name }: { mailboxId: string; name: string }) {
  const key = ['admin', 'mailboxes', mailboxId, 'failures'];
  const failures = useQuery({
    queryKey: key,
    queryFn: async () =>
      (
        await helpdesk.request<{ data: Failure[]; meta: { pagination: { total: number } } }>(
          'GET',
          `/api/v1/mailboxes/${encodeURIComponent(mailboxId)}/failures`,
          { query: { limit: 50 } },
        )
      ).body,
  });
  const retry = useAction(
    'mailboxes',
    (failureId: string) =>
      helpdesk.request(
        'POST',
        `/api/v1/mailboxes/${encodeURIComponent(mailboxId)}/failures/${encodeURIComponent(failureId)}/retry`,
      ),
    'Mail queued to be processed again',
  );
  const rows = failures.data?.data ?? [];
  return (
    <div className="table-wrap">
      <Problem error={failures.error ?? retry.error} />
      {failures.isSuccess && rows.length === 0 && <p className="muted">No failed mail.</p>}
      {rows.length > 0 && (
        <DataTable
          caption={`Failed mail of ${name}`}
          rows={rows}
          rowKey={(f) => f.id}
          columns={COLUMNS}
          actions={(f) => (
            <button
              type="button"
              disabled={retry.isPending}
              onClick={() => retry.mutate(f.id, { onSettled: () => setTimeout(() => void failures.refetch(), 1_000) })}
              aria-label={`Retry the mail "${f.subject ?? '(no subject)'}"`}
            >
              Retry
            </button>
          )}
        />
      )}
    </div>
  );
}
