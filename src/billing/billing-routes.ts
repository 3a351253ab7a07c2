import type { App } from '../shared/http.js';
import { Data, errorResponses } from '../shared/schemas.js';
import { Usage } from './billing-schemas.js';
import type { PlanService } from './plan-service.js';

export async function registerBillingRoutes(app: App, { plans }: { plans: PlanService }): Promise<void> {
  app.get(
    '/billing/usage',
    {
      config: { scopes: ['billing:read'] },
      schema: {
        tags: ['billing'],
        summary: "Usage of the current calendar month (server time zone) against the organization's plan",
        response: { 200: Data(Usage), ...errorResponses },
      },
    },
    async (request) => ({ data: await plans.usage(request.auth.organizationId) }),
  );
}
