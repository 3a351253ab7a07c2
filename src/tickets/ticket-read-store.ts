import { sql, type RawBuilder } from 'kysely';
import type { TenantDb } from '../db/database.js';
import {
  attachmentRefs,
  deliveryView,
  type MessageRow,
  type TagRef,
  type TicketRelations,
  type TicketRow,
} from './ticket-payloads.js';
import { normalizeTicket, TICKET_COLUMNS } from './ticket-store.js';

// A ticket with everything its representation shows (customer, assignee, team, tags, messages) in ONE
// statement: GET /tickets/{id} is the hottest read, and six round trips (the ticket, four relation
// queries, the messages) cost far more than the rows. Tags and messages come back as JSON arrays built
// by the engine (json_group_array on SQLite, json_agg on PostgreSQL). Every tenant table carries its
// organization condition (the tenant guard checks it): the ticket by parameter, the joined rows by
// join, the subqueries by parameter. On SQLite the ticket's organization term has a unary plus so the
// planner finds the row by id (see sameOrganizationByKey).

const TICKET = sql.raw(TICKET_COLUMNS.map((c) => `t.${c}`).join(', '));

/** The relation columns and joins both reads share (each joined tenant table by organization too). */
const RELATION_COLUMNS = sql.raw(`c.email AS c_email, c.name AS c_name, c.external_user_id AS c_external_user_id,
           u.name AS a_name, u.email AS a_email, tm.name AS team_name`);
const RELATION_JOINS = sql.raw(`FROM tickets t
      JOIN customers c ON c.id = t.customer_id AND c.organization_id = t.organization_id
      LEFT JOIN users u ON u.id = t.assignee_id AND u.organization_id = t.organization_id
      LEFT JOIN teams tm ON tm.id = t.team_id AND tm.organization_id = t.organization_id`);

type Json = (orgId: string) => {
  tags: RawBuilder<unknown>;
  messages: RawBuilder<unknown>;
  ticketOrg: RawBuilder<unknown>;
};

/** The tickets' ids as one parameter (one statement text for any number of ids, prepared once on PostgreSQL). */
const ID_SETS: Record<'sqlite' | 'postgres', (ids: readonly string[]) => RawBuilder<unknown>> = {
  sqlite: (ids) => sql`t.id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`,
  postgres: (ids) => sql`t.id = ANY(cast(${ids} as uuid[]))`,
};

// SQLite: CROSS JOIN keeps ticket_tags outermost (found by its (ticket_id, tag_id) key, the tags then by
// id); with a plain JOIN the planner walks every tag of the organization (for its name order) and
// probes the ticket's links with each, which made the tags half the cost of a 25-ticket page.
export const JSON_PARTS: Record<'sqlite' | 'postgres', Json> = {
  sqlite: (orgId) => ({
    tags: sql`(SELECT json_group_array(json_array(g.id, g.name, g.color)) FROM (
        SELECT tg.id, tg.name, tg.color FROM ticket_tags tt
          CROSS JOIN tags tg ON tg.id = tt.tag_id AND tg.organization_id = tt.organization_id
         WHERE tt.organization_id = ${orgId} AND tt.ticket_id = t.id
         ORDER BY tg.name_key, tg.id) g)`,
    // Mail delivery and attachments only where they can exist: EMAIL tickets (their replies are mailed,
    // their received mail brings files), and attachments only for messages that have some. Every other
    // ticket's messages are read alone, as before mail existed (SQLite evaluates only the CASE branch taken).
    messages: sql`CASE WHEN t.channel = 'EMAIL' THEN (SELECT json_group_array(json_array(m.id, m.type, m.content, m.author_type, m.author_id, m.author_email, m.author_name, m.created_at, json(m.files), m.d_state, m.d_attempts, m.d_error, m.d_sent_at)) FROM (
        SELECT mm.*, o.state AS d_state, o.attempt_count AS d_attempts, o.last_error AS d_error, o.sent_at AS d_sent_at,
               CASE WHEN mm.attachment_count > 0 THEN (SELECT json_group_array(json_array(a.id, a.filename, a.content_type, a.size)) FROM (
                 SELECT f.id, f.filename, f.content_type, f.size FROM attachments f
                  WHERE f.organization_id = ${orgId} AND f.message_id = mm.id ORDER BY f.position) a) END AS files
          FROM messages mm LEFT JOIN email_outbox o ON o.organization_id = mm.organization_id AND o.message_id = mm.id
         WHERE mm.organization_id = ${orgId} AND mm.ticket_id = t.id ORDER BY mm.seq) m)
      ELSE (SELECT json_group_array(json_array(m.id, m.type, m.content, m.author_type, m.author_id, m.author_email, m.author_name, m.created_at)) FROM (
        SELECT mm.* FROM messages mm WHERE mm.organization_id = ${orgId} AND mm.ticket_id = t.id ORDER BY mm.seq) m) END`,
    ticketOrg: sql`+t.organization_id = ${orgId}`,
  }),
  postgres: (orgId) => ({
    tags: sql`(SELECT coalesce(json_agg(json_build_array(tg.id, tg.name, tg.color) ORDER BY tg.name_key, tg.id), '[]')
        FROM ticket_tags tt JOIN tags tg ON tg.id = tt.tag_id AND tg.organization_id = tt.organization_id
       WHERE tt.organization_id = ${orgId} AND tt.ticket_id = t.id)`,
    messages: sql`CASE WHEN t.channel = 'EMAIL' THEN (SELECT coalesce(json_agg(json_build_array(m.id, m.type, m.content, m.author_type, m.author_id, m.author_email, m.author_name, m.created_at,
          CASE WHEN m.attachment_count > 0 THEN (SELECT json_agg(json_build_array(f.id, f.filename, f.content_type, f.size) ORDER BY f.position)
            FROM attachments f WHERE f.organization_id = ${orgId} AND f.message_id = m.id) END,
          o.state, o.attempt_count, o.last_error, o.sent_at) ORDER BY m.seq), '[]')
        FROM messages m LEFT JOIN email_outbox o ON o.organization_id = m.organization_id AND o.message_id = m.id
       WHERE m.organization_id = ${orgId} AND m.ticket_id = t.id)
      ELSE (SELECT coalesce(json_agg(json_build_array(m.id, m.type, m.content, m.author_type, m.author_id, m.author_email, m.author_name, m.created_at) ORDER BY m.seq), '[]')
        FROM messages m WHERE m.organization_id = ${orgId} AND m.ticket_id = t.id) END`,
    ticketOrg: sql`t.organization_id = ${orgId}`,
  }),
};

