import { TLS_LABELS, type MailboxForm, type ServerForm, type Tls } from './mailbox-form';

// The fields of a mailbox, shared by the create and edit forms. Password fields are write-only: they start
// empty, say so, and are never filled from the server (which never returns a password).

type Server = ServerForm & { folder?: string };

function ServerFields({
  legend,
  enableLabel,
  value,
  onChange: set,
  editing,
  folder,
}: {
  legend: string;
  enableLabel: string;
  value: Server;
  onChange: (patch: Partial<Server>) => void;
  editing: boolean;
  folder?: boolean;
}) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      <label className="inline">
        <input type="checkbox" checked={value.enabled} onChange={(e) => set({ enabled: e.target.checked })} />
        {enableLabel}
      </label>
      {value.enabled && (
        <div className="mailbox-fields">
          <label>
            {legend} host
            <input required value={value.host} onChange={(e) => set({ host: e.target.value })} />
          </label>
          <label>
            {legend} port
            <input
              required
              type="number"
              min={1}
              max={65535}
              value={value.port}
              onChange={(e) => set({ port: e.target.value })}
            />
          </label>
          <label>
            {legend} encryption
            <select value={value.tls} onChange={(e) => set({ tls: e.target.value as Tls })}>
              {(Object.keys(TLS_LABELS) as Tls[]).map((tls) => (
                <option key={tls} value={tls}>
                  {TLS_LABELS[tls]}
                </option>
              ))}
            </select>
          </label>
          <label>
            {legend} username
            <input
              required={!!folder}
              autoComplete="off"
              value={value.username}
              onChange={(e) => set({ username: e.target.value })}
            />
          </label>
          <label>
            {legend} password
            <input
              type="password"
              required={!!folder && !editing}
              autoComplete="new-password"
              value={value.password}
              placeholder={editing ? 'Unchanged' : ''}
              onChange={(e) => set({ password: e.target.value })}
            />
          </label>
          {folder && (
            <label>
              {legend} folder
              <input value={value.folder ?? ''} onChange={(e) => set({ folder: e.target.value })} />
            </label>
          )}
        </div>
      )}
      {value.enabled && (
        <p className="hint">
          {editing
            ? 'The password is never shown. Leave it empty to keep the stored one.'
            : 'The password is stored encrypted and never shown again.'}
        </p>
      )}
    </fieldset>
  );
}

export function MailboxFields({
  form,
  onChange,
  editing,
}: {
  form: MailboxForm;
  onChange: (next: MailboxForm) => void;
  editing: boolean;
}) {
  return (
    <>
      <label>
        Name
        <input required value={form.name} onChange={(e) => onChange({ ...form, name: e.target.value })} />
      </label>
      <label>
        Address
        <input
          required
          type="email"
          value={form.address}
          onChange={(e) => onChange({ ...form, address: e.target.value })}
        />
      </label>
      <label>
        From name (shown after the agent's name on replies)
        <input value={form.fromName} onChange={(e) => onChange({ ...form, fromName: e.target.value })} />
      </label>
      <ServerFields
        legend="IMAP"
        enableLabel="Fetch mail from this mailbox over IMAP"
        value={form.imap}
        onChange={(patch) => onChange({ ...form, imap: { ...form.imap, ...patch } })}
        editing={editing}
        folder
      />
      <ServerFields
        legend="SMTP"
        enableLabel="Send replies through this mailbox's own SMTP server (else the server-wide SMTP_URL)"
        value={form.smtp}
        onChange={(patch) => onChange({ ...form, smtp: { ...form.smtp, ...patch } })}
        editing={editing}
      />
      <label>
        Mailgun signing key (only for mail forwarded by Mailgun)
        <input
          type="password"
          autoComplete="off"
          value={form.mailgunKey}
          placeholder={editing ? 'Unchanged' : ''}
          onChange={(e) => onChange({ ...form, mailgunKey: e.target.value })}
        />
      </label>
    </>
  );
}
