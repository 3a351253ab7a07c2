import type { ReactNode } from 'react';

// The console's tables of records (users, API keys, webhook deliveries, failed mail, the assistant's
// report): one header cell per column, scoped to it, and an optional last column of buttons whose
// header is named for screen readers only.

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

export function DataTable<T>({
  rows,
  rowKey,
  columns,
  actions,
  caption,
  captionHidden = false,
  className,
}: {
  rows: readonly T[];
  rowKey: (row: T) => string;
  columns: readonly Column<T>[];
  /** The buttons of a row, in a last column headed "Actions" (visually hidden). */
  actions?: (row: T) => ReactNode;
  caption?: ReactNode;
  captionHidden?: boolean;
  className?: string;
}) {
  return (
    <table className={className}>
      {caption !== undefined && <caption className={captionHidden ? 'visually-hidden' : undefined}>{caption}</caption>}
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.header} scope="col">
              {c.header}
            </th>
          ))}
          {actions && (
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((c) => (
              <td key={c.header}>{c.cell(row)}</td>
            ))}
            {actions && <td>{actions(row)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
