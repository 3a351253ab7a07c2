import { sql } from 'kysely';
import type { TenantDb } from '../db/database.js';
import { START, type Position } from './event-cursor.js';

// The few reads the live stream needs besides the log's own page read (event-store.ts readEvents):
// where the readable log of an organization ends now, whether committed events are still held back
// from readers (PostgreSQL), and the event a resumed cursor names. All served by events_position_idx.

const HEAD = {
  // The last event a reader may be given now (the same visibility rule as readEvents).
  postgres: (t: TenantDb) => sql<{ xid: string; seq: string | number }>`
    select xid::text as xid, seq from events
     where organization_id = ${t.organizationId} and xid < pg_snapshot_xmin(pg_current_snapshot())
     order by xid desc, seq desc limit 1`,
  sqlite: (t: TenantDb) => sql<{ xid: string; seq: string | number }>`
    select '0' as xid, seq from events where organization_id = ${t.organizationId} order by seq desc limit 1`,
};

/** The position of the organization's last readable event (START when it has none). */
export async function headPosition(t: TenantDb): Promise<Position> {
  const row = (await t.pick(HEAD)(t).execute(t.db)).rows[0];
  return row ? { xid: row.xid, seq: Number(row.seq) } : START;
}

/**
 * PostgreSQL: whether the organization has committed events that readers may not be given yet (a
 * transaction that began before them is still running): the stream reads again shortly. Rows of
 * transactions still running are invisible here, so a visible row at or above xmin is committed.
 * SQLite: never (every committed row is readable at once).
 */
export async function hasHeldBackEvents(t: TenantDb): Promise<boolean> {
  const query = t.pick({
    postgres: sql<{ held: boolean }>`
      select exists (select 1 from events where organization_id = ${t.organizationId}
                        and xid >= pg_snapshot_xmin(pg_current_snapshot())) as held`,
    sqlite: null,
  });
  return query ? Boolean((await query.execute(t.db)).rows[0]?.held) : false;
}

const AT = {
  postgres: (t: TenantDb, p: Position) => sql<{ created_at: string | number }>`
    select created_at from events
     where organization_id = ${t.organizationId} and xid = cast(${p.xid} as xid8) and seq = ${p.seq}`,
  sqlite: (t: TenantDb, p: Position) => sql<{ created_at: string | number }>`
    select created_at from events where organization_id = ${t.organizationId} and seq = ${p.seq}`,
};

/** When the event at exactly this position was created; null when there is none (any more). */
export async function createdAtOf(t: TenantDb, p: Position): Promise<number | null> {
  const row = (await t.pick(AT)(t, p).execute(t.db)).rows[0];
  return row ? Number(row.created_at) : null;
}
