import { useQuery } from '@tanstack/react-query';
import { helpdesk } from '../api';
import { fileSize } from '../ticket/mail-text';
import { Problem, useAction } from './common';

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
        <table>
          <caption>Failed mail of {name}</caption>
          <thead>
            <tr>
              <th scope="col">Received</th>
              <th scope="col">From</th>
              <th scope="col">Subject</th>
              <th scope="col">Error</th>
              <th scope="col">Attempts</th>
              <th scope="col">Size</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((f) => (
              <tr key={f.id}>
                <td>
                  {new Date(f.received_at).toLocaleString()} <span className="muted">({f.source})</span>
                </td>
                <td>{f.from ?? 'unknown'}</td>
                <td>{f.subject ?? '(no subject)'}</td>
                <td>{f.error}</td>
                <td>{f.attempt_count}</td>
                <td>{fileSize(f.size)}</td>
                <td>
                  <button
                    type="button"
                    disabled={retry.isPending}
                    onClick={() =>
                      retry.mutate(f.id, { onSettled: () => setTimeout(() => void failures.refetch(), 1_000) })
                    }
                    aria-label={`Retry the mail "${f.subject ?? '(no subject)'}"`}
                  >
                    Retry
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
