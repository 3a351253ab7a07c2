import type { TenantDb } from '../db/database.js';
import type { TagTable } from './admin-tables.js';

// Data access of tags, on the organization-scoped handle the caller runs in.

export type TagRow = Omit<TagTable, 'organization_id' | 'name_key'>;
export type TagChanges = { name?: string; name_key?: string; color?: string; updated_at: number };

const COLUMNS = ['id', 'name', 'color', 'created_at', 'updated_at'] as const;

export const nameKey = (name: string): string => name.trim().toLowerCase();

export function findTag(t: TenantDb, id: string): Promise<TagRow | undefined> {
  return t.selectFrom('tags').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function findTagByName(t: TenantDb, name: string): Promise<TagRow | undefined> {
  return t.selectFrom('tags').select(COLUMNS).where('name_key', '=', nameKey(name)).executeTakeFirst();
}

/** Every tag of the organization by name (tag lists are not paginated). */
export function listTags(t: TenantDb): Promise<TagRow[]> {
  return t.selectFrom('tags').select(COLUMNS).orderBy('name_key').orderBy('id').execute();
}

export async function insertTag(t: TenantDb, row: Omit<TagTable, 'organization_id'>): Promise<void> {
  await t.insertInto('tags', row).execute();
}

export async function updateTag(t: TenantDb, id: string, changes: TagChanges): Promise<void> {
  await t.updateTable('tags').set(changes).where('id', '=', id).execute();
}

/** Deletes a tag; any ticket link left goes with it through the ticket_tags foreign key (cascade). */
export async function deleteTag(t: TenantDb, id: string): Promise<void> {
  await t.deleteFrom('tags').where('id', '=', id).execute();
}
