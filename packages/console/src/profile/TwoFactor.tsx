import type { TotpEnrolment } from '@helpdesk/sdk/browser';
import { type FormEvent, useState } from 'react';
import { errorText, helpdesk } from '../api';

// Enrolment shows the secret as text (and its otpauth:// URL) to type or paste into an authenticator app; a
// first code confirms it and the ten recovery codes are shown, once. Disabling takes a current code.
export function TwoFactor() {
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [disableCode, setDisableCode] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (work: () => Promise<void>) => {
    setError(null);
    setMessage(null);
    try {
      await work();
    } catch (err) {
      setError(errorText(err));
    }
  };
  const start = () => run(async () => setEnrolment(await helpdesk.auth.totp.start()));
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const answer = await helpdesk.auth.totp.confirm(code.replace(/\s+/g, ''));
      setCodes(answer.recovery_codes);
      setEnrolment(null);
      setCode('');
    });
  };
  const disable = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await helpdesk.auth.totp.disable(disableCode.replace(/\s+/g, ''));
      setDisableCode('');
      setMessage('Two-factor sign-in is off.');
    });
  };

  return (
    <section className="card stack" aria-labelledby="totp-heading">
      <h2 id="totp-heading">Two-factor sign-in</h2>
      {!enrolment && !codes && (
        <button type="button" onClick={() => void start()}>
          Set up two-factor sign-in
        </button>
      )}
      {enrolment && (
        <form className="stack" onSubmit={confirm}>
          <p>Add this key to your authenticator app, then enter the code it shows.</p>
          <p>
            Key: <code className="secret">{enrolment.secret}</code>
          </p>
          <p className="secret">{enrolment.otpauth_url}</p>
          <label>
            Code from the app
            <input
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </label>
          <button type="submit" className="primary">
            Confirm and turn on
          </button>
        </form>
      )}
      {codes && (
        <div role="status">
          <h3>Your recovery codes</h3>
          <p>Each works once in place of a code. Keep them somewhere safe: they are not shown again.</p>
          <ul className="secret">
            {codes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </div>
      )}
      <form className="stack" onSubmit={disable} aria-label="Turn off two-factor sign-in">
        <label>
          Current code to turn it off
          <input inputMode="numeric" value={disableCode} onChange={(e) => setDisableCode(e.target.value)} />
        </label>
        <button type="submit" disabled={!disableCode}>
          Turn off two-factor sign-in
        </button>
      </form>
      {message && <p role="status">{message}</p>}
      {error && <p role="alert">{error}</p>}
    </section>
  );
}
