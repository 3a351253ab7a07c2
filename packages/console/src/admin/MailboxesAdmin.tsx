import { type FormEvent, useState } from 'react';
import { errorText, helpdesk, isStatus } from '../api';
import { ConfirmButton } from '../lists/ConfirmButton';
import { Problem } from '../lists/Problem';
import { call, CreateForm, ShownOnce, useAction, useList } from './common';
import { MailboxFailures } from './MailboxFailures';
import { MailboxFields } from './MailboxFields';
import {
  emptyMailboxForm,
  type Mailbox,
  mailboxBody,
  mailboxForm,
  mailboxStatusText,
  testMailSentText,
} from './mailbox-form';

// Mailboxes: the support addresses mail comes in to and replies go out from. Create, edit, delete, replace
// the inbound URL (shown once, like a secret), send a test mail, and see and retry mail that failed.

type WithUrl = Mailbox & { inbound_url: string };
const path = (id: string) => `/api/v1/mailboxes/${encodeURIComponent(id)}`;

/**
 * Asks the server to send a test mail through the mailbox's sending settings. A server without the route
 * answers 404 "route … not found", said as such rather than as a missing mailbox.
 */
export async function sendTestMail(id: string): Promise<string> {
  try {
    const answer = await helpdesk.request('POST', `${path(id)}/test`);
    return testMailSentText(answer.body);
  } catch (error) {
    if (isStatus(error, 404) && /^route /i.test(error.message))
      throw new Error('This server cannot send test mail (it has no test route).');
    throw error;
  }
}

function MailboxCard({ mailbox, onInboundUrl }: { mailbox: Mailbox; onInboundUrl: (url: string) => void }) {
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState(() => mailboxForm(mailbox));
  const [showFailures, setShowFailures] = useState(false);
  const [testResult, setTestResult] = useState<{ ok: boolean; text: string } | null>(null);
  const save = useAction(
    'mailboxes',
    async () => {
      await call('PATCH', path(mailbox.id), mailboxBody(form));
      setEditing(false);
    },
    'Mailbox saved',
  );
  const rotate = useAction(
    'mailboxes',
    async () => onInboundUrl((await call<WithUrl>('POST', `${path(mailbox.id)}/rotate-inbound-token`)).inbound_url),
    'Inbound URL replaced',
  );
  const remove = useAction('mailboxes', () => call('DELETE', path(mailbox.id)), 'Mailbox deleted');
  const test = useAction('mailboxes', () => sendTestMail(mailbox.id));
  const runTest = () => {
    setTestResult(null);
    test.mutate(undefined, {
      onSuccess: (text) => setTestResult({ ok: true, text }),
      onError: (error) => setTestResult({ ok: false, text: `Test mail failed: ${errorText(error)}` }),
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(undefined);
  };
  const errored = mailbox.status === 'error';
  return (
    <li className="card stack" aria-label={`Mailbox ${mailbox.name}`}>
      <h2>{mailbox.name}</h2>
      <p>
        <code>{mailbox.address}</code>
        {mailbox.from_name ? ` · from name: ${mailbox.from_name}` : ''}
      </p>
      <dl className="mailbox-facts">
        <dt>Status</dt>
        <dd className={errored ? 'mailbox-status-error' : undefined}>{mailboxStatusText(mailbox)}</dd>
        <dt>IMAP</dt>
        <dd>
          {mailbox.imap
            ? `${mailbox.imap.username} at ${mailbox.imap.host}:${mailbox.imap.port} (${mailbox.imap.tls}), folder ${mailbox.imap.folder}`
            : 'not set'}
        </dd>
        <dt>Last polled</dt>
        <dd>{mailbox.last_polled_at ? new Date(mailbox.last_polled_at).toLocaleString() : 'never'}</dd>
        <dt>SMTP</dt>
        <dd>
          {mailbox.smtp
            ? `${mailbox.smtp.host}:${mailbox.smtp.port} (${mailbox.smtp.tls})${mailbox.smtp.username ? ` as ${mailbox.smtp.username}` : ''}`
            : 'the server-wide SMTP_URL'}
        </dd>
      </dl>
      <div className="row">
        <button type="button" aria-expanded={editing} onClick={() => setEditing(!editing)}>
          Edit
        </button>
        <button type="button" disabled={test.isPending} onClick={runTest}>
          Send test mail
        </button>
        <button type="button" aria-expanded={showFailures} onClick={() => setShowFailures(!showFailures)}>
          Failed mail
        </button>
        <ConfirmButton
          question={`Replace the inbound URL of ${mailbox.name}? The current one stops working at once.`}
          onConfirm={() => rotate.mutate(undefined)}
        >
          New inbound URL
        </ConfirmButton>
        <ConfirmButton
          question={`Delete mailbox ${mailbox.name}? Mail to ${mailbox.address} is refused from then on.`}
          onConfirm={() => remove.mutate(undefined)}
        >
          Delete
        </ConfirmButton>
      </div>
      <div role="status">
        {test.isPending && <p className="muted">Sending a test mail…</p>}
        {testResult?.ok && <p className="mailbox-test-ok">{testResult.text}</p>}
      </div>
      {testResult && !testResult.ok && <p role="alert">{testResult.text}</p>}
      <Problem error={rotate.error ?? remove.error} />
      {editing && (
        <form className="stack admin-form" aria-label={`Edit mailbox ${mailbox.name}`} onSubmit={submit}>
          <MailboxFields form={form} onChange={setForm} editing />
          <Problem error={save.error} />
          <div className="row">
            <button type="submit" className="primary" disabled={save.isPending}>
              Save mailbox
            </button>
            <button type="button" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {showFailures && <MailboxFailures mailboxId={mailbox.id} name={mailbox.name} />}
    </li>
  );
}

export function MailboxesAdmin() {
  const mailboxes = useList<Mailbox>('mailboxes', '/api/v1/mailboxes');
  const [form, setForm] = useState(emptyMailboxForm);
  const [inboundUrl, setInboundUrl] = useState<string | null>(null);
  const create = useAction(
    'mailboxes',
    async () => {
      const made = await call<WithUrl>('POST', '/api/v1/mailboxes', mailboxBody(form));
      setInboundUrl(made.inbound_url);
      setForm(emptyMailboxForm());
    },
    'Mailbox created',
  );
  return (
    <>
      {inboundUrl && (
        <ShownOnce
          title="The inbound URL (providers post received mail to it; it carries a secret)"
          value={inboundUrl}
          onDone={() => setInboundUrl(null)}
        />
      )}
      <CreateForm title="New mailbox" button="Create mailbox" action={create}>
        <MailboxFields form={form} onChange={setForm} editing={false} />
        <Problem error={create.error} />
      </CreateForm>
      <Problem error={mailboxes.error} />
      {mailboxes.isSuccess && mailboxes.data.length === 0 && <p className="muted">No mailbox yet.</p>}
      <ul className="stack admin-list">
        {(mailboxes.data ?? []).map((m) => (
          <MailboxCard key={`${m.id}:${m.updated_at}`} mailbox={m} onInboundUrl={setInboundUrl} />
        ))}
      </ul>
    </>
  );
}
