import { useNavigate, useSearch } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useState } from 'react';
import { errorText, helpdesk } from '../api';
import type { SignedIn } from '@helpdesk/sdk/browser';
import { AuthLayout, FormError } from './AuthLayout';
import { useSignedIn } from './session';

// The three pages a one-time link opens (first administrator, invitation, password reset): each signs in.

function TokenForm({
  title,
  button,
  children,
  submit,
}: {
  title: string;
  button: string;
  children: ReactNode;
  submit: () => Promise<SignedIn>;
}) {
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      signedIn(await submit());
      await navigate({ to: '/' });
    } catch (err) {
      setError(
        (err as { code?: string }).code === 'invalid_token'
          ? 'This link has expired or was already used. Ask an administrator for a new one.'
          : errorText(err),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthLayout title={title}>
      <form onSubmit={onSubmit} className="stack">
        {children}
        <FormError message={error} />
        <button type="submit" className="primary" disabled={busy}>
          {button}
        </button>
      </form>
    </AuthLayout>
  );
}

function Field(props: { label: string; type?: string; value: string; set: (v: string) => void; auto?: string }) {
  return (
    <label>
      {props.label}
      <input
        type={props.type ?? 'text'}
        required
        minLength={props.type === 'password' ? 10 : undefined}
        maxLength={props.type === 'password' ? 256 : undefined}
        autoComplete={props.auto}
        value={props.value}
        onChange={(e) => props.set(e.target.value)}
      />
    </label>
  );
}

export function SetupPage() {
  const { token } = useSearch({ from: '/setup' });
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  return (
    <TokenForm
      title="Create the first administrator"
      button="Create account"
      submit={() => helpdesk.auth.setup({ token, email, name, password })}
    >
      <Field label="Email" type="email" auto="username" value={email} set={setEmail} />
      <Field label="Name" auto="name" value={name} set={setName} />
      <Field label="Password" type="password" auto="new-password" value={password} set={setPassword} />
      <p className="hint">At least 10 characters.</p>
    </TokenForm>
  );
}

export function AcceptPage() {
  const { token } = useSearch({ from: '/accept' });
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  return (
    <TokenForm
      title="Join your team"
      button="Accept invitation"
      submit={() => helpdesk.auth.acceptInvitation({ token, name, password })}
    >
      <Field label="Name" auto="name" value={name} set={setName} />
      <Field label="Password" type="password" auto="new-password" value={password} set={setPassword} />
      <p className="hint">At least 10 characters.</p>
    </TokenForm>
  );
}

export function ResetPage() {
  const { token } = useSearch({ from: '/reset' });
  const [password, setPassword] = useState('');
  return (
    <TokenForm
      title="Choose a new password"
      button="Set password"
      submit={() => helpdesk.auth.resetPassword({ token, password })}
    >
      <Field label="Password" type="password" auto="new-password" value={password} set={setPassword} />
      <p className="hint">At least 10 characters. Your other sessions will be signed out.</p>
    </TokenForm>
  );
}
