import { sql } from 'kysely';
import type { TenantDb } from '../db/database.js';
import type { KbCollectionTable } from './kb-tables.js';

// Data access for collections, on the organization-scoped handle it is given.

export type CollectionRow = Omit<KbCollectionTable, 'organization_id'>;

const COLUMNS = ['id', 'name', 'description', 'position', 'created_at', 'updated_at'] as const;
const norm = (r: CollectionRow): CollectionRow => ({
  ...r,
  position: Number(r.position),
  created_at: Number(r.created_at),
  updated_at: Number(r.updated_at),
});

export async function listCollections(t: TenantDb): Promise<CollectionRow[]> {
  const rows = await t
    .selectFrom('kb_collections')
    .select(COLUMNS)
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(norm);
}

export async function findCollection(t: TenantDb, id: string): Promise<CollectionRow | undefined> {
  const row = await t.selectFrom('kb_collections').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && norm(row);
}

export async function nextPosition(t: TenantDb): Promise<number> {
  const row = await t
    .selectFrom('kb_collections')
    .select(sql<number | null>`max(position)`.as('top'))
    .executeTakeFirst();
  return row?.top === null || row?.top === undefined ? 0 : Number(row.top) + 1;
}

export async function insertCollection(t: TenantDb, row: CollectionRow): Promise<void> {
  await t.insertInto('kb_collections', row).execute();
}

export async function updateCollection(t: TenantDb, id: string, changes: Partial<CollectionRow>): Promise<void> {
  await t.updateTable('kb_collections').set(changes).where('id', '=', id).execute();
}

export async function deleteCollection(t: TenantDb, id: string): Promise<void> {
  await t.deleteFrom('kb_collections').where('id', '=', id).execute();
}

export async function collectionHasArticles(t: TenantDb, id: string): Promise<boolean> {
  const row = await t
    .selectFrom('kb_articles')
    .select('id')
    .where('collection_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
