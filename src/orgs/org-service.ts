import { issueApiKey, type CreatedApiKey } from '../auth/api-key-service.js';
import type { DatabaseHandle } from '../db/database.js';
import type { Clock } from '../shared/clock.js';
import { newId } from '../shared/ids.js';
import { ALL_SCOPES } from '../shared/schemas.js';
import { hasAnyOrganization, insertOrganization } from './org-store.js';

export interface CreatedOrganization {
  organization: { id: string; name: string };
  api_key: CreatedApiKey;
}

/** Creates an organization with one key carrying every scope, in one transaction. */
export function createOrganization(database: DatabaseHandle, clock: Clock, name: string): Promise<CreatedOrganization> {
  return database.transaction(async (trx) => {
    const now = clock();
    const organization = { id: newId(), name };
    await insertOrganization(trx, { ...organization, created_at: now });
    const api_key = await issueApiKey(trx, { organizationId: organization.id, scopes: ALL_SCOPES, name: 'default', now });
    return { organization, api_key };
  });
}

/** On first start with an empty database: a default organization and its key, or null if one exists. */
export async function bootstrapDefaultOrganization(database: DatabaseHandle, clock: Clock): Promise<CreatedOrganization | null> {
  if (await hasAnyOrganization(database.db)) return null;
  return createOrganization(database, clock, 'Default organization');
}
