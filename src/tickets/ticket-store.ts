import { sql, type Expression, type SqlBool } from 'kysely';
import type { TenantDb } from '../db/database.js';
import {
  type AttachmentRef,
  deliveryView,
  type MessageRow,
  type TagRef,
  type TeamRef,
  type TicketCustomerRef,
  type TicketRow,
  type UserRef,
} from './ticket-payloads.js';

// Data access for tickets, their messages and tags, and the rows a ticket refers to. Every
// function takes the organization-scoped handle it runs in (the root connection or a transaction):
// the organization comes with it, and every statement is confined to it.

export const TICKET_COLUMNS = [
  'id',
  'organization_id',
  'number',
  'subject',
  'status',
  'priority',
  'channel',
  'customer_id',
  'assignee_id',
  'team_id',
  'external_organization_id',
  'external_organization_name',
  'message_count',
  'created_at',
  'updated_at',
  'closed_at',
] as const;

const MESSAGE_COLUMNS = [
  'id',
  'ticket_id',
  'type',
  'content',
  'author_type',
  'author_id',
  'author_email',
  'author_name',
  'created_at',
] as const;

/**
 * `<column> = <the handle's organization>` for lookups by unique ids. SQLite, given the plain
 * condition, prefers an (organization_id, …) index over the id lookup and scans the organization;
 * the unary plus keeps it from using an index for this term, so the rows are found by id and merely
 * checked. PostgreSQL plans by statistics and gets the plain form.
 */
export function sameOrganizationByKey(t: TenantDb, column = 'organization_id') {
  return t.pick({
    sqlite: sql<SqlBool>`+${sql.ref(column)} = ${t.organizationId}`,
    postgres: sql<SqlBool>`${sql.ref(column)} = ${t.organizationId}`,
  });
}

/**
 * PostgreSQL: the number-taking statement's commit does not wait for its WAL flush. Its row lock is
 * held until that commit ends, and every create of the organization takes it, so with a synchronous
 * commit creates took their numbers one WAL flush at a time (bench row 3). Nothing is lost that
 * matters: a ticket's own transaction commits synchronously after it, and flushing the WAL up to that
 * commit flushes this earlier record too, so a crash can only take back numbers whose tickets never
 * committed durably (a gap, or the number used again; ticket numbers tolerate both). Set as a value
 * of the statement: no round trip, this statement's transaction only. SQLite: nothing to set.
 */
const ASYNC_COMMIT = {
  sqlite: sql<string>`NULL`,
  postgres: sql<string>`set_config('synchronous_commit', 'off', true)`,
};

const takeTicketNumber = (t: TenantDb, count = 1) =>
  t
    .updateTable('organization_counters')
    .set({ ticket_seq: sql`ticket_seq + ${count}` })
    .returning(['ticket_seq', t.pick(ASYNC_COMMIT).as('commit_mode')]);

/** Next per-organization ticket number; the row lock serializes concurrent creates (any instance). */
export async function nextTicketNumber(t: TenantDb): Promise<number> {
  return Number((await takeTicketNumber(t).executeTakeFirstOrThrow()).ticket_seq);
}

/**
 * nextTicketNumber when `condition` holds, evaluated by the same statement; null when it does not (no
 * number taken, no row locked).
 */
export async function nextTicketNumberIf(t: TenantDb, condition: Expression<SqlBool>): Promise<number | null> {
  return lastOfTicketNumbersIf(t, 1, condition);
}

/**
 * nextTicketNumberIf for `count` tickets at once: the last of `count` consecutive numbers taken by one
 * statement (the first is last - count + 1); null when `condition` does not hold.
 */
export async function lastOfTicketNumbersIf(
  t: TenantDb,
  count: number,
  condition: Expression<SqlBool>,
): Promise<number | null> {
  const row = await takeTicketNumber(t, count).where(condition).executeTakeFirst();
  return row === undefined ? null : Number(row.ticket_seq);
}

