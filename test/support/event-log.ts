import { sql } from 'kysely';
import { payloadAround } from '../../src/webhooks/webhook-events.js';
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
      select coalesce(max(xid), '0'::xid8) < pg_snapshot_xmin(pg_current_snapshot()) as ok from events`.execute(
      ctx.database.db,
    );
    return rows[0].ok;
  }, 30_000);
}

/** The request body a stored delivery row sends (its own, or built around its event's data), parsed. */
export async function storedPayload(
  ctx: Pick<TestContext, 'database'>,
  row: { body: string; event_id?: string | null; event: string; created_at: number; organization_id?: string },
  organizationId = row.organization_id!,
): Promise<any> {
  if (row.body !== '') return JSON.parse(row.body);
  const event = await ctx.database.db
    .selectFrom('events')
    .select('data')
    .where('organization_id', '=', organizationId)
    .where('id', '=', row.event_id!)
    .executeTakeFirstOrThrow();
  return JSON.parse(payloadAround(row.event, Number(row.created_at), organizationId, event.data));
}
