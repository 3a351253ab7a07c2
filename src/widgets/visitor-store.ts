import type { SharedWrite, Sql, TenantDb } from '../db/database.js';
import type { WidgetConversationTable, WidgetVisitorTable } from './widget-tables.js';

// Data access for visitor sessions, their global token index and the conversations they opened.

export type VisitorRow = Omit<WidgetVisitorTable, 'organization_id'>;
export type ConversationRow = Omit<WidgetConversationTable, 'organization_id'>;

/** Conversations a visitor is shown at most (the most recent). */
export const CONVERSATIONS_SHOWN = 20;

export async function insertVisitor(s: Sql, organizationId: string, row: VisitorRow): Promise<void> {
  await s.forOrganization(organizationId).insertInto('widget_visitors', row).execute();
  await s.db
    .insertInto('widget_visitor_lookup')
    .values({
      token_hash: row.token_hash,
      owner_organization_id: organizationId,
      visitor_id: row.id,
      expires_at: row.expires_at,
    })
    .execute();
}

export function findVisitorLookup(s: Sql, tokenHash: string) {
  return s.db
    .selectFrom('widget_visitor_lookup')
    .select(['owner_organization_id', 'visitor_id', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function findVisitor(t: TenantDb, id: string): Promise<VisitorRow | undefined> {
  return (await t.selectFrom('widget_visitors').selectAll().where('id', '=', id).executeTakeFirst()) as
    | VisitorRow
    | undefined;
}

/** Records who an anonymous visitor says they are (their email, name) once they give it: a write of the ticket's. */
export function visitorContactUpdate(
  t: TenantDb,
  id: string,
  contact: { email: string; name: string | null; customer_id: string },
): SharedWrite {
  return t.updateTable('widget_visitors').set(contact).where('id', '=', id);
}

/** The ticket's link to the visitor who opened it: a write of the ticket's own transaction. */
export function conversationInsert(t: TenantDb, row: ConversationRow): SharedWrite {
  return t.insertInto('widget_conversations', row);
}

/** The visitor session holding an assistant conversation (undefined: none, or not this organization's). */
export async function assistantConversationVisitor(t: TenantDb, conversationId: string) {
  const row = await t
    .selectFrom('widget_assistant_conversations')
    .select('visitor_id')
    .where('conversation_id', '=', conversationId)
    .executeTakeFirst();
  return row?.visitor_id;
}

export async function insertAssistantConversation(
  t: TenantDb,
  row: { conversation_id: string; visitor_id: string; created_at: number },
): Promise<void> {
  await t
    .insertInto('widget_assistant_conversations', row)
    .onConflict((oc) => oc.columns(['organization_id', 'conversation_id']).doNothing())
    .execute();
}

/** Up to `limit` sessions that expired before `now`, across organizations (the global token index). */
export function expiredVisitors(s: Sql, now: number, limit: number) {
  return s.db
    .selectFrom('widget_visitor_lookup')
    .select(['token_hash', 'owner_organization_id', 'visitor_id'])
    .where('expires_at', '<', now)
    .limit(limit)
    .execute();
}

/** Deletes expired sessions of one organization (their assistant links cascade; tickets stay). */
export async function deleteVisitors(t: TenantDb, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await t.deleteFrom('widget_visitors').where('id', 'in', ids).execute();
}

export async function deleteVisitorLookups(s: Sql, tokenHashes: readonly string[]): Promise<void> {
  if (tokenHashes.length > 0)
    await s.db.deleteFrom('widget_visitor_lookup').where('token_hash', 'in', tokenHashes).execute();
}

/**
 * The tickets a visitor may see, newest first: an anonymous session's own; for an identified visitor,
 * those opened by identified sessions of the same site user (on any device, through any widget of
 * the organization).
 */
export async function visibleTicketIds(
  t: TenantDb,
  visitor: Pick<VisitorRow, 'id' | 'identified' | 'external_user_id'>,
  limit = CONVERSATIONS_SHOWN,
): Promise<string[]> {
  let query = t.selectFrom('widget_conversations').select('ticket_id');
  query =
    visitor.identified && visitor.external_user_id !== null
      ? query.where('identified', '=', 1).where('external_user_id', '=', visitor.external_user_id)
      : query.where('visitor_id', '=', visitor.id);
  const rows = await query.orderBy('created_at', 'desc').orderBy('ticket_id', 'desc').limit(limit).execute();
  return rows.map((r) => r.ticket_id);
}

/** Whether the visitor may see this ticket (the same rule as visibleTicketIds). */
export async function canSee(
  t: TenantDb,
  visitor: Pick<VisitorRow, 'id' | 'identified' | 'external_user_id'>,
  ticketId: string,
): Promise<boolean> {
  const row = await t
    .selectFrom('widget_conversations')
    .select(['visitor_id', 'identified', 'external_user_id'])
    .where('ticket_id', '=', ticketId)
    .executeTakeFirst();
  if (!row) return false;
  if (visitor.identified && visitor.external_user_id !== null) {
    return row.identified === 1 && row.external_user_id === visitor.external_user_id;
  }
  return row.visitor_id === visitor.id;
}
