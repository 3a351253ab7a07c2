import { useState } from 'react';
import { ConfirmButton } from '../lists/ConfirmButton';
import { Problem } from '../lists/Problem';
import { call, CreateForm, ShownOnce, TextField, useAction, useList } from './common';

// Chat widgets: create one for a site, change its allowed origins and identity mode, rotate its identity
// secret (shown once), and copy the snippet the site pastes into its pages.

type Identity = 'off' | 'optional' | 'required';

interface Widget {
  id: string;
  name: string;
  key: string;
  allowed_origins: string[];
  identity: Identity;
}

const IDENTITY_LABELS: Record<Identity, string> = {
  off: 'Off: every visitor is anonymous',
  optional: 'Optional: identify signed-in users when the site sends a token',
  required: 'Required: only identified users may chat',
};

const origins = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((o) => o.trim())
    .filter(Boolean);

export const embedSnippet = (key: string) =>
  `<script src="${window.location.origin}/widget.js" data-key="${key}" async></script>`;

function IdentitySelect({ id, value, onChange }: { id: string; value: Identity; onChange: (v: Identity) => void }) {
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.target.value as Identity)}>
      {(Object.keys(IDENTITY_LABELS) as Identity[]).map((mode) => (
        <option key={mode} value={mode}>
          {IDENTITY_LABELS[mode]}
        </option>
      ))}
    </select>
  );
}

function WidgetCard({ widget, onSecret }: { widget: Widget; onSecret: (secret: string) => void }) {
  const [originText, setOriginText] = useState(widget.allowed_origins.join('\n'));
  const [identity, setIdentity] = useState<Identity>(widget.identity);
  const [copied, setCopied] = useState(false);
  const save = useAction(
    'widgets',
    () => call('PATCH', `/api/v1/widgets/${widget.id}`, { allowed_origins: origins(originText), identity }),
    'Widget saved',
  );
  const rotate = useAction(
    'widgets',
    async () =>
      onSecret(
        (await call<{ identity_secret: string }>('POST', `/api/v1/widgets/${widget.id}/rotate-identity-secret`))
          .identity_secret,
      ),
    'Identity secret replaced',
  );
  const remove = useAction('widgets', () => call('DELETE', `/api/v1/widgets/${widget.id}`), 'Widget deleted');
  const snippet = embedSnippet(widget.key);
  return (
    <li className="card stack">
      <h2>{widget.name}</h2>
      <label htmlFor={`snippet-${widget.id}`}>Embed snippet</label>
      <textarea id={`snippet-${widget.id}`} readOnly rows={2} value={snippet} />
      <button
        type="button"
        onClick={() =>
          void navigator.clipboard?.writeText(snippet).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        {copied ? 'Copied' : 'Copy snippet'}
      </button>
      <label htmlFor={`origins-${widget.id}`}>Allowed origins (one per line)</label>
      <textarea
        id={`origins-${widget.id}`}
        rows={3}
        value={originText}
        onChange={(e) => setOriginText(e.target.value)}
      />
      <label htmlFor={`identity-${widget.id}`}>Identity</label>
      <IdentitySelect id={`identity-${widget.id}`} value={identity} onChange={setIdentity} />
      <div className="row">
        <button type="button" className="primary" disabled={save.isPending} onClick={() => save.mutate(undefined)}>
          Save
        </button>
        <ConfirmButton
          question={`Replace the identity secret of ${widget.name}? Tokens signed with the old one stop working.`}
          onConfirm={() => rotate.mutate(undefined)}
        >
          Rotate identity secret
        </ConfirmButton>
        <ConfirmButton question={`Delete widget ${widget.name}?`} onConfirm={() => remove.mutate(undefined)}>
          Delete
        </ConfirmButton>
      </div>
      <Problem error={save.error ?? rotate.error ?? remove.error} />
    </li>
  );
}

export function WidgetsAdmin() {
  const widgets = useList<Widget>('widgets', '/api/v1/widgets');
  const [name, setName] = useState('');
  const [originText, setOriginText] = useState('');
  const [identity, setIdentity] = useState<Identity>('optional');
  const [secret, setSecret] = useState<string | null>(null);
  const create = useAction(
    'widgets',
    async () => {
      const made = await call<{ identity_secret: string }>('POST', '/api/v1/widgets', {
        name,
        allowed_origins: origins(originText),
        identity,
      });
      setSecret(made.identity_secret);
      setName('');
      setOriginText('');
    },
    'Widget created',
  );
  return (
    <>
      {secret && (
        <ShownOnce title="The identity secret (for your site's server)" value={secret} onDone={() => setSecret(null)} />
      )}
      <CreateForm title="New widget" button="Create widget" action={create}>
        <TextField label="Name" required value={name} onChange={setName} />
        <label>
          Allowed origins (one per line, e.g. https://shop.example)
          <textarea rows={3} value={originText} onChange={(e) => setOriginText(e.target.value)} />
        </label>
        <label htmlFor="new-widget-identity">Identity</label>
        <IdentitySelect id="new-widget-identity" value={identity} onChange={setIdentity} />
        <Problem error={create.error} />
      </CreateForm>
      <Problem error={widgets.error} />
      <ul className="stack">
        {(widgets.data ?? []).map((w) => (
          <WidgetCard key={`${w.id}:${w.identity}:${w.allowed_origins.join(',')}`} widget={w} onSecret={setSecret} />
        ))}
      </ul>
    </>
  );
}
