import type { DatabaseHandle } from '../db/database.js';
import { isUniqueViolation } from '../db/database.js';
import type { Clock } from '../shared/clock.js';
import { conflict, notFound, validationError } from '../shared/errors.js';
import { isSlug } from '../shared/slug.js';
import { findOrganization, findSlug, insertSlug, updateOrganization } from './org-store.js';

// The organization's public face: its name, its slug (the help center's address) and the help
// center's settings. A slug once used stays the organization's (organization_slugs): its public URLs
// keep redirecting to the current slug, and no other organization can take it over.

export interface OrganizationProfile {
  id: string;
  name: string;
  slug: string;
  help_center: { enabled: boolean; title: string };
}

export interface ProfileChanges {
  name?: string;
  slug?: string;
  help_center?: { enabled?: boolean; title?: string | null };
}

/** The organization a public slug names, and the slug to redirect to when it is an old one. */
export interface PublicOrganization {
  profile: OrganizationProfile;
  /** The current slug when the one asked for is an old one (answer 301 there). */
  redirectTo: string | null;
}

type OrgRow = NonNullable<Awaited<ReturnType<typeof findOrganization>>>;

const profileOf = (row: OrgRow): OrganizationProfile => ({
  id: row.id,
  name: row.name,
  slug: row.slug ?? '',
  help_center: { enabled: Number(row.help_center_enabled) === 1, title: row.help_center_title ?? row.name },
});

export function createOrgProfiles({ database, clock }: { database: DatabaseHandle; clock: Clock }) {
  async function get(id: string): Promise<OrganizationProfile> {
    const row = await findOrganization(database.system, id);
    if (!row) throw notFound('organization');
    return profileOf(row);
  }

  async function update(id: string, input: ProfileChanges): Promise<OrganizationProfile> {
    if (input.name !== undefined && input.name.trim() === '')
      throw validationError('name must not be blank', 'name', 'blank');
    if (input.slug !== undefined && !isSlug(input.slug)) {
      throw validationError(
        'slug must be 3-63 lowercase letters, digits or single hyphens, starting and ending with a letter or digit',
        'slug',
        'invalid_format',
      );
    }
    try {
      return await database.system.transaction(async (s) => {
        const row = await findOrganization(s, id);
        if (!row) throw notFound('organization');
        const changes: Parameters<typeof updateOrganization>[2] = {};
        if (input.name !== undefined) changes.name = input.name.trim();
        if (input.slug !== undefined && input.slug !== row.slug) {
          const owner = await findSlug(s, input.slug);
          if (owner && owner.organization_id !== id) throw conflict('slug is taken', 'slug');
          if (!owner) await insertSlug(s, input.slug, id, clock());
          changes.slug = input.slug;
        }
        if (input.help_center?.enabled !== undefined) changes.help_center_enabled = input.help_center.enabled ? 1 : 0;
        if (input.help_center?.title !== undefined) {
          const title = input.help_center.title?.trim() ?? '';
          changes.help_center_title = title === '' ? null : title;
        }
        await updateOrganization(s, id, changes);
        return profileOf({ ...row, ...changes });
      });
    } catch (err) {
      // Two organizations claiming one slug at once: the second insert loses.
      if (isUniqueViolation(err)) throw conflict('slug is taken', 'slug');
      throw err;
    }
  }

  /** The organization behind a public slug (null: none); old slugs name it with a redirect. */
  async function resolvePublic(slug: string): Promise<PublicOrganization | null> {
    if (!isSlug(slug)) return null;
    const found = await findSlug(database.system, slug);
    if (!found) return null;
    const row = await findOrganization(database.system, found.organization_id);
    if (!row) return null;
    const profile = profileOf(row);
    return { profile, redirectTo: profile.slug === slug ? null : profile.slug };
  }

  return { get, update, resolvePublic };
}

export type OrgProfiles = ReturnType<typeof createOrgProfiles>;
