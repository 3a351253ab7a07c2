import { useState } from 'react';
import { ConfirmButton } from '../lists/ConfirmButton';
import { DataTable } from '../lists/DataTable';
import { Problem } from '../lists/Problem';
import { call, CreateForm, ShownOnce, TextField, useAction, useList } from './common';

interface ApiKey {
  id: string;
  name: string | null;
  prefix: string;
  scopes: string[];
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  token?: string;
}

const SCOPES = [
  'tickets:read',
  'tickets:write',
  'customers:read',
  'customers:write',
  'webhooks:read',
  'webhooks:write',
  'billing:read',
  'events:read',
  'admin',
];

export function ApiKeysAdmin() {
  const keys = useList<ApiKey>('api-keys', '/api/v1/api-keys');
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>(['tickets:read']);
  const [token, setToken] = useState<string | null>(null);
  const create = useAction(
    'api-keys',
    async () => {
      const created = await call<ApiKey>('POST', '/api/v1/api-keys', { name: name || null, scopes });
      setToken(created.token ?? null);
      setName('');
    },
    'API key created',
  );
  const revoke = useAction(
    'api-keys',
    (id: string) => call('DELETE', `/api/v1/api-keys/${encodeURIComponent(id)}`),
    'API key revoked',
  );
  const toggle = (scope: string) =>
    setScopes((s) => (s.includes(scope) ? s.filter((x) => x !== scope) : [...s, scope]));
  return (
    <>
      {token && <ShownOnce title="The new API key" value={token} onDone={() => setToken(null)} />}
      <CreateForm title="New API key" button="Create key" action={create}>
        <TextField label="Name" value={name} onChange={setName} />
        <fieldset>
          <legend>Scopes</legend>
          {SCOPES.map((scope) => (
            <label key={scope} className="inline">
              <input type="checkbox" checked={scopes.includes(scope)} onChange={() => toggle(scope)} /> {scope}
            </label>
          ))}
        </fieldset>
        <Problem error={create.error} />
      </CreateForm>
      <Problem error={keys.error ?? revoke.error} />
      <div className="table-wrap">
        <DataTable
          rows={keys.data ?? []}
          rowKey={(k) => k.id}
          columns={[
            { header: 'Name', cell: (k) => k.name ?? '—' },
            { header: 'Key', cell: (k) => <code>{k.prefix}…</code> },
            { header: 'Scopes', cell: (k) => k.scopes.join(', ') },
            {
              header: 'Last used',
              cell: (k) => (k.last_used_at ? new Date(k.last_used_at).toLocaleString() : 'Never'),
            },
          ]}
          actions={(k) =>
            k.revoked_at ? (
              <span className="muted">Revoked</span>
            ) : (
              <ConfirmButton question={'Revoke this key?'} onConfirm={() => revoke.mutate(k.id)}>
                Revoke
              </ConfirmButton>
            )
          }
        />
      </div>
    </>
  );
}