/** The insert of the ticket under the handle's organization (whatever row.organization_id says), not yet run. */
export function ticketInsert(t: TenantDb, row: TicketRow | TicketRow[]) {
  return Array.isArray(row) ? t.insertRows('tickets', row) : t.insertInto('tickets', row);
}

/**
 * The insert of a message, not yet run. `seq` is the message's place in its ticket: 1 for the first,
 * the ticket's message_count + 1 after (read under the ticket's row lock, so concurrent additions
 * cannot take the same number).
 */
export function messageInsert(t: TenantDb, row: MessageRow, seq: number) {
  const { delivery: _delivery, attachments, ...columns } = row;
  // The count only when there are files: every other insert keeps its statement (the column's default).
  const count = attachments?.length ? { attachment_count: attachments.length } : {};
  return t.insertInto('messages', { ...columns, ...count, seq });
}

/** The inserts of tickets' first messages (seq 1), as one statement, not yet run. */
export function firstMessagesInsert(t: TenantDb, rows: readonly MessageRow[]) {
  return t.insertRows(
    'messages',
    rows.map(({ delivery: _delivery, attachments: _attachments, ...columns }) => ({ ...columns, seq: 1 })),
  );
}

/**
 * The key every transaction that writes events of a ticket takes before anything else (where
 * transactions are not serial anyway): see ticketEventLock.
 */
export const ticketKey = (id: string): string => `ticket:${id}`;

/**
 * Event order per ticket = commit order. The event log orders PostgreSQL events by the writing
 * transaction's xid, which is assigned at its first row lock or write: for each ticket, the
 * transactions writing its events must get their xids in the order they commit. Waiting for the
 * ticket's row lock does not ensure it: a waiter queued behind two others is woken when the first
 * commits, takes its xid while following the row's update chain, and waits again (test/events-no-gap).
 * An advisory lock per ticket, taken before any lock or write, queues them in the lock manager
 * instead, where no xid is taken: each gets its xid only after the previous one committed.
 */
export async function ticketEventLock(t: TenantDb, ids: readonly string[]): Promise<void> {
  if (ids.length === 1) await t.lockKey(ticketKey(ids[0]));
  else await t.lockKeys(ids.map(ticketKey));
}

/** The ticket, locked for the rest of the transaction where rows lock (writers are serial elsewhere); first in its transaction. */
export async function lockTicket(t: TenantDb, id: string): Promise<TicketRow | undefined> {
  await ticketEventLock(t, [id]);
  const row = await t
    .selectFrom('tickets')
    .select(TICKET_COLUMNS)
    .where('id', '=', id)
    .$if(t.rowLocks, (q) => q.forUpdate())
    .executeTakeFirst();
  return row ? normalizeTicket(row) : undefined;
}

/** The ticket's id and number, unlocked (undefined: the organization has no such ticket). */
export async function findTicketRef(t: TenantDb, id: string): Promise<Pick<TicketRow, 'id' | 'number'> | undefined> {
  const row = await t.selectFrom('tickets').select(['id', 'number']).where('id', '=', id).executeTakeFirst();
  return row ? { id: row.id, number: Number(row.number) } : undefined;
}

/** A ticket as mail threading sees it: by id or by number (null: the organization has none). */
export async function findThreadTicket(
  t: TenantDb,
  by: { id: string } | { number: number },
): Promise<Pick<TicketRow, 'id' | 'number' | 'status' | 'customer_id'> | undefined> {
  const row = await t
    .selectFrom('tickets')
    .select(['id', 'number', 'status', 'customer_id'])
    .$if('id' in by, (q) => q.where('id', '=', (by as { id: string }).id))
    .$if('number' in by, (q) => q.where('number', '=', (by as { number: number }).number))
    .executeTakeFirst();
  return row ? { ...row, number: Number(row.number) } : undefined;
}

/** pg returns int8 as number already; this keeps both engines' rows the same shape. */
export const normalizeTicket = (row: TicketRow): TicketRow => ({
  ...row,
  number: Number(row.number),
  message_count: Number(row.message_count),
  created_at: Number(row.created_at),
  updated_at: Number(row.updated_at),
  closed_at: row.closed_at === null ? null : Number(row.closed_at),
});

