import { sql } from 'kysely';
import type { Sql, TenantDb } from '../db/database.js';
import type { EmailOutboxTable } from './outbox-tables.js';

// Data access of the outbound mail queue. Rows are written in the reply's transaction (organization
// handle); workers claim due rows across organizations (system handle) with a lease, and record each
// attempt's outcome only while they still hold that lease (lease_token), so a worker whose lease ran
// out and was taken over can never overwrite the newer attempt's outcome.

export type OutboxRow = Omit<EmailOutboxTable, 'organization_id'>;

export interface ClaimedMail {
  organization_id: string;
  message_id: string;
  ticket_id: string;
  mail_message_id: string;
  /** Attempts started so far, this one included. */
  attempt_count: number;
  lease_token: string;
}

export async function insertOutbox(t: TenantDb, row: OutboxRow): Promise<void> {
  await t.insertInto('email_outbox', row).execute();
}

/**
 * Leases up to `limit` due rows for `leaseMs` and counts the attempt as started, in one statement: the
 * attempt is on record before anything is sent, so a crash mid-send is visible (attempt_count) and the
 * row is taken again only once the lease has run out. PostgreSQL skips rows another worker is claiming.
 */
export async function claimDue(
  s: Sql,
  { now, leaseMs, limit, token }: { now: number; leaseMs: number; limit: number; token: string },
): Promise<ClaimedMail[]> {
  const due = s.pick({
    sqlite: sql`SELECT organization_id, message_id FROM email_outbox
                 WHERE next_attempt_at IS NOT NULL AND next_attempt_at <= ${now}
                   AND (lease_until IS NULL OR lease_until < ${now})
                 ORDER BY next_attempt_at LIMIT ${limit}`,
    postgres: sql`SELECT organization_id, message_id FROM email_outbox
                   WHERE next_attempt_at IS NOT NULL AND next_attempt_at <= ${now}
                     AND (lease_until IS NULL OR lease_until < ${now})
                   ORDER BY next_attempt_at LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
  });
  const result = await sql<ClaimedMail>`
    UPDATE email_outbox SET lease_until = ${now + leaseMs}, lease_token = ${token},
           attempt_count = attempt_count + 1, updated_at = ${now}
     WHERE (organization_id, message_id) IN (${due})
    RETURNING organization_id, message_id, ticket_id, mail_message_id, attempt_count, lease_token`.execute(s.db);
  return result.rows.map((r) => ({ ...r, attempt_count: Number(r.attempt_count) }));
}

type Outcome =
  | { state: 'sent'; at: number }
  | { state: 'queued'; error: string; nextAttemptAt: number; at: number }
  | { state: 'failed'; error: string; at: number };

/** Records an attempt's outcome while the lease is still ours; false when it is not (taken over). */
export async function recordOutcome(s: Sql, claim: ClaimedMail, outcome: Outcome): Promise<boolean> {
  const result = await s.db
    .updateTable('email_outbox')
    .set({
      state: outcome.state,
      next_attempt_at: outcome.state === 'queued' ? outcome.nextAttemptAt : null,
      lease_until: null,
      lease_token: null,
      last_error: outcome.state === 'sent' ? null : outcome.error,
      sent_at: outcome.state === 'sent' ? outcome.at : null,
      updated_at: outcome.at,
    })
    .where('organization_id', '=', claim.organization_id)
    .where('message_id', '=', claim.message_id)
    .where('lease_token', '=', claim.lease_token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** What a reply's mail is made of: the message, its ticket and customer, and its author's name. */
export interface MailParts {
  content: string;
  author_name: string | null;
  subject: string;
  number: number;
  customer_email: string;
  customer_name: string | null;
}

export async function loadMailParts(t: TenantDb, ticketId: string, messageId: string): Promise<MailParts | undefined> {
  const row = await sql<MailParts>`
    SELECT m.content, m.author_name, k.subject, k.number, c.email AS customer_email, c.name AS customer_name
      FROM messages m
      JOIN tickets k ON k.id = m.ticket_id AND k.organization_id = m.organization_id
      JOIN customers c ON c.id = k.customer_id AND c.organization_id = k.organization_id
     WHERE m.organization_id = ${t.organizationId} AND m.id = ${messageId} AND m.ticket_id = ${ticketId}`.execute(t.db);
  const parts = row.rows[0];
  return parts && { ...parts, number: Number(parts.number) };
}

/**
 * The Message-IDs the ticket's thread already has before this reply (oldest first): the replies
 * mailed before it. In-Reply-To names the last, References all of them.
 */
export async function threadMessageIds(t: TenantDb, ticketId: string, before: string): Promise<string[]> {
  const sent = await t
    .selectFrom('email_outbox')
    .select(['mail_message_id', 'message_id', 'created_at'])
    .where('ticket_id', '=', ticketId)
    .where('message_id', '<=', before)
    .orderBy('created_at')
    .orderBy('message_id')
    .execute();
  const own = sent.find((r) => r.message_id === before);
  const earlier = sent.filter((r) => r.message_id !== before);
  // The customer's mails on this ticket too, so the first reply already answers their mail (kept
  // without angle brackets, as headers are parsed).
  const received = await t
    .selectFrom('mail_message_ids')
    .select(['message_id', 'created_at'])
    .where('ticket_id', '=', ticketId)
    .where('direction', '=', 'inbound')
    .$if(own !== undefined, (q) => q.where('created_at', '<=', own!.created_at))
    .orderBy('created_at')
    .execute();
  return [
    ...earlier.map((r) => ({ id: r.mail_message_id, at: Number(r.created_at) })),
    ...received.map((r) => ({ id: `<${r.message_id}>`, at: Number(r.created_at) })),
  ]
    .sort((a, b) => a.at - b.at)
    .map((r) => r.id);
}

/** The delivery state of each of these messages that is mailed (absent: not a reply to mail). */
export async function findDeliveries(t: TenantDb, messageIds: readonly string[]): Promise<Map<string, OutboxRow>> {
  if (messageIds.length === 0) return new Map();
  const rows = await t.selectFrom('email_outbox').selectAll().where('message_id', 'in', messageIds).execute();
  return new Map(rows.map(({ organization_id: _, ...r }) => [r.message_id, r]));
}

/** A bounce names the mail by its Message-ID: that reply's delivery failed. True when one was marked. */
export async function markBounced(t: TenantDb, mailMessageId: string, reason: string, now: number): Promise<boolean> {
  const result = await t
    .updateTable('email_outbox')
    .set({
      state: 'failed',
      next_attempt_at: null,
      lease_until: null,
      lease_token: null,
      last_error: reason,
      updated_at: now,
    })
    .where('mail_message_id', '=', mailMessageId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Rows per state, across organizations, for /metrics. */
export async function outboxCounts(s: Sql): Promise<Record<string, number>> {
  const rows = await s.db
    .selectFrom('email_outbox')
    .select(['state', sql<number>`count(*)`.as('n')])
    .groupBy('state')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
}
