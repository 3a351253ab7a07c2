import { useState } from 'react';
import { ConfirmButton } from '../lists/ConfirmButton';
import { DataTable } from '../lists/DataTable';
import { Problem } from '../lists/Problem';
import type { User } from '../types';
import { call, CreateForm, RoleField, RoleOptions, TextField, useAction, useList, type Role } from './common';

export function UsersAdmin() {
  const users = useList<User>('users', '/api/v1/users?limit=100');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('agent');
  const create = useAction('users', () => call('POST', '/api/v1/users', { name, email, role }), 'User added');
  const setUserRole = useAction(
    'users',
    ({ id, role }: { id: string; role: string }) => call('PATCH', `/api/v1/users/${encodeURIComponent(id)}`, { role }),
    'Role changed',
  );
  const remove = useAction(
    'users',
    (id: string) => call('DELETE', `/api/v1/users/${encodeURIComponent(id)}`),
    'User removed',
  );
  return (
    <>
      <p className="hint">To let someone sign in with a password, invite them (Invitations).</p>
      <div className="table-wrap">
        <DataTable
          rows={users.data ?? []}
          rowKey={(u) => u.id}
          columns={[
            { header: 'Name', cell: (u) => u.name },
            { header: 'Email', cell: (u) => u.email },
            {
              header: 'Role',
              cell: (u) => (
                <select
                  aria-label={`Role of ${u.name}`}
                  value={u.role}
                  onChange={(e) => setUserRole.mutate({ id: u.id, role: e.target.value })}
                >
                  <RoleOptions />
                </select>
              ),
            },
          ]}
          actions={(u) => (
            <ConfirmButton question={`Remove ${u.name}?`} onConfirm={() => remove.mutate(u.id)}>
              Remove
            </ConfirmButton>
          )}
        />
      </div>
      <Problem error={users.error ?? setUserRole.error ?? remove.error} />
      <CreateForm title="Add a user" button="Add user" action={create}>
        <TextField label="Name" required value={name} onChange={setName} />
        <TextField label="Email" type="email" required value={email} onChange={setEmail} />
        <RoleField value={role} onChange={setRole} />
        <Problem error={create.error} />
      </CreateForm>
    </>
  );
}