export type TicketPatch = Partial<
  Pick<TicketRow, 'status' | 'priority' | 'subject' | 'assignee_id' | 'team_id' | 'updated_at' | 'closed_at'>
>;

export async function updateTicket(t: TenantDb, id: string, patch: TicketPatch): Promise<void> {
  await t.updateTable('tickets').set(patch).where('id', '=', id).execute();
}

/** The update counting one more message on the ticket (and touching updated_at), not yet run. */
export function messageCountBump(t: TenantDb, id: string, now: number) {
  return t.updateTable('tickets').set({ message_count: sql`message_count + 1`, updated_at: now }).where('id', '=', id);
}

/**
 * A ticket's messages, oldest first (seq follows insertion order within the ticket). Mail delivery and
 * files only for EMAIL tickets (as ticket-read-store.ts): other tickets' messages are one plain read.
 */
export async function listMessages(t: TenantDb, ticket: Pick<TicketRow, 'id' | 'channel'>): Promise<MessageRow[]> {
  const columns = sql.raw(MESSAGE_COLUMNS.map((c) => `m.${c}`).join(', '));
  if (ticket.channel !== 'EMAIL') {
    const { rows } = await sql<Omit<MessageRow, 'delivery'>>`SELECT ${columns} FROM messages m
       WHERE m.organization_id = ${t.organizationId} AND m.ticket_id = ${ticket.id} ORDER BY m.seq`.execute(t.db);
    return rows.map((m) => ({ ...m, created_at: Number(m.created_at), delivery: null }));
  }
  // With each reply's mail delivery (email_outbox, by the message's id).
  const { rows } = await sql<
    Omit<MessageRow, 'delivery'> & {
      attachment_count: number | string;
      d_state: string | null;
      d_attempts: number | null;
      d_error: string | null;
      d_sent: number | null;
    }
  >`SELECT ${columns}, m.attachment_count, o.state AS d_state, o.attempt_count AS d_attempts, o.last_error AS d_error, o.sent_at AS d_sent
      FROM messages m LEFT JOIN email_outbox o ON o.organization_id = m.organization_id AND o.message_id = m.id
     WHERE m.organization_id = ${t.organizationId} AND m.ticket_id = ${ticket.id} ORDER BY m.seq`.execute(t.db);
  const withFiles = rows.filter((m) => Number(m.attachment_count) > 0).map((m) => m.id);
  const files = new Map<string, AttachmentRef[]>();
  if (withFiles.length > 0) {
    const found = await t
      .selectFrom('attachments')
      .select(['message_id', 'id', 'filename', 'content_type', 'size'])
      .where('message_id', 'in', withFiles)
      .orderBy('message_id')
      .orderBy('position')
      .execute();
    for (const f of found) {
      const list = files.get(f.message_id) ?? [];
      list.push({ id: f.id, filename: f.filename, content_type: f.content_type, size: Number(f.size) });
      files.set(f.message_id, list);
    }
  }
  return rows.map(({ attachment_count: _, d_state, d_attempts, d_error, d_sent, ...m }) => ({
    ...m,
    created_at: Number(m.created_at),
    delivery: deliveryView(d_state, d_attempts, d_error, d_sent),
    attachments: files.get(m.id) ?? [],
  }));
}

/** The organization's tags among `ids` (unknown and other organizations' ids are simply absent). */
export async function findTags(t: TenantDb, ids: string[]): Promise<TagRef[]> {
  if (ids.length === 0) return [];
  return t
    .selectFrom('tags')
    .select(['id', 'name', 'color'])
    .where('id', 'in', ids)
    .orderBy('name_key')
    .orderBy('id')
    .execute();
}

