import { sql, type RawBuilder } from 'kysely';
import type { Sql, TenantDb } from '../db/database.js';
import type { Position } from './event-cursor.js';

// The event log's SQL. Reads are ordered by position and confined to the organization; what is
// visible differs per engine (see readable below).

export interface NewEvent {
  id: string;
  type: string;
  data: string;
  created_at: number;
}

export interface EventRow extends NewEvent {
  xid: string;
  seq: number;
}

/** One insert in the caller's transaction (not yet run); the position comes from the column defaults. */
export const insertEventQuery = (t: TenantDb, event: NewEvent | NewEvent[]) =>
  Array.isArray(event) ? t.insertRows('events', event) : t.insertInto('events', event);

const typeFilter = (types: readonly string[] | undefined): RawBuilder<unknown> =>
  types && types.length > 0 ? sql`and type in (${sql.join(types)})` : sql``;

// PostgreSQL: only events of transactions below the oldest one still running (the snapshot's xmin)
// are readable. Every transaction with a smaller xid has ended, so all of their events are in this
// statement's snapshot; every transaction still running (or not yet started) has, or will get, an
// xid >= xmin, so nothing can later appear before the position handed out. The row comparison and
// the xmin bound are both served by events_position_idx (organization_id, xid, seq).
const READ = {
  postgres: (t: TenantDb, after: Position, limit: number, types?: readonly string[]) => sql<EventRow>`
    select id, type, data, created_at, xid::text as xid, seq from events
     where organization_id = ${t.organizationId}
       and (xid, seq) > (cast(${after.xid} as xid8), cast(${after.seq} as bigint))
       and xid < pg_snapshot_xmin(pg_current_snapshot())
       ${typeFilter(types)}
     order by xid, seq limit ${limit}`,
  // SQLite: one writer at a time, so rowid order is commit order and every committed row is final.
  sqlite: (t: TenantDb, after: Position, limit: number, types?: readonly string[]) => sql<EventRow>`
    select id, type, data, created_at, '0' as xid, seq from events
     where organization_id = ${t.organizationId} and seq > ${after.seq}
       ${typeFilter(types)}
     order by seq limit ${limit}`,
};

export async function readEvents(
  t: TenantDb,
  after: Position,
  limit: number,
  types?: readonly string[],
): Promise<EventRow[]> {
  const rows = (await t.pick(READ)(t, after, limit, types).execute(t.db)).rows;
  return rows.map((r) => ({ ...r, seq: Number(r.seq), created_at: Number(r.created_at) }));
}

// A position no reader could have been given: beyond what is readable now (PostgreSQL: an xid not
// below the current xmin; SQLite: a seq never assigned). Only ever asked about positions of sealed
// cursors the organization was given (event-cursor.ts), so it answers no question about the log as a
// whole; what it still catches is a cursor issued before the database was restored to an earlier state.
const ISSUABLE = {
  postgres: (p: Position) =>
    sql<{
      ok: boolean | number;
    }>`select (cast(${p.xid} as xid8) < pg_snapshot_xmin(pg_current_snapshot()) or ${p.xid} = '0') as ok`,
  sqlite: (p: Position) =>
    sql<{
      ok: boolean | number;
    }>`select (${p.xid} = '0' and ${p.seq} <= coalesce((select seq from sqlite_sequence where name = 'events'), 0)) as ok`,
};

export async function isIssuable(s: Sql, p: Position): Promise<boolean> {
  const row = (await s.pick(ISSUABLE)(p).execute(s.db)).rows[0];
  return Boolean(row?.ok);
}

/**
 * Retention: of the organization's oldest `limit` events (the head of events_position_idx: the log
 * is in time order), those created before `before` and without a delivery still due. It reads only
 * that head, never the rest of the log, and locks only the rows it deletes, which no writer touches.
 * Returns how many it deleted and whether the head was full (more may be old).
 */
export async function deleteOldEvents(
  t: TenantDb,
  before: number,
  limit: number,
): Promise<{ deleted: number; more: boolean }> {
  const order = t.pick({ postgres: sql`xid, seq`, sqlite: sql`seq` });
  const head = (
    await sql<{ id: string; created_at: number; due: number | boolean }>`
      select e.id, e.created_at, exists (select 1 from webhook_deliveries d
          where d.organization_id = ${t.organizationId} and d.next_attempt_at is not null and d.event_id = e.id) as due
        from events e where e.organization_id = ${t.organizationId}
       order by ${order} limit ${limit}`.execute(t.db)
  ).rows;
  const old = head.filter((e) => Number(e.created_at) < before && !e.due).map((e) => e.id);
  if (old.length > 0) {
    await sql`delete from events where organization_id = ${t.organizationId} and id in (${sql.join(old)})`.execute(
      t.db,
    );
  }
  return { deleted: old.length, more: old.length === limit };
}

// The log's size for /metrics, across organizations, without scanning it: PostgreSQL's planner
// estimate (pg_class.reltuples, kept by autovacuum/ANALYZE; partitions summed), SQLite's exact count
// (a count over the primary key, cheap at this scale, and the gauge is cached by the metrics).
const SIZE = {
  postgres: sql<{ n: string | number }>`
    select coalesce(sum(greatest(c.reltuples, 0)), 0)::bigint as n from pg_class c
     where c.oid = 'events'::regclass or c.oid in (select inhrelid from pg_inherits where inhparent = 'events'::regclass)`,
  sqlite: sql<{ n: string | number }>`select count(*) as n from events`,
};

export async function estimateSize(s: Sql): Promise<number> {
  return Number((await s.pick(SIZE).execute(s.db)).rows[0]?.n ?? 0);
}

export { installationSecret } from '../db/installation-secrets.js';
