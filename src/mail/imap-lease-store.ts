import { sql } from 'kysely';
import type { Sql, TenantDb } from '../db/database.js';

// Data access of the IMAP poller's claims on mailboxes. A process claims mailboxes with IMAP settings
// whose lease is free (system handle, across organizations, like the outbound queue's claim), then
// renews, records and releases each through its organization's handle, always only while the lease
// is still its own (imap_lease_token), so a process whose lease ran out never overwrites the newer
// poller's status.

/** What a poll connects with, as stored: renewal hands it back so a change of settings is seen. */
export interface ImapVersion {
  imap: string;
  imap_password: string;
}

export interface ClaimedMailbox extends ImapVersion {
  organization_id: string;
  id: string;
}

/**
 * Leases up to `limit` mailboxes that have IMAP settings and no live lease to `token`, in one statement.
 * PostgreSQL skips rows another process is claiming; elsewhere writers are serialized anyway.
 */
export async function claimMailboxes(
  s: Sql,
  { now, leaseMs, token, limit }: { now: number; leaseMs: number; token: string; limit: number },
): Promise<ClaimedMailbox[]> {
  const free = s.pick({
    sqlite: sql`SELECT organization_id, id FROM mailboxes
                 WHERE imap IS NOT NULL AND imap_password IS NOT NULL
                   AND (imap_lease_until IS NULL OR imap_lease_until < ${now})
                 ORDER BY imap_lease_until LIMIT ${limit}`,
    postgres: sql`SELECT organization_id, id FROM mailboxes
                   WHERE imap IS NOT NULL AND imap_password IS NOT NULL
                     AND (imap_lease_until IS NULL OR imap_lease_until < ${now})
                   ORDER BY imap_lease_until NULLS FIRST LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
  });
  const result = await sql<ClaimedMailbox>`
    UPDATE mailboxes SET imap_lease_until = ${now + leaseMs}, imap_lease_token = ${token}
     WHERE (organization_id, id) IN (${free})
    RETURNING organization_id, id, imap, imap_password`.execute(s.db);
  return result.rows.map((r) => ({ ...r, organization_id: String(r.organization_id), id: String(r.id) }));
}

/**
 * Extends this process's lease on the mailbox and answers its current IMAP settings; null when the
 * lease is no longer ours, the mailbox is gone, or it no longer has IMAP settings: stop polling it.
 */
export async function renewLease(
  t: TenantDb,
  id: string,
  { now, leaseMs, token }: { now: number; leaseMs: number; token: string },
): Promise<ImapVersion | null> {
  const row = await t
    .updateTable('mailboxes')
    .set({ imap_lease_until: now + leaseMs })
    .where('id', '=', id)
    .where('imap_lease_token', '=', token)
    .where('imap', 'is not', null)
    .where('imap_password', 'is not', null)
    .returning(['imap', 'imap_password'])
    .executeTakeFirst();
  return row ? { imap: row.imap!, imap_password: row.imap_password! } : null;
}

export interface PollOutcome {
  status: 'active' | 'error';
  last_error: string | null;
  /** Set on a successful poll only. */
  last_polled_at?: number;
}

/**
 * Records a poll's outcome on the mailbox while the lease is ours and its settings are still those the
 * poll used: a poll with old settings must not mark error a mailbox whose settings were just fixed.
 */
export async function recordPoll(
  t: TenantDb,
  id: string,
  token: string,
  version: ImapVersion,
  outcome: PollOutcome,
): Promise<boolean> {
  const result = await t
    .updateTable('mailboxes')
    .set(outcome)
    .where('id', '=', id)
    .where('imap_lease_token', '=', token)
    .where('imap', '=', version.imap)
    .where('imap_password', '=', version.imap_password)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Gives the mailbox up (a stopping process): another process may claim it at once. */
export async function releaseLease(t: TenantDb, id: string, token: string): Promise<void> {
  await t
    .updateTable('mailboxes')
    .set({ imap_lease_until: null, imap_lease_token: null })
    .where('id', '=', id)
    .where('imap_lease_token', '=', token)
    .execute();
}
