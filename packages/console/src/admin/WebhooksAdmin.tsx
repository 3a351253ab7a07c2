import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { helpdesk } from '../api';
import { ConfirmButton } from '../lists/ConfirmButton';
import { DataTable } from '../lists/DataTable';
import { Problem } from '../lists/Problem';
import { call, CreateForm, ShownOnce, TextField, useAction, useList } from './common';

interface Webhook {
  id: string;
  name: string;
  url: string;
  events: string[];
  is_active: boolean;
  last_delivery_status: string | null;
  secret?: string;
}

const EVENTS = [
  'ticket.created',
  'ticket.updated',
  'message.created',
  'ticket.deleted',
  'customer.created',
  'customer.updated',
  'customer.deleted',
];

function Deliveries({ webhookId }: { webhookId: string }) {
  const deliveries = useQuery({
    queryKey: ['admin', 'webhooks', webhookId, 'deliveries'],
    queryFn: () => helpdesk.webhooks.deliveries(webhookId, { limit: 20 }),
  });
  const retry = useAction(
    'webhooks',
    (id: string) => helpdesk.webhooks.retryDelivery(webhookId, id),
    'Delivery queued again',
  );
  return (
    <div className="table-wrap">
      <Problem error={deliveries.error ?? retry.error} />
      <DataTable
        caption="Recent deliveries"
        captionHidden
        rows={deliveries.data?.data ?? []}
        rowKey={(d) => d.id}
        columns={[
          { header: 'Event', cell: (d) => d.event },
          {
            header: 'Status',
            cell: (d) => (
              <>
                {d.status ?? 'pending'} {d.status_code ? `(${d.status_code})` : ''}
              </>
            ),
          },
          { header: 'Attempts', cell: (d) => d.attempt_count },
          { header: 'When', cell: (d) => new Date(d.created_at).toLocaleString() },
        ]}
        actions={(d) => (
          <button type="button" onClick={() => retry.mutate(d.id)}>
            Retry
          </button>
        )}
      />
    </div>
  );
}

export function WebhooksAdmin() {
  const hooks = useList<Webhook>('webhooks', '/api/v1/webhooks');
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>(['ticket.created']);
  const [secret, setSecret] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const create = useAction(
    'webhooks',
    async () => {
      const created = await call<Webhook>('POST', '/api/v1/webhooks', { name, url, events });
      setSecret(created.secret ?? null);
      setName('');
      setUrl('');
    },
    'Webhook created',
  );
  const test = useAction('webhooks', (id: string) => helpdesk.webhooks.test(id), 'Test delivery queued');
  const remove = useAction('webhooks', (id: string) => helpdesk.webhooks.delete(id), 'Webhook deleted');
  const toggle = (e: string) => setEvents((s) => (s.includes(e) ? s.filter((x) => x !== e) : [...s, e]));
  return (
    <>
      {secret && <ShownOnce title="The webhook's signing secret" value={secret} onDone={() => setSecret(null)} />}
      <CreateForm title="New webhook" button="Create webhook" action={create}>
        <TextField label="Name" required value={name} onChange={setName} />
        <TextField label="URL" type="url" required value={url} onChange={setUrl} />
        <fieldset>
          <legend>Events</legend>
          {EVENTS.map((e) => (
            <label key={e} className="inline">
              <input type="checkbox" checked={events.includes(e)} onChange={() => toggle(e)} /> {e}
            </label>
          ))}
        </fieldset>
        <Problem error={create.error} />
      </CreateForm>
      <Problem error={hooks.error ?? test.error ?? remove.error} />
      {(hooks.data ?? []).map((h) => (
        <section key={h.id} className="card" aria-label={`Webhook ${h.name}`}>
          <h2>{h.name}</h2>
          <p>
            <code>{h.url}</code> · {h.events.join(', ')} · {h.is_active ? 'active' : 'paused'} · last delivery:{' '}
            {h.last_delivery_status ?? 'none'}
          </p>
          <div className="row">
            <button type="button" onClick={() => test.mutate(h.id)}>
              Send a test event
            </button>
            <button type="button" aria-expanded={open === h.id} onClick={() => setOpen(open === h.id ? null : h.id)}>
              Delivery history
            </button>
            <ConfirmButton question={`Delete webhook ${h.name}?`} onConfirm={() => remove.mutate(h.id)}>
              Delete
            </ConfirmButton>
          </div>
          {open === h.id && <Deliveries webhookId={h.id} />}
        </section>
      ))}
    </>
  );
}
