import type { DatabaseHandle } from '../db/database.js';
import { iso, type Clock } from '../shared/clock.js';
import { conflict, notFound, validationError } from '../shared/errors.js';
import { newTimeOrderedId, pathUuid } from '../shared/ids.js';
import * as store from './collection-store.js';
import type { CollectionView, CreateCollectionInput, UpdateCollectionInput } from './kb-schemas.js';

// Collections group articles in the help center, in the order of their positions.

export const collectionView = (r: store.CollectionRow): CollectionView => ({
  id: r.id,
  name: r.name,
  description: r.description,
  position: r.position,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

const blankName = (name: string | undefined) => name !== undefined && name.trim() === '';

export function createCollectionService({ database, clock }: { database: DatabaseHandle; clock: Clock }) {
  async function list(organizationId: string): Promise<CollectionView[]> {
    return (await store.listCollections(database.forOrganization(organizationId))).map(collectionView);
  }

  async function get(organizationId: string, rawId: string): Promise<CollectionView> {
    const row = await store.findCollection(database.forOrganization(organizationId), pathUuid(rawId, 'collection'));
    if (!row) throw notFound('collection');
    return collectionView(row);
  }

  async function create(organizationId: string, input: CreateCollectionInput): Promise<CollectionView> {
    if (blankName(input.name)) throw validationError('name must not be blank', 'name', 'blank');
    return database.forOrganization(organizationId).transaction(async (t) => {
      const now = clock();
      const row: store.CollectionRow = {
        id: newTimeOrderedId(),
        name: input.name.trim(),
        description: input.description ?? null,
        position: input.position ?? (await store.nextPosition(t)),
        created_at: now,
        updated_at: now,
      };
      await store.insertCollection(t, row);
      return collectionView(row);
    });
  }

  async function update(organizationId: string, rawId: string, input: UpdateCollectionInput): Promise<CollectionView> {
    if (blankName(input.name)) throw validationError('name must not be blank', 'name', 'blank');
    const id = pathUuid(rawId, 'collection');
    return database.forOrganization(organizationId).transaction(async (t) => {
      const row = await store.findCollection(t, id);
      if (!row) throw notFound('collection');
      const changes: Partial<store.CollectionRow> = { updated_at: clock() };
      if (input.name !== undefined) changes.name = input.name.trim();
      if (input.description !== undefined) changes.description = input.description;
      if (input.position !== undefined) changes.position = input.position;
      await store.updateCollection(t, id, changes);
      return collectionView({ ...row, ...changes });
    });
  }

  /** Deletes an empty collection; one that still holds articles is 409. */
  async function remove(organizationId: string, rawId: string): Promise<void> {
    const id = pathUuid(rawId, 'collection');
    await database.forOrganization(organizationId).transaction(async (t) => {
      if (!(await store.findCollection(t, id))) throw notFound('collection');
      if (await store.collectionHasArticles(t, id)) throw conflict('the collection still holds articles');
      await store.deleteCollection(t, id);
    });
  }

  /** 400 when the id names no collection of the organization (an article's collection_id). */
  async function assertExists(t: Parameters<typeof store.findCollection>[0], id: string): Promise<void> {
    const uuid = /^[0-9a-f-]{36}$/i.test(id) ? id.toLowerCase() : null;
    if (!uuid || !(await store.findCollection(t, uuid))) {
      throw validationError(`unknown collection id: ${id}`, 'collection_id', 'not_found');
    }
  }

  return { list, get, create, update, remove, assertExists };
}

export type CollectionService = ReturnType<typeof createCollectionService>;
