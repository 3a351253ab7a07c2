import { sql } from 'kysely';
import type { TestContext } from './harness.js';
import { eventually } from './webhook-receiver.js';

/**
 * Waits until every event committed so far is readable. On PostgreSQL an event is readable once
 * every transaction that started before it ended, cluster-wide (src/events/event-store.ts): in the
 * test cluster, other suites' CREATE/DROP DATABASE hold that back for a moment. SQLite: at once.
 */
export async function logSettled(ctx: Pick<TestContext, 'dialect' | 'database'>): Promise<void> {
  if (ctx.dialect !== 'postgres') return;
  await eventually(async () => {
    const { rows } = await sql<{ ok: boolean }>`
      select coalesce(max(xid), '0'::xid8) < pg_snapshot_xmin(pg_current_snapshot()) as ok from events`.execute(ctx.database.db);
    return rows[0].ok;
  }, 30_000);
}
