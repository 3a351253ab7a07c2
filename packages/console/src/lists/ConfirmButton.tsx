import type { ReactNode } from 'react';

/**
 * A button for a change that cannot be undone (delete, revoke, replace a secret): it asks first, in the
 * browser's own dialog, and does nothing unless the answer is OK.
 */
export function ConfirmButton({
  question,
  onConfirm,
  children,
  disabled,
}: {
  question: string;
  onConfirm: () => void;
  children: ReactNode;
  disabled?: boolean;
}) {
  return (
    <button type="button" disabled={disabled} onClick={() => confirm(question) && onConfirm()}>
      {children}
    </button>
  );
}
