import type { Sql, TenantDb } from '../db/database.js';
import type { TenantTable } from '../db/tenant-guard.js';
import type { WidgetTable } from './widget-tables.js';

// Data access for widgets and their global key index. The index is reached through the system
// handle only (it belongs to no organization), in the same transaction as the widget it mirrors.

export type WidgetRow = Omit<WidgetTable, 'organization_id'>;

// The lookups must stay out of the tenant tables (they have no organization_id column).
const notTenantTables: 'widget_key_lookup' | 'widget_visitor_lookup' extends TenantTable ? never : true = true;
void notTenantTables;

export async function insertWidget(t: TenantDb, row: WidgetRow): Promise<void> {
  await t.insertInto('widgets', row).execute();
}

export async function insertKeyLookup(s: Sql, key: string, organizationId: string, widgetId: string): Promise<void> {
  await s.db
    .insertInto('widget_key_lookup')
    .values({ key, owner_organization_id: organizationId, widget_id: widgetId })
    .execute();
}

export async function deleteKeyLookup(s: Sql, key: string): Promise<void> {
  await s.db.deleteFrom('widget_key_lookup').where('key', '=', key).execute();
}

export function findKeyLookup(s: Sql, key: string) {
  return s.db
    .selectFrom('widget_key_lookup')
    .select(['owner_organization_id', 'widget_id'])
    .where('key', '=', key)
    .executeTakeFirst();
}

export async function findWidget(t: TenantDb, id: string): Promise<WidgetRow | undefined> {
  return t.selectFrom('widgets').selectAll().where('id', '=', id).executeTakeFirst() as Promise<WidgetRow | undefined>;
}

export async function listWidgets(t: TenantDb): Promise<WidgetRow[]> {
  return (await t.selectFrom('widgets').selectAll().orderBy('created_at').orderBy('id').execute()) as WidgetRow[];
}

export async function updateWidget(t: TenantDb, id: string, changes: Partial<WidgetRow>): Promise<void> {
  await t.updateTable('widgets').set(changes).where('id', '=', id).execute();
}

export async function deleteWidget(t: TenantDb, id: string): Promise<boolean> {
  const res = await t.deleteFrom('widgets').where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
