import { useNavigate, useSearch } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiErrorClass, errorText, helpdesk } from '../api';
import { AuthLayout, FormError } from './AuthLayout';
import { useSignedIn } from './session';

type Org = { id: string; name: string };

export function LoginPage() {
  const { next } = useSearch({ from: '/login' });
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [needsCode, setNeedsCode] = useState(false);
  const [orgs, setOrgs] = useState<Org[] | null>(null);
  const [orgId, setOrgId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const codeBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (needsCode) codeBox.current?.focus();
  }, [needsCode]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const who = await helpdesk.auth.login({
        email,
        password,
        ...(orgId ? { organization_id: orgId } : {}),
        ...(needsCode && code ? { totp_code: code.replace(/\s+/g, '') } : {}),
      });
      signedIn(who);
      // Only a path inside the console: never another site.
      if (next?.startsWith('/') && !next.startsWith('//')) await navigate({ href: next });
      else await navigate({ to: '/', search: {} });
    } catch (err) {
      if (err instanceof ApiErrorClass && err.code === 'totp_required') {
        setNeedsCode(true);
        setError('Enter the code from your authenticator app (or a recovery code).');
      } else if (err instanceof ApiErrorClass && err.code === 'organization_required') {
        const listed = (err.details as unknown as Org[]).filter((d) => d && typeof d.id === 'string');
        setOrgs(listed);
        setOrgId(listed[0]?.id ?? '');
        setError('This email belongs to several organizations: choose one.');
      } else if (err instanceof ApiErrorClass && err.code === 'invalid_credentials') {
        setError('Wrong email, password or code.');
      } else setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout title="Sign in">
      <form onSubmit={submit} className="stack">
        <label>
          Email
          <input
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </label>
        <label>
          Password
          <input
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        {needsCode && (
          <label>
            Two-factor code
            <input
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              ref={codeBox}
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </label>
        )}
        {orgs && (
          <label>
            Organization
            <select value={orgId} onChange={(e) => setOrgId(e.target.value)}>
              {orgs.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <FormError message={error} />
        <button type="submit" className="primary" disabled={busy}>
          Sign in
        </button>
      </form>
    </AuthLayout>
  );
}
