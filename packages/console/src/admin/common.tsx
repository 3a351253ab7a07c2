import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormEvent, ReactNode } from 'react';
import { errorText, helpdesk } from '../api';
import { announce } from '../layout/announce';

// What every admin page shares: a list read from the API, writes that refresh it, a create form, a
// confirmed delete, an error line and a value shown once.

export function useList<T>(key: string, path: string) {
  return useQuery({
    queryKey: ['admin', key],
    queryFn: async () => (await helpdesk.request<{ data: T[] }>('GET', path)).body.data,
  });
}

export function useAction<I, O = unknown>(key: string, run: (input: I) => Promise<O>, done?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      if (done) announce(done);
      void client.invalidateQueries({ queryKey: ['admin', key] });
    },
  });
}

export const call = async <T,>(method: string, path: string, body?: unknown) =>
  (await helpdesk.request<{ data: T }>(method, path, body === undefined ? {} : { body })).body?.data as T;

/** A button for a change that cannot be undone (delete, revoke): it asks first, in the browser's own dialog. */
export function ConfirmButton({
  question,
  onConfirm,
  children,
}: {
  question: string;
  onConfirm: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" onClick={() => confirm(question) && onConfirm()}>
      {children}
    </button>
  );
}

export function Problem({ error }: { error: unknown }) {
  return error ? <p role="alert">{errorText(error)}</p> : null;
}

/** A secret or link the API shows only in this answer: selectable text, said plainly. */
export function ShownOnce({ title, value, onDone }: { title: string; value: string; onDone: () => void }) {
  return (
    <div className="card stack" role="status">
      <strong>{title}</strong>
      <p className="secret">{value}</p>
      <p className="hint">Copy it now: it is not shown again.</p>
      <button type="button" onClick={onDone}>
        Done
      </button>
    </div>
  );
}

export function CreateForm({
  title,
  onSubmit,
  children,
  button,
  busy,
}: {
  title: string;
  onSubmit: () => void;
  children: ReactNode;
  button: string;
  busy: boolean;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="card stack admin-form" onSubmit={submit} aria-label={title}>
      <h2>{title}</h2>
      {children}
      <button type="submit" className="primary" disabled={busy}>
        {button}
      </button>
    </form>
  );
}