/** Tags of many tickets in one query, each list ordered by tag name. */
export async function tagsOfTickets(t: TenantDb, ticketIds: string[]): Promise<Map<string, TagRef[]>> {
  const out = new Map<string, TagRef[]>(ticketIds.map((id) => [id, []]));
  if (ticketIds.length === 0) return out;
  // Tags are reached by id from the links: by key only, or SQLite walks the (organization, name)
  // index to save the sort and reads every tag of the organization.
  const rows = await t
    .selectFrom('ticket_tags')
    .innerJoin('tags', 'tags.id', 'ticket_tags.tag_id')
    .select(['ticket_tags.ticket_id', 'tags.id', 'tags.name', 'tags.color'])
    .where(sameOrganizationByKey(t, 'tags.organization_id'))
    .where('ticket_tags.ticket_id', 'in', ticketIds)
    .orderBy('tags.name_key')
    .orderBy('tags.id')
    .execute();
  for (const r of rows) out.get(r.ticket_id)?.push({ id: r.id, name: r.name, color: r.color });
  return out;
}

/** Links tags to the ticket, with the copy of its status and number the tag filter reads. */
export async function addTicketTags(
  t: TenantDb,
  ticket: Pick<TicketRow, 'id' | 'status' | 'number'>,
  tagIds: string[],
  now: number,
): Promise<void> {
  await ticketTagsInsert(t, ticket, tagIds, now)?.execute();
}

/** addTicketTags, not yet run (null: no tags). */
export function ticketTagsInsert(
  t: TenantDb,
  ticket: Pick<TicketRow, 'id' | 'status' | 'number'>,
  tagIds: string[],
  now: number,
) {
  if (tagIds.length === 0) return null;
  return (
    t
      .insertInto(
        'ticket_tags',
        tagIds.map((tag_id) => ({
          ticket_id: ticket.id,
          tag_id,
          created_at: now,
          status: ticket.status,
          number: ticket.number,
        })),
      )
      // No conflict target: the link's key is (organization_id, ticket_id, tag_id) on PostgreSQL and
      // (ticket_id, tag_id) on SQLite; it is the table's only unique constraint on both.
      .onConflict((oc) => oc.doNothing())
  );
}

export async function removeTicketTags(t: TenantDb, ticketId: string, tagIds: string[]): Promise<void> {
  if (tagIds.length === 0) return;
  await t.deleteFrom('ticket_tags').where('ticket_id', '=', ticketId).where('tag_id', 'in', tagIds).execute();
}

/**
 * Staff users among `ids`. With `shareLock` (a write about to refer to them: an assignment), the rows
 * are share-locked until the transaction ends where rows lock, so a concurrent deletion of such a user
 * (which locks it first, admin/user-store.ts lockUser) waits and then detaches this ticket too, or
 * has already happened and the user is not found (400).
 */
export async function findUsers(t: TenantDb, ids: string[], shareLock = false): Promise<Map<string, UserRef>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  // users' primary key is (organization_id, id): the organization condition is part of the key here.
  const rows = await t
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('id', 'in', unique)
    .$if(shareLock && t.rowLocks, (q) => q.forKeyShare())
    .execute();
  return new Map(rows.map((u) => [u.id, u]));
}

export async function findTeams(t: TenantDb, ids: string[]): Promise<Map<string, TeamRef>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  // By primary key only (see sameOrganizationByKey): ids are global, the organization is checked on the rows found.
  const rows = await t.db
    .selectFrom('teams')
    .select(['id', 'name'])
    .where('id', 'in', unique)
    .where(sameOrganizationByKey(t))
    .execute();
  return new Map(rows.map((r) => [r.id, { id: r.id, name: r.name }]));
}

export async function findCustomerRefs(t: TenantDb, ids: string[]): Promise<Map<string, TicketCustomerRef>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  // By the unique id only, as in findTeams (SQLite would otherwise scan the organization's customers).
  const rows = await t.db
    .selectFrom('customers')
    .select(['id', 'email', 'name', 'external_user_id'])
    .where('id', 'in', unique)
    .where(sameOrganizationByKey(t))
    .execute();
  return new Map(rows.map((c) => [c.id, c]));
}
