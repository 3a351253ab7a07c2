import { useState } from 'react';
import type { User } from '../types';
import { call, ConfirmButton, CreateForm, Problem, useAction, useList } from './common';

export function UsersAdmin() {
  const users = useList<User>('users', '/api/v1/users?limit=100');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'agent' | 'admin'>('agent');
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
        <table>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(users.data ?? []).map((u) => (
              <tr key={u.id}>
                <td>{u.name}</td>
                <td>{u.email}</td>
                <td>
                  <select
                    aria-label={`Role of ${u.name}`}
                    value={u.role}
                    onChange={(e) => setUserRole.mutate({ id: u.id, role: e.target.value })}
                  >
                    <option value="agent">Agent</option>
                    <option value="admin">Admin</option>
                  </select>
                </td>
                <td>
                  <ConfirmButton question={`Remove ${u.name}?`} onConfirm={() => remove.mutate(u.id)}>
                    Remove
                  </ConfirmButton>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Problem error={users.error ?? setUserRole.error ?? remove.error} />
      <CreateForm
        title="Add a user"
        button="Add user"
        busy={create.isPending}
        onSubmit={() => create.mutate(undefined)}
      >
        <label>
          Name
          <input required value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label>
          Email
          <input type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <label>
          Role
          <select value={role} onChange={(e) => setRole(e.target.value as 'agent' | 'admin')}>
            <option value="agent">Agent</option>
            <option value="admin">Admin</option>
          </select>
        </label>
        <Problem error={create.error} />
      </CreateForm>
    </>
  );
}
