import { issueApiKey, type CreatedApiKey } from '../auth/api-key-service.js';
import type { DatabaseHandle, Executor } from '../db/database.js';
import type { Clock } from '../shared/clock.js';
import { newId } from '../shared/ids.js';
import { ALL_SCOPES } from '../shared/schemas.js';
import { hasAnyOrganization, insertOrganization, lockForBootstrap } from './org-store.js';

export interface CreatedOrganization {
  organization: { id: string; name: string };
  api_key: CreatedApiKey;
}

async function insertWithKey(trx: Executor, now: number, name: string): Promise<CreatedOrganization> {
  const organization = { id: newId(), name };
  await insertOrganization(trx, { ...organization, created_at: now });
  const api_key = await issueApiKey(trx, { organizationId: organization.id, scopes: ALL_SCOPES, name: 'default', now });
  return { organization, api_key };
}

/** Creates an organization with one key carrying every scope, in one transaction. */
export function createOrganization(database: DatabaseHandle, clock: Clock, name: string): Promise<CreatedOrganization> {
  return database.transaction((trx) => insertWithKey(trx, clock(), name));
}

/**
 * On first start with an empty database: a default organization and its key, or null if one exists.
 * Several instances starting at once on one PostgreSQL database create exactly one.
 */
export function bootstrapDefaultOrganization(database: DatabaseHandle, clock: Clock): Promise<CreatedOrganization | null> {
  return database.transaction(async (trx) => {
    await lockForBootstrap(trx, database.dialect);
    if (await hasAnyOrganization(trx)) return null;
    return insertWithKey(trx, clock(), 'Default organization');
  });
}
