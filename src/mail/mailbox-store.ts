import type { Sql, TenantDb } from '../db/database.js';
import type { TenantTable } from '../db/tenant-guard.js';
import type { MailboxRouteTable, MailboxTable } from './mail-tables.js';

// Data access of mailboxes (organization-scoped handle) and of the global routes to them (system
// handle, written in the same transaction as the mailbox row they mirror).

export type MailboxRow = Omit<MailboxTable, 'organization_id'>;
export type MailboxChanges = Partial<Omit<MailboxTable, 'id' | 'organization_id' | 'created_at'>>;
export type MailboxRoute = MailboxRouteTable;

// The routes must stay out of the tenant tables (see MailboxRouteTable).
const notATenantTable: 'mailbox_routes' extends TenantTable ? never : true = true;
void notATenantTable;

const toRow = (r: MailboxTable | MailboxRow): MailboxRow => {
  const { organization_id: _, ...rest } = r as MailboxTable;
  return {
    ...rest,
    last_polled_at: rest.last_polled_at === null ? null : Number(rest.last_polled_at),
    imap_lease_until: rest.imap_lease_until === null ? null : Number(rest.imap_lease_until),
    created_at: Number(rest.created_at),
    updated_at: Number(rest.updated_at),
  };
};

export async function listMailboxes(t: TenantDb): Promise<MailboxRow[]> {
  const rows = await t.selectFrom('mailboxes').selectAll().orderBy('created_at').orderBy('id').execute();
  return rows.map(toRow);
}

/**
 * The mailbox a ticket's replies are sent from: the one its customer's latest mail came in on, else
 * (the ticket did not come by mail, or that mailbox was deleted) the organization's first mailbox.
 */
export async function sendingMailboxOf(t: TenantDb, ticketId: string): Promise<MailboxRow | undefined> {
  const received = await t
    .selectFrom('inbound_emails')
    .select('mailbox_id')
    .where('ticket_id', '=', ticketId)
    .where('kind', 'in', ['mail', 'automatic'])
    .orderBy('received_at', 'desc')
    .limit(20)
    .execute();
  const all = await listMailboxes(t);
  for (const { mailbox_id } of received) {
    const found = all.find((m) => m.id === String(mailbox_id));
    if (found) return found;
  }
  return all[0];
}

export async function findMailbox(t: TenantDb, id: string, { lock = false } = {}): Promise<MailboxRow | undefined> {
  const row = await t
    .selectFrom('mailboxes')
    .selectAll()
    .where('id', '=', id)
    .$if(lock && t.rowLocks, (q) => q.forUpdate())
    .executeTakeFirst();
  return row && toRow(row);
}

export async function insertMailbox(t: TenantDb, row: MailboxRow): Promise<void> {
  await t.insertInto('mailboxes', row).execute();
}

export async function updateMailbox(t: TenantDb, id: string, changes: MailboxChanges): Promise<void> {
  await t.updateTable('mailboxes').set(changes).where('id', '=', id).execute();
}

export async function deleteMailbox(t: TenantDb, id: string): Promise<boolean> {
  const result = await t.deleteFrom('mailboxes').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// ---- global routes ----

export function findRouteByAddress(s: Sql, address: string): Promise<MailboxRoute | undefined> {
  return s.db.selectFrom('mailbox_routes').selectAll().where('address', '=', address).executeTakeFirst();
}

export function findRouteByToken(s: Sql, tokenHash: string): Promise<MailboxRoute | undefined> {
  return s.db.selectFrom('mailbox_routes').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function insertRoute(s: Sql, route: MailboxRoute): Promise<void> {
  await s.db.insertInto('mailbox_routes').values(route).execute();
}

export async function deleteRoute(s: Sql, address: string): Promise<void> {
  await s.db.deleteFrom('mailbox_routes').where('address', '=', address).execute();
}

export async function updateRouteToken(s: Sql, address: string, tokenHash: string): Promise<void> {
  await s.db.updateTable('mailbox_routes').set({ token_hash: tokenHash }).where('address', '=', address).execute();
}
