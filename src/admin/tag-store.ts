import type { Executor } from '../db/database.js';
import type { TagTable } from './admin-tables.js';

export type TagRow = Omit<TagTable, 'organization_id' | 'name_key'>;

const COLUMNS = ['id', 'name', 'color', 'created_at', 'updated_at'] as const;

export const nameKey = (name: string): string => name.trim().toLowerCase();

export function findTag(db: Executor, organizationId: string, id: string): Promise<TagRow | undefined> {
  return db.selectFrom('tags').select(COLUMNS).where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst();
}

export function findTagByName(db: Executor, organizationId: string, name: string): Promise<TagRow | undefined> {
  return db
    .selectFrom('tags')
    .select(COLUMNS)
    .where('organization_id', '=', organizationId)
    .where('name_key', '=', nameKey(name))
    .executeTakeFirst();
}

/** Every tag of the organization by name (tag lists are not paginated). */
export function listTags(db: Executor, organizationId: string): Promise<TagRow[]> {
  return db.selectFrom('tags').select(COLUMNS).where('organization_id', '=', organizationId).orderBy('name_key').orderBy('id').execute();
}

export async function insertTag(db: Executor, row: TagTable): Promise<void> {
  await db.insertInto('tags').values(row).execute();
}

export async function updateTag(
  db: Executor,
  organizationId: string,
  id: string,
  changes: { name?: string; name_key?: string; color?: string; updated_at: number },
): Promise<void> {
  await db.updateTable('tags').set(changes).where('organization_id', '=', organizationId).where('id', '=', id).execute();
}

/** Deletes a tag; it disappears from its tickets through the ticket_tags foreign key (cascade). */
export async function deleteTag(db: Executor, organizationId: string, id: string): Promise<void> {
  await db.deleteFrom('tags').where('organization_id', '=', organizationId).where('id', '=', id).execute();
}
