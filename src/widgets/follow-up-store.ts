import { sql } from 'kysely';
import type { SharedWrite, Sql, TenantDb } from '../db/database.js';

// Data access of the widget's follow-up queue (widget_follow_ups) and of the visitor budgets' windows
// (widget_rate_windows). Follow-ups are written in the reply's transaction (organization handle);
// workers claim due rows across organizations (system handle) with a lease, and settle a row only
// while it is still pending and still theirs, so a reply is mailed at most once and never after the
// visitor's widget reported it seen.

export interface ClaimedFollowUp {
  organization_id: string;
  message_id: string;
  ticket_id: string;
  lease_token: string;
}

/** The follow-up of a reply, as one of the reply transaction's last writes. */
export function followUpInsert(
  t: TenantDb,
  row: { message_id: string; ticket_id: string; due_at: number; now: number },
): SharedWrite {
  return t.insertInto('widget_follow_ups', {
    message_id: row.message_id,
    ticket_id: row.ticket_id,
    due_at: row.due_at,
    state: 'pending',
    lease_until: null,
    lease_token: null,
    created_at: row.now,
    updated_at: row.now,
  });
}

/** The visitor saw the ticket's replies up to `upTo` (a message id; ids are time-ordered): none is mailed. */
export async function markSeen(t: TenantDb, ticketId: string, upTo: string, now: number): Promise<number> {
  const result = await t
    .updateTable('widget_follow_ups')
    .set({ state: 'seen', lease_until: null, lease_token: null, updated_at: now })
    .where('ticket_id', '=', ticketId)
    .where('state', '=', 'pending')
    .where('message_id', '<=', upTo)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Leases up to `limit` due follow-ups for `leaseMs` in one statement; PostgreSQL skips rows being claimed. */
export async function claimDue(
  s: Sql,
  { now, leaseMs, limit, token }: { now: number; leaseMs: number; limit: number; token: string },
): Promise<ClaimedFollowUp[]> {
  const due = s.pick({
    sqlite: sql`SELECT organization_id, message_id FROM widget_follow_ups
                 WHERE state = 'pending' AND due_at <= ${now} AND (lease_until IS NULL OR lease_until < ${now})
                 ORDER BY due_at LIMIT ${limit}`,
    postgres: sql`SELECT organization_id, message_id FROM widget_follow_ups
                   WHERE state = 'pending' AND due_at <= ${now} AND (lease_until IS NULL OR lease_until < ${now})
                   ORDER BY due_at LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
  });
  const result = await sql<ClaimedFollowUp>`
    UPDATE widget_follow_ups SET lease_until = ${now + leaseMs}, lease_token = ${token}, updated_at = ${now}
     WHERE (organization_id, message_id) IN (${due})
    RETURNING organization_id, message_id, ticket_id, lease_token`.execute(s.db);
  return result.rows;
}

/**
 * Settles a claimed follow-up ('mailed' or 'skipped') inside the caller's transaction: true only when
 * it was still pending under this lease (a "seen" report, or a worker that took it over, wins otherwise).
 */
export async function settle(t: TenantDb, claim: ClaimedFollowUp, state: 'mailed' | 'skipped', now: number) {
  const result = await t
    .updateTable('widget_follow_ups')
    .set({ state, lease_until: null, lease_token: null, updated_at: now })
    .where('message_id', '=', claim.message_id)
    .where('state', '=', 'pending')
    .where('lease_token', '=', claim.lease_token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Counts one hit in a budget's window and returns the window: a new one (of `windowMs`, from now) when
 * there is none or it has ended. One statement, atomic on both engines, so every process sharing the
 * database counts in the same window.
 */
export async function hitWindow(s: Sql, bucket: string, windowMs: number, now: number) {
  const ended = sql<boolean>`widget_rate_windows.ends_at <= CAST(${now} AS bigint)`;
  const row = await s.db
    .insertInto('widget_rate_windows')
    .values({ bucket, hits: 1, ends_at: now + windowMs })
    .onConflict((oc) =>
      oc.column('bucket').doUpdateSet({
        hits: sql`CASE WHEN ${ended} THEN 1 ELSE widget_rate_windows.hits + 1 END`,
        ends_at: sql`CASE WHEN ${ended} THEN CAST(${now + windowMs} AS bigint) ELSE widget_rate_windows.ends_at END`,
      }),
    )
    .returning(['hits', 'ends_at'])
    .executeTakeFirstOrThrow();
  return { hits: Number(row.hits), endsAt: Number(row.ends_at) };
}

/** Deletes up to `limit` windows that ended before `before`; the number deleted. */
export async function deleteEndedWindows(s: Sql, before: number, limit: number): Promise<number> {
  const result = await sql`DELETE FROM widget_rate_windows WHERE bucket IN (
    SELECT bucket FROM widget_rate_windows WHERE ends_at < ${before} LIMIT ${limit})`.execute(s.db);
  return Number(result.numAffectedRows ?? 0);
}
