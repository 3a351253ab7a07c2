import type { AppDeps } from '../app-deps.js';
import type { App } from '../shared/http.js';
import { registerApiKeyRoutes } from './api-key-routes.js';
import { registerInvitationRoutes } from './invitation-routes.js';
import { registerTagRoutes } from './tag-routes.js';
import { registerTeamRoutes } from './team-routes.js';
import { registerUserRoutes } from './user-routes.js';

/** The management surface (scope admin): staff users, teams, tags, invitations and API keys. */
export async function registerAdminRoutes(app: App, deps: AppDeps): Promise<void> {
  await registerUserRoutes(app, deps);
  await registerTeamRoutes(app, deps);
  await registerTagRoutes(app, deps);
  await registerInvitationRoutes(app, deps);
  await registerApiKeyRoutes(app, deps);
}
