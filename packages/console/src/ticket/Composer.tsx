import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { errorText, helpdesk, isStatus } from '../api';
import { announce } from '../layout/announce';
import { useAnnouncePresence } from '../live/presence';
import type { Message } from '../types';
import { clearDraft, type Draft, loadDraft, type Mode, saveDraft } from './drafts';
import type { LoadedTicket } from './useTicket';

export interface ComposerHandle {
  focus(mode?: Mode): void;
  send(): void;
}

// Reply to the customer or add an internal note. A reply goes If-Match the ticket's ETag as it was when the
// agent started writing: when the ticket changed since (412), the thread reloads; if others' messages arrived
// meanwhile they are pointed out and the agent decides whether to send anyway (then without If-Match). A change
// that brought no new message (a status, the agent's own assignment) does not ask: the reply goes as it is.
export const Composer = forwardRef<ComposerHandle, { loaded: LoadedTicket; meId: string }>(function Composer(
  { loaded, meId },
  ref,
) {
  const ticketId = loaded.ticket.id;
  const client = useQueryClient();
  const [mode, setMode] = useState<Mode>('reply');
  const [draft, setDraft] = useState<Draft>(() => loadDraft(ticketId, 'reply'));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Message[] | null>(null);
  const [typingAt, setTypingAt] = useState(0);
  const box = useRef<HTMLTextAreaElement>(null);
  // What the agent had seen when the draft began: the ETag sent as If-Match, and the messages on screen.
  const baseline = useRef<{ etag: string | null; seen: Set<string> } | null>(null);
  const snapshot = () => ({ etag: loaded.etag, seen: new Set(loaded.ticket.messages.map((m) => m.id)) });
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 3_000);
    return () => clearInterval(t);
  }, []);
  useAnnouncePresence(ticketId, meId, mode === 'reply' && now - typingAt < 6_000 && !!draft.text);

  useEffect(() => {
    setDraft(loadDraft(ticketId, mode));
    setError(null);
  }, [ticketId, mode]);

  const change = (text: string) => {
    if (!text) baseline.current = null;
    else if (!baseline.current) baseline.current = snapshot();
    const next = { ...draft, text };
    setDraft(next);
    saveDraft(ticketId, mode, next);
    setTypingAt(Date.now());
  };

  const send = async (force = false) => {
    const text = draft.text.trim();
    if (!text || busy) return;
    // What is sent is fixed here: switching to a note while this is in flight cannot turn it into one.
    const kind = mode;
    let key = draft.key;
    setBusy(true);
    setError(null);
    const path = `/api/v1/tickets/${encodeURIComponent(ticketId)}/${kind === 'reply' ? 'messages' : 'notes'}`;
    try {
      // A 412 that brought no one else's message is retried at once against the fresh ETag (a few times at most).
      for (let attempt = 0; attempt < 3; attempt++) {
        const base = baseline.current ?? snapshot();
        const headers: Record<string, string> =
          kind === 'reply' && !force && base.etag ? { 'If-Match': base.etag } : {};
        try {
          await helpdesk.request('POST', path, { body: { content: text }, headers, idempotencyKey: key });
        } catch (err) {
          if (!isStatus(err, 412) || force) throw err;
          await client.invalidateQueries({ queryKey: ['ticket', ticketId] });
          const fresh = client.getQueryData<LoadedTicket>(['ticket', ticketId]);
          // The key that met the 412 is spent: sending again is a new request.
          key = crypto.randomUUID();
          saveDraft(ticketId, kind, { text: draft.text, key });
          if (kind === mode) setDraft({ text: draft.text, key });
          const arrived = (fresh?.ticket.messages ?? []).filter((m) => !base.seen.has(m.id) && m.author?.id !== meId);
          if (fresh) baseline.current = { etag: fresh.etag, seen: new Set(fresh.ticket.messages.map((m) => m.id)) };
          if (arrived.length) {
            setConflict(arrived);
            return;
          }
          continue;
        }
        clearDraft(ticketId, kind);
        setDraft((current) => (current.text === draft.text ? { text: '', key: crypto.randomUUID() } : current));
        setConflict(null);
        baseline.current = null;
        announce(kind === 'reply' ? 'Reply sent' : 'Note added');
        void client.invalidateQueries({ queryKey: [kind === 'reply' ? 'ticket' : 'notes', ticketId] });
        void client.invalidateQueries({ queryKey: ['tickets'] });
        return;
      }
      setError('The ticket keeps changing; try again.');
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  useImperativeHandle(ref, () => ({
    focus: (next) => {
      if (next) setMode(next);
      setTimeout(() => box.current?.focus(), 0);
    },
    send: () => void send(),
  }));

  const labelText = mode === 'reply' ? 'Reply' : 'Internal note';
  // Said before sending, in words tied to the box: where this text will end up.
  const { channel, customer } = loaded.ticket;
  const destination =
    mode === 'note'
      ? 'Internal: only your team sees notes; they are never mailed or shown to the customer.'
      : channel === 'EMAIL'
        ? `This reply will be mailed to ${customer.email}.`
        : null;
  return (
    <section className={`composer composer-${mode}`} aria-label="Compose">
      <fieldset className="mode">
        <legend className="visually-hidden">Message kind</legend>
        <button type="button" aria-pressed={mode === 'reply'} onClick={() => setMode('reply')}>
          Reply to customer
        </button>
        <button type="button" aria-pressed={mode === 'note'} onClick={() => setMode('note')}>
          Internal note
        </button>
      </fieldset>
      <label htmlFor="composer-text" className="composer-label">
        {labelText}
      </label>
      <textarea
        id="composer-text"
        ref={box}
        aria-describedby={destination ? 'composer-destination' : undefined}
        rows={5}
        value={draft.text}
        onChange={(e) => change(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            void send();
          }
        }}
        placeholder={mode === 'reply' ? 'Write to the customer… (Ctrl/⌘+Enter sends)' : 'Only your team sees notes'}
      />
      {destination && (
        <p id="composer-destination" className="composer-destination">
          {destination}
        </p>
      )}
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      <div className="composer-actions">
        <span className="muted">{draft.text ? 'Draft saved' : ''}</span>
        <button type="button" className="primary" disabled={busy || !draft.text.trim()} onClick={() => void send()}>
          {mode === 'reply' ? 'Send' : 'Add note'}
        </button>
      </div>
      <Dialog.Root open={conflict !== null} onOpenChange={(open) => !open && setConflict(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="overlay" />
          <Dialog.Content className="dialog">
            <Dialog.Title>Someone else updated this ticket</Dialog.Title>
            <Dialog.Description>
              {conflict?.length
                ? `${conflict.length} new message${conflict.length > 1 ? 's' : ''} arrived while you were writing:`
                : 'The ticket changed while you were writing.'}
            </Dialog.Description>
            <ul className="conflict-list">
              {conflict?.map((m) => (
                <li key={m.id}>
                  <strong>{m.author?.name ?? m.author?.email ?? 'Someone'}:</strong> {m.content.slice(0, 300)}
                </li>
              ))}
            </ul>
            <div className="row">
              <Dialog.Close className="button">Review first</Dialog.Close>
              <button type="button" className="primary" onClick={() => void send(true)}>
                Send anyway
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </section>
  );
});
