import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormEvent, InputHTMLAttributes, ReactNode } from 'react';
import { helpdesk } from '../api';
import { announce } from '../layout/announce';

// What every admin page shares: a list read from the API, writes that refresh it, a create form, and a
// value shown once (the error line, the confirmed delete and the tables are in ../lists).

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

/** A labelled text input of a form, its value held by the page. */
export function TextField({
  label,
  value,
  onChange,
  ...input
}: { label: string; value: string; onChange: (value: string) => void } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange'
>) {
  return (
    <label>
      {label}
      <input {...input} value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

/** The staff roles, as the options of a select. */
export function RoleOptions() {
  return (
    <>
      <option value="agent">Agent</option>
      <option value="admin">Admin</option>
    </>
  );
}

export type Role = 'agent' | 'admin';

/** A new user's or invitation's role. */
export function RoleField({ value, onChange }: { value: Role; onChange: (role: Role) => void }) {
  return (
    <label>
      Role
      <select value={value} onChange={(e) => onChange(e.target.value as Role)}>
        <RoleOptions />
      </select>
    </label>
  );
}

/** The write a create form runs on submit: a mutation of no input (its fields are the page's state). */
export interface CreateAction {
  mutate(input: undefined): void;
  isPending: boolean;
}

export function CreateForm({
  title,
  action,
  children,
  button,
}: {
  title: string;
  action: CreateAction;
  children: ReactNode;
  button: string;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    action.mutate(undefined);
  };
  return (
    <form className="card stack admin-form" onSubmit={submit} aria-label={title}>
      <h2>{title}</h2>
      {children}
      <button type="submit" className="primary" disabled={action.isPending}>
        {button}
      </button>
    </form>
  );
}
