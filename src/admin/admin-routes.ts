import type { AppDeps } from '../app-deps.js';
import type { App } from '../shared/http.js';

export async function registerAdminRoutes(_app: App, _deps: AppDeps): Promise<void> {
  // Routes of this domain are added here.
}
