import type { ApiKeyService } from '../auth/api-key-service.js';
import type { App } from '../shared/http.js';
import { registerApiKeyRoutes } from './api-key-routes.js';
import { registerInvitationRoutes } from './invitation-routes.js';
import type { InvitationService } from './invitation-service.js';
import { registerTagRoutes } from './tag-routes.js';
import type { TagService } from './tag-service.js';
import { registerTeamRoutes } from './team-routes.js';
import type { TeamService } from './team-service.js';
import { registerUserRoutes } from './user-routes.js';
import type { UserService } from './user-service.js';

export interface AdminServices {
  users: UserService;
  teams: TeamService;
  tags: TagService;
  invitations: InvitationService;
  apiKeys: ApiKeyService;
}

/** The management surface (scope admin): staff users, teams, tags, invitations and API keys. */
export async function registerAdminRoutes(app: App, services: AdminServices): Promise<void> {
  await registerUserRoutes(app, services);
  await registerTeamRoutes(app, services);
  await registerTagRoutes(app, services);
  await registerInvitationRoutes(app, services);
  await registerApiKeyRoutes(app, services);
}
