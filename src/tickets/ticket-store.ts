import { sql } from 'kysely';
import type { Dialect, Executor } from '../db/database.js';
import type {
  MessageRow,
  TagRef,
  TeamRef,
  TicketCustomerRef,
  TicketRelations,
  TicketRow,
  UserRef,
} from './ticket-payloads.js';

// Data access for tickets, their messages and tags, and the rows a ticket refers to. Every
// function takes the executor (root handle or transaction) it runs in.

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

/** Next per-organization ticket number; the row lock serializes concurrent creates (any instance). */
export async function nextTicketNumber(db: Executor, organizationId: string): Promise<number> {
  const row = await db
    .updateTable('organization_counters')
    .set({ ticket_seq: sql`ticket_seq + 1` })
    .where('organization_id', '=', organizationId)
    .returning('ticket_seq')
    .executeTakeFirstOrThrow();
  return Number(row.ticket_seq);
}

export async function insertTicket(db: Executor, row: TicketRow): Promise<void> {
  await db.insertInto('tickets').values(row).execute();
}

export async function insertMessage(db: Executor, organizationId: string, row: MessageRow): Promise<void> {
  await db
    .insertInto('messages')
    .values({ ...row, organization_id: organizationId })
    .execute();
}

/** The organization's ticket; with `lock` the row is locked for the rest of the transaction (PostgreSQL). */
export async function findTicket(
  db: Executor,
  organizationId: string,
  id: string,
  lock?: Dialect,
): Promise<TicketRow | undefined> {
  let q = db.selectFrom('tickets').select(TICKET_COLUMNS).where('id', '=', id).where('organization_id', '=', organizationId);
  if (lock === 'postgres') q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row ? normalizeTicket(row) : undefined;
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

export async function updateTicket(
  db: Executor,
  id: string,
  patch: Partial<Pick<TicketRow, 'status' | 'priority' | 'subject' | 'assignee_id' | 'team_id' | 'updated_at' | 'closed_at'>>,
): Promise<void> {
  await db.updateTable('tickets').set(patch).where('id', '=', id).execute();
}

export async function bumpMessageCount(db: Executor, id: string, now: number): Promise<void> {
  await db
    .updateTable('tickets')
    .set({ message_count: sql`message_count + 1`, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** A ticket's messages, oldest first (rid follows insertion order). */
export async function listMessages(db: Executor, ticketId: string): Promise<MessageRow[]> {
  const rows = await db.selectFrom('messages').select(MESSAGE_COLUMNS).where('ticket_id', '=', ticketId).orderBy('rid').execute();
  return rows.map((m) => ({ ...m, created_at: Number(m.created_at) }));
}

/** The organization's tags among `ids` (unknown and other organizations' ids are simply absent). */
export async function findTags(db: Executor, organizationId: string, ids: string[]): Promise<TagRef[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('tags')
    .select(['id', 'name', 'color'])
    .where('organization_id', '=', organizationId)
    .where('id', 'in', ids)
    .orderBy('name_key')
    .orderBy('id')
    .execute();
}

/** Tags of many tickets in one query, each list ordered by tag name. */
export async function tagsOfTickets(db: Executor, ticketIds: string[]): Promise<Map<string, TagRef[]>> {
  const out = new Map<string, TagRef[]>(ticketIds.map((id) => [id, []]));
  if (ticketIds.length === 0) return out;
  const rows = await db
    .selectFrom('ticket_tags as tt')
    .innerJoin('tags as t', 't.id', 'tt.tag_id')
    .select(['tt.ticket_id', 't.id', 't.name', 't.color'])
    .where('tt.ticket_id', 'in', ticketIds)
    .orderBy('t.name_key')
    .orderBy('t.id')
    .execute();
  for (const r of rows) out.get(r.ticket_id)?.push({ id: r.id, name: r.name, color: r.color });
  return out;
}

export async function addTicketTags(db: Executor, organizationId: string, ticketId: string, tagIds: string[], now: number) {
  if (tagIds.length === 0) return;
  await db
    .insertInto('ticket_tags')
    .values(tagIds.map((tag_id) => ({ ticket_id: ticketId, tag_id, organization_id: organizationId, created_at: now })))
    .onConflict((oc) => oc.columns(['ticket_id', 'tag_id']).doNothing())
    .execute();
}

export async function removeTicketTags(db: Executor, ticketId: string, tagIds: string[]) {
  if (tagIds.length === 0) return;
  await db.deleteFrom('ticket_tags').where('ticket_id', '=', ticketId).where('tag_id', 'in', tagIds).execute();
}

export async function findUsers(db: Executor, organizationId: string, ids: string[]): Promise<Map<string, UserRef>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('organization_id', '=', organizationId)
    .where('id', 'in', unique)
    .execute();
  return new Map(rows.map((u) => [u.id, u]));
}

export async function findTeams(db: Executor, organizationId: string, ids: string[]): Promise<Map<string, TeamRef>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  // By primary key only: with an organization_id condition SQLite prefers the (organization, ...) index
  // and scans the organization. Ids are global, so the organization is checked on the rows found.
  const rows = await db.selectFrom('teams').select(['id', 'name', 'organization_id']).where('id', 'in', unique).execute();
  return new Map(rows.filter((t) => t.organization_id === organizationId).map((t) => [t.id, { id: t.id, name: t.name }]));
}

export async function findCustomerRefs(db: Executor, organizationId: string, ids: string[]): Promise<Map<string, TicketCustomerRef>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  // By the unique id only, as in findTeams (SQLite would otherwise scan the organization's customers).
  const rows = await db
    .selectFrom('customers')
    .select(['id', 'email', 'name', 'external_user_id', 'organization_id'])
    .where('id', 'in', unique)
    .execute();
  return new Map(
    rows
      .filter((c) => c.organization_id === organizationId)
      .map((c) => [c.id, { id: c.id, email: c.email, name: c.name, external_user_id: c.external_user_id }]),
  );
}

/** Everything a page of tickets refers to, in four batched queries (no per-ticket queries). */
export async function loadRelations(db: Executor, organizationId: string, tickets: TicketRow[]): Promise<Map<string, TicketRelations>> {
  const [customers, users, teams, tags] = await Promise.all([
    findCustomerRefs(db, organizationId, tickets.map((t) => t.customer_id)),
    findUsers(db, organizationId, tickets.flatMap((t) => (t.assignee_id ? [t.assignee_id] : []))),
    findTeams(db, organizationId, tickets.flatMap((t) => (t.team_id ? [t.team_id] : []))),
    tagsOfTickets(db, tickets.map((t) => t.id)),
  ]);
  const out = new Map<string, TicketRelations>();
  for (const t of tickets) {
    const customer = customers.get(t.customer_id);
    if (!customer) throw new Error(`ticket ${t.id} refers to a missing customer`);
    out.set(t.id, {
      customer,
      assignee: t.assignee_id ? (users.get(t.assignee_id) ?? null) : null,
      team: t.team_id ? (teams.get(t.team_id) ?? null) : null,
      tags: tags.get(t.id) ?? [],
    });
  }
  return out;
}
