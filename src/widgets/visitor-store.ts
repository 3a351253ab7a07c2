import type { Sql, TenantDb } from '../db/database.js';
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

/** Records who an anonymous visitor says they are (their email, name) once they give it. */
export async function setVisitorContact(
  t: TenantDb,
  id: string,
  contact: { email: string; name: string | null; customer_id: string },
): Promise<void> {
  await t.updateTable('widget_visitors').set(contact).where('id', '=', id).execute();
}

export async function insertConversation(t: TenantDb, row: ConversationRow): Promise<void> {
  await t.insertInto('widget_conversations', row).execute();
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
