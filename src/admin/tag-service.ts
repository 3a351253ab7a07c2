import type { Static } from 'typebox';
import { isUniqueViolation, type DatabaseHandle, type TenantDb } from '../db/database.js';
import { checkPrecondition } from '../db/row-lock.js';
import type { Precondition } from '../shared/precondition.js';
import { iso, type Clock } from '../shared/clock.js';
import { conflict, notFound } from '../shared/errors.js';
import { newId, pathUuid } from '../shared/ids.js';
import type { CreateTagBody, Tag, UpdateTagBody } from './tag-schemas.js';
import type { TicketDetacher } from '../tickets/ticket-detacher.js';
import * as store from './tag-store.js';

// A service's rules keep their values here, not in the HTTP schemas: the webhook thread builds every
// service and loads no schema library (shared/scopes.ts).
const DEFAULT_TAG_COLOR = '#6b7280';

export type TagView = Static<typeof Tag>;

export const toTagView = (row: store.TagRow): TagView => ({
  id: row.id,
  name: row.name,
  color: row.color,
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

const nameTaken = () => conflict('a tag with this name already exists in the organization', 'name');

// A concurrent writer can still win the race after the pre-check: the unique index decides.
const rethrowNameConflict = (err: unknown): never => {
  throw isUniqueViolation(err) ? nameTaken() : err;
};

export interface TagServiceDeps {
  database: DatabaseHandle;
  clock: Clock;
  /** Deleting a tag takes it off its tickets (tickets domain), in the deleting transaction. */
  tickets: Pick<TicketDetacher, 'untag'>;
}

export function createTagService({ database, clock, tickets }: TagServiceDeps) {
  async function load(t: TenantDb, id: string): Promise<store.TagRow> {
    const row = await store.findTag(t, pathUuid(id, 'tag'));
    if (!row) throw notFound('tag');
    return row;
  }

  return {
    async create(organizationId: string, input: Static<typeof CreateTagBody>): Promise<TagView> {
      const now = clock();
      const name = input.name.trim();
      const row = {
        id: newId(),
        name,
        color: (input.color ?? DEFAULT_TAG_COLOR).toLowerCase(),
        created_at: now,
        updated_at: now,
      };
      // The view is the transaction's result: an idempotent request stores it with the row, in the same transaction.
      return database
        .forOrganization(organizationId)
        .transaction(async (t) => {
          if (await store.findTagByName(t, name)) throw nameTaken();
          await store.insertTag(t, { ...row, name_key: store.nameKey(name) });
          return toTagView(row);
        })
        .catch(rethrowNameConflict);
    },

    async get(organizationId: string, id: string): Promise<TagView> {
      return toTagView(await load(database.forOrganization(organizationId), id));
    },

    async list(organizationId: string): Promise<TagView[]> {
      return (await store.listTags(database.forOrganization(organizationId))).map(toTagView);
    },

    async update(
      organizationId: string,
      id: string,
      input: Static<typeof UpdateTagBody>,
      precondition?: Precondition<TagView>,
    ): Promise<TagView> {
      const row = await database
        .forOrganization(organizationId)
        .transaction(async (t) => {
          const current = await load(t, id);
          await checkPrecondition(t, 'tags', current.id, precondition, async () => toTagView(await load(t, id)));
          const changes: store.TagChanges = { updated_at: clock() };
          if (input.color !== undefined) changes.color = input.color.toLowerCase();
          if (input.name !== undefined) {
            const name = input.name.trim();
            const other = await store.findTagByName(t, name);
            if (other && other.id !== current.id) throw nameTaken();
            changes.name = name;
            changes.name_key = store.nameKey(name);
          }
          await store.updateTag(t, current.id, changes);
          const { name_key: _, ...visible } = changes;
          return { ...current, ...visible };
        })
        .catch(rethrowNameConflict);
      return toTagView(row);
    },

    /** Deletes the tag; tickets that carried it stay, without it (each with a ticket.updated event). */
    async remove(organizationId: string, id: string, precondition?: Precondition<TagView>): Promise<void> {
      await database.forOrganization(organizationId).transaction(async (t) => {
        const row = await load(t, id);
        await checkPrecondition(t, 'tags', row.id, precondition, async () => toTagView(await load(t, id)));
        await tickets.untag(t, row.id, clock());
        await store.deleteTag(t, row.id);
      });
    },
  };
}

export type TagService = ReturnType<typeof createTagService>;
