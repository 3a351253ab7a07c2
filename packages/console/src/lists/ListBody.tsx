import type { ReactNode } from 'react';

// A list while it loads, when it holds nothing, and once it has rows: "Loading…", the page's own
// sentence for an empty list, or the list itself.

export function ListBody({
  pending,
  empty,
  children,
}: {
  pending: boolean;
  /** The sentence for an empty list, or null when the list has rows. */
  empty: ReactNode | null;
  children: ReactNode;
}) {
  if (pending) return <p className="muted">Loading…</p>;
  if (empty !== null) return <p className="empty">{empty}</p>;
  return <>{children}</>;
}