/** A ticket's relations as the joins below return them (tags as a JSON array). */
interface RelationRow {
  id: string;
  customer_id: string;
  assignee_id: string | null;
  team_id: string | null;
  c_email: string;
  c_name: string | null;
  c_external_user_id: string | null;
  a_name: string | null;
  a_email: string | null;
  team_name: string | null;
  tags_json: unknown;
}

interface Joined extends TicketRow, RelationRow {
  messages_json: unknown;
}

type MessageTuple = [
  string,
  string,
  string,
  string | null,
  string | null,
  string | null,
  string | null,
  number | string,
  // EMAIL tickets only: the message's files (attachmentRefs tuples, null: none), then the reply's mail
  // delivery (email_outbox), all null when it is not mailed.
  unknown?,
  (string | null)?,
  (number | string | null)?,
  (string | null)?,
  (number | string | null)?,
];

export interface LoadedTicket {
  row: TicketRow;
  relations: TicketRelations;
  messages: MessageRow[];
}

/** The ticket, its relations and its messages (oldest first), or undefined when it does not exist. */
export async function loadTicketWithMessages(t: TenantDb, id: string): Promise<LoadedTicket | undefined> {
  return (await loadTicketsWithMessages(t, [id])).get(id);
}

/** Several tickets of the organization as loadTicketWithMessages reads one, in one statement; by id (absent ones missing). */
export async function loadTicketsWithMessages(t: TenantDb, ids: readonly string[]): Promise<Map<string, LoadedTicket>> {
  const out = new Map<string, LoadedTicket>();
  if (ids.length === 0) return out;
  const parts = t.pick(JSON_PARTS)(t.organizationId);
  const result = await sql<Joined>`
    SELECT ${TICKET}, ${RELATION_COLUMNS}, ${parts.tags} AS tags_json, ${parts.messages} AS messages_json
      ${RELATION_JOINS}
     WHERE ${t.pick(ID_SETS)(ids)} AND ${parts.ticketOrg}`.execute(t.db);
  for (const r of result.rows) {
    const row = normalizeTicket(Object.fromEntries(TICKET_COLUMNS.map((c) => [c, r[c]])) as TicketRow);
    const messages = (parsed(r.messages_json) as MessageTuple[]).map(
      ([
        id,
        type,
        content,
        author_type,
        author_id,
        author_email,
        author_name,
        created_at,
        files,
        ...mail
      ]): MessageRow => ({
        id,
        ticket_id: row.id,
        type,
        content,
        author_type,
        author_id,
        author_email,
        author_name,
        created_at: Number(created_at),
        delivery: deliveryView(mail[0] ?? null, mail[1] ?? null, mail[2] ?? null, mail[3] ?? null),
        attachments: attachmentRefs(files),
      }),
    );
    out.set(row.id, { row, relations: relationsOf(r), messages });
  }
  return out;
}

/**
 * What a page of tickets refers to (customer, assignee, team, tags), in ONE statement by the tickets'
 * ids, instead of a query per kind of relation: the default list is the most frequent request after
 * the single ticket.
 */
export async function loadPageRelations(
  t: TenantDb,
  tickets: readonly TicketRow[],
): Promise<Map<string, TicketRelations>> {
  const out = new Map<string, TicketRelations>();
  if (tickets.length === 0) return out;
  const parts = t.pick(JSON_PARTS)(t.organizationId);
  const result = await sql<RelationRow>`
    SELECT t.id, t.customer_id, t.assignee_id, t.team_id, ${RELATION_COLUMNS}, ${parts.tags} AS tags_json
      ${RELATION_JOINS}
     WHERE t.id IN (${sql.join(tickets.map((k) => k.id))}) AND ${parts.ticketOrg}`.execute(t.db);
  for (const r of result.rows) out.set(r.id, relationsOf(r));
  for (const k of tickets) if (!out.has(k.id)) throw new Error(`ticket ${k.id} refers to a missing customer`);
  return out;
}

function relationsOf(r: RelationRow): TicketRelations {
  return {
    customer: { id: r.customer_id, email: r.c_email, name: r.c_name, external_user_id: r.c_external_user_id },
    assignee: r.assignee_id && r.a_email !== null ? { id: r.assignee_id, name: r.a_name!, email: r.a_email } : null,
    team: r.team_id && r.team_name !== null ? { id: r.team_id, name: r.team_name } : null,
    tags: (parsed(r.tags_json) as [string, string, string][]).map(([id, name, color]): TagRef => ({ id, name, color })),
  };
}

/** SQLite hands JSON over as text, node-postgres already parsed. */
export const parsed = (value: unknown): unknown[] =>
  typeof value === 'string' ? (JSON.parse(value) as unknown[]) : ((value ?? []) as unknown[]);
