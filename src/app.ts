import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { registerAdminRoutes } from './admin/admin-routes.js';
import { registerBillingRoutes } from './billing/billing-routes.js';
import type { Container } from './container.js';
import { registerCustomerRoutes } from './customers/customer-routes.js';
import { authPlugin } from './http/auth-plugin.js';
import { closingPlugin } from './http/closing-plugin.js';
import { corsPlugin } from './http/cors-plugin.js';
import { errorsPlugin, frameworkErrors } from './http/errors-plugin.js';
import { healthPlugin } from './http/health-plugin.js';
import { openapiPlugin } from './http/openapi-plugin.js';
import { rateLimitPlugin } from './http/rate-limit-plugin.js';
import { requestParsingPlugin } from './http/request-parsing-plugin.js';
import type { App } from './shared/http.js';
import { registerTicketRoutes } from './tickets/ticket-routes.js';
import { registerWebhookRoutes } from './webhooks/webhook-routes.js';

export interface BuildAppOptions {
  logger?: FastifyServerOptions['logger'];
}

/** The HTTP API over the services of one container (built once by the caller: server, tests). */
export async function buildApp(container: Container, options: BuildAppOptions = {}): Promise<App> {
  const { config, database, clock } = container;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: false,
    // Staff user ids may be up to 100 characters, percent-encoded in paths: longer ids must reach the
    // routes (and be a 404 there) rather than be refused by the router.
    routerOptions: { maxParamLength: 1_000 },
    // While shutting down, requests already on open connections are still served (closing-plugin)
    // rather than refused with Fastify's own 503 body, which is not our error shape.
    return503OnClosing: false,
    frameworkErrors,
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Order matters: hooks that inspect routes (openapi, auth) and the limiter must exist before the
  // routes are added, and the limiter's onRequest hook runs before authentication.
  await app.register(closingPlugin);
  await app.register(requestParsingPlugin);
  await app.register(errorsPlugin);
  await app.register(openapiPlugin);
  await app.register(corsPlugin, { origins: config.corsOrigins });
  await app.register(rateLimitPlugin, { perMinute: config.rateLimitPerMinute, redisUrl: config.redisUrl });
  await app.register(authPlugin, { apiKeys: container.apiKeys, clock });
  await app.register(healthPlugin, { ping: () => database.ping() });

  await app.register(
    async (api) => {
      await registerTicketRoutes(api, container);
      await registerCustomerRoutes(api, container);
      await registerWebhookRoutes(api, container);
      await registerBillingRoutes(api, container);
      await registerAdminRoutes(api, container);
    },
    { prefix: '/api/v1' },
  );

  return app;
}
