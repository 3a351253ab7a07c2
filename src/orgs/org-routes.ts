import type { App } from '../shared/http.js';
import { Data, errorResponses } from '../shared/schemas.js';
import { ALL_SCOPES } from '../shared/scopes.js';
import type { OrgProfiles } from './org-profile.js';
import { OrganizationSchema, UpdateOrganizationBody } from './org-schemas.js';

export async function registerOrgRoutes(app: App, { orgProfiles }: { orgProfiles: OrgProfiles }): Promise<void> {
  const tags = ['organization'];
  app.get(
    '/organization',
    {
      // Any scope: every caller may know which organization it acts for.
      config: { scopes: ALL_SCOPES },
      schema: {
        tags,
        summary: "The caller's organization: name, public slug and help center settings",
        response: { 200: Data(OrganizationSchema), ...errorResponses },
      },
    },
    async (request) => ({ data: await orgProfiles.get(request.auth.organizationId) }),
  );

  app.patch(
    '/organization',
    {
      config: { scopes: ['admin'] },
      schema: {
        tags,
        summary: "Change the organization's name, slug or help center settings",
        description:
          'A new slug must be free (409 otherwise); public URLs with the old slug answer 301 to the new one.',
        body: UpdateOrganizationBody,
        response: { 200: Data(OrganizationSchema), ...errorResponses },
      },
    },
    async (request) => ({ data: await orgProfiles.update(request.auth.organizationId, request.body) }),
  );
}
