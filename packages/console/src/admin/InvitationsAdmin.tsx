import { useState } from 'react';
import { Problem } from '../lists/Problem';
import { call, CreateForm, RoleField, ShownOnce, TextField, useAction, useList, type Role } from './common';

interface Invitation {
  id: string;
  email: string;
  name: string | null;
  role: string;
  status: string;
  expires_at: string;
  accept_url?: string;
}

export function InvitationsAdmin() {
  const invitations = useList<Invitation>('invitations', '/api/v1/invitations?limit=100');
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('agent');
  const [link, setLink] = useState<string | null>(null);
  const create = useAction(
    'invitations',
    async () => {
      const created = await call<Invitation>('POST', '/api/v1/invitations', { email, role, ...(name ? { name } : {}) });
      setLink(created.accept_url ?? null);
      setEmail('');
      setName('');
      return created;
    },
    'Invitation created',
  );
  const revoke = useAction(
    'invitations',
    (id: string) => call('POST', `/api/v1/invitations/${encodeURIComponent(id)}/revoke`),
    'Invitation revoked',
  );
  return (
    <>
      {link && <ShownOnce title="Send this link to the person invited" value={link} onDone={() => setLink(null)} />}
      <CreateForm title="Invite someone" button="Invite" action={create}>
        <TextField label="Email" type="email" required value={email} onChange={setEmail} />
        <TextField label="Name (optional)" value={name} onChange={setName} />
        <RoleField value={role} onChange={setRole} />
        <Problem error={create.error} />
      </CreateForm>
      <h2>Invitations</h2>
      <Problem error={invitations.error ?? revoke.error} />
      <ul className="compact">
        {(invitations.data ?? []).map((i) => (
          <li key={i.id}>
            {i.email} · {i.role} · {i.status} · expires {new Date(i.expires_at).toLocaleDateString()}{' '}
            {i.status === 'pending' && (
              <button type="button" onClick={() => revoke.mutate(i.id)}>
                Revoke
              </button>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
