import { useState } from 'react';
import { call, ConfirmButton, CreateForm, Problem, ShownOnce, useAction, useList } from './common';

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
      <CreateForm
        title="New API key"
        button="Create key"
        busy={create.isPending}
        onSubmit={() => create.mutate(undefined)}
      >
        <label>
          Name
          <input value={name} onChange={(e) => setName(e.target.value)} />
        </label>
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
        <table>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Key</th>
              <th scope="col">Scopes</th>
              <th scope="col">Last used</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(keys.data ?? []).map((k) => (
              <tr key={k.id}>
                <td>{k.name ?? '—'}</td>
                <td>
                  <code>{k.prefix}…</code>
                </td>
                <td>{k.scopes.join(', ')}</td>
                <td>{k.last_used_at ? new Date(k.last_used_at).toLocaleString() : 'Never'}</td>
                <td>
                  {k.revoked_at ? (
                    <span className="muted">Revoked</span>
                  ) : (
                    <ConfirmButton question={'Revoke this key?'} onConfirm={() => revoke.mutate(k.id)}>
                      Revoke
                    </ConfirmButton>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
