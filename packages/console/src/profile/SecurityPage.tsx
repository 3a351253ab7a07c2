import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { errorText, helpdesk } from '../api';
import { useMe } from '../auth/session';
import { announce } from '../layout/announce';
import { TwoFactor } from './TwoFactor';

// The signed-in user's own security: password, where they are signed in (revocable), two-factor sign-in.
export default function SecurityPage() {
  const me = useMe();
  const client = useQueryClient();
  const sessions = useQuery({ queryKey: ['auth-sessions'], queryFn: () => helpdesk.auth.sessions() });
  const revoke = useMutation({
    mutationFn: (id: string) => helpdesk.auth.revokeSession(id),
    onSuccess: () => {
      announce('Session signed out');
      void client.invalidateQueries({ queryKey: ['auth-sessions'] });
    },
  });
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const change = useMutation({
    mutationFn: () => helpdesk.auth.changePassword({ current_password: current, new_password: next }),
    onSuccess: () => {
      setCurrent('');
      setNext('');
      announce('Password changed; your other sessions were signed out');
      void client.invalidateQueries({ queryKey: ['auth-sessions'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate();
  };

  return (
    <div className="security-page">
      <h1>Profile and security</h1>
      <p>
        {me.user.name} · {me.user.email} · {me.user.role} of {me.organization.name}
      </p>
      <div className="columns">
        <form className="card stack" onSubmit={submit} aria-labelledby="password-heading">
          <h2 id="password-heading">Change password</h2>
          <label>
            Current password
            <input
              type="password"
              autoComplete="current-password"
              required
              value={current}
              onChange={(e) => setCurrent(e.target.value)}
            />
          </label>
          <label>
            New password
            <input
              type="password"
              autoComplete="new-password"
              required
              minLength={10}
              maxLength={256}
              value={next}
              onChange={(e) => setNext(e.target.value)}
            />
          </label>
          {change.isError && <p role="alert">{errorText(change.error)}</p>}
          {change.isSuccess && <p role="status">Password changed.</p>}
          <button type="submit" disabled={change.isPending}>
            Change password
          </button>
        </form>
        <TwoFactor />
      </div>
      <h2>Sessions</h2>
      {sessions.isError && <p role="alert">{errorText(sessions.error)}</p>}
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">Device</th>
              <th scope="col">Address</th>
              <th scope="col">Signed in</th>
              <th scope="col">Last seen</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(sessions.data ?? []).map((s) => (
              <tr key={s.id}>
                <td>{s.user_agent ?? 'Unknown'}</td>
                <td>{s.ip ?? '—'}</td>
                <td>{new Date(s.created_at).toLocaleString()}</td>
                <td>{new Date(s.last_seen_at).toLocaleString()}</td>
                <td>
                  {s.current ? (
                    <span className="muted">This session</span>
                  ) : (
                    <button type="button" onClick={() => revoke.mutate(s.id)} disabled={revoke.isPending}>
                      Sign out this session
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
