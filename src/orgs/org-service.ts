import { issueApiKey, removeOrganizationKeys, type CreatedApiKey } from '../auth/api-key-service.js';
import type { DatabaseHandle, Sql } from '../db/database.js';
import type { Clock } from '../shared/clock.js';
import { notFound } from '../shared/errors.js';
import { isUuid, newId } from '../shared/ids.js';
import { ALL_SCOPES } from '../shared/scopes.js';
import {
  deleteOrganizationRows,
  findOrganization,
  hasAnyOrganization,
  insertOrganization,
  listOrganizations,
  lockForBootstrap,
} from './org-store.js';

export interface CreatedOrganization {
  organization: { id: string; name: string };
  api_key: CreatedApiKey;
}

export interface RemovedOrganization {
  id: string;
  name: string;
  /** Rows deleted, by table (the organization's own row not counted). */
  deleted: Record<string, number>;
}

export interface OrganizationView {
  id: string;
  name: string;
  created_at: string;
}

/** The organization and its first key (every scope), in the caller's transaction. */
async function insertWithKey(s: Sql, now: number, name: string): Promise<CreatedOrganization> {
  const organization = { id: newId(), name };
  await insertOrganization(s, { ...organization, created_at: now });
  const api_key = await issueApiKey(s, organization.id, { scopes: ALL_SCOPES, name: 'default', now });
  return { organization, api_key };
}

export function createOrgService(deps: { database: DatabaseHandle; clock: Clock }) {
  const { database, clock } = deps;
  return {
    /** Creates an organization with one key carrying every scope, in one transaction. */
    create: (name: string): Promise<CreatedOrganization> =>
      database.system.transaction((s) => insertWithKey(s, clock(), name)),

    /**
     * On first start with an empty database: a default organization and its key, or null if one exists.
     * Several instances starting at once on one PostgreSQL database create exactly one.
     */
    bootstrapDefault: (): Promise<CreatedOrganization | null> =>
      database.system.transaction(async (s) => {
        await lockForBootstrap(s);
        if (await hasAnyOrganization(s)) return null;
        return insertWithKey(s, clock(), 'Default organization');
      }),

    /** Every organization, oldest first (operators' view; the API never lists organizations). */
    async list(): Promise<OrganizationView[]> {
      const rows = await listOrganizations(database.system);
      return rows.map((r) => ({ id: r.id, name: r.name, created_at: new Date(Number(r.created_at)).toISOString() }));
    },

    /**
     * Removes the organization and everything it owns, in one transaction: its keys stop working in
     * every process once it commits (as a revocation does), then every row of every tenant table goes.
     * 404 when there is no such organization.
     */
    remove: (id: string): Promise<RemovedOrganization> =>
      database.system.transaction(async (s) => {
        const org = isUuid(id) ? await findOrganization(s, id) : undefined;
        if (!org) throw notFound(`organization ${id}`);
        await removeOrganizationKeys(s, org.id);
        const deleted = await deleteOrganizationRows(s, org.id);
        return { id: org.id, name: org.name, deleted };
      }),

    /** Throws 404 when the organization does not exist (operators name one by id). */
    async assertExists(id: string): Promise<void> {
      if (!isUuid(id) || !(await findOrganization(database.system, id))) throw notFound(`organization ${id}`);
    },
  };
}

export type OrgService = ReturnType<typeof createOrgService>;
