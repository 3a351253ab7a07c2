import type { Precondition } from '../shared/precondition.js';
import type { TenantDb } from './sql-handle.js';

/** Tables of resources whose writes accept If-Match. */
export type ConditionalTable = 'tickets' | 'customers' | 'webhooks' | 'users' | 'teams' | 'tags' | 'invitations';

/** Locks one row, by id, until the transaction ends (FOR UPDATE where row locks exist; SQLite writers are serial). */
export async function lockRowById(t: TenantDb, table: ConditionalTable, id: string): Promise<void> {
  await (t.selectFrom(table) as any)
    .select('id')
    .where('id', '=', id)
    .$if(t.rowLocks, (q: any) => q.forUpdate())
    .execute();
}

/**
 * With a precondition (If-Match), inside a write's transaction: locks the resource's row, reads its
 * current representation with `read` and lets the precondition judge it (it throws 412 to refuse).
 * Without one, nothing: writes without If-Match pay nothing.
 */
export async function checkPrecondition<V>(
  t: TenantDb,
  table: ConditionalTable,
  id: string,
  precondition: Precondition<V> | undefined,
  read: () => Promise<V>,
): Promise<void> {
  if (!precondition) return;
  await lockRowById(t, table, id);
  precondition(await read());
}
