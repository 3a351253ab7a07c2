import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyReply, type FastifyServerOptions } from 'fastify';
import { Redis } from 'ioredis';
import { Type } from 'typebox';
import { registerAdminRoutes } from './admin/admin-routes.js';
import type { Container } from './container.js';
import { bearerToken, installAuth } from './auth/auth-plugin.js';
import { hashToken } from './auth/api-key-token.js';
import { registerBillingRoutes } from './billing/billing-routes.js';
import { registerCustomerRoutes } from './customers/customer-routes.js';
import { installErrorHandler } from './shared/error-handler.js';
import { AppError } from './shared/errors.js';
import type { App } from './shared/http.js';
import { ErrorResponse } from './shared/schemas.js';
import { installJsonParser, installQueryGuards, validatorCompiler } from './shared/validation.js';
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
    // While shutting down, requests already on open connections are still served (see onSend below)
    // rather than refused with Fastify's own 503 body, which is not our error shape.
    return503OnClosing: false,
    // A URL Fastify cannot even decode (e.g. "%ZZ") names nothing: 404 in our shape.
    frameworkErrors: (error, _request, reply) => {
      const notDecodable = error.code === 'FST_ERR_BAD_URL';
      void (reply as FastifyReply).code(notDecodable ? 404 : 400).send({
        error: { code: notDecodable ? 'not_found' : 'validation_error', message: notDecodable ? 'not found' : error.message, details: [] },
      });
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Once closing has begun, every answer tells the client to reconnect (to another instance).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  app.setValidatorCompiler(validatorCompiler);
  installJsonParser(app);
  installQueryGuards(app);
  installErrorHandler(app);
  app.addSchema(ErrorResponse);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Helpdesk API',
        version: '1.0.0',
        description: 'Customer-support ticketing service: tickets, customers, webhooks, usage.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'API key' } } },
      security: [{ bearer: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  if (config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: config.corsOrigins.includes('*') ? '*' : config.corsOrigins,
      methods: ['GET', 'POST', 'PATCH', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type'],
      exposedHeaders: ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After'],
      maxAge: 600,
    });
  }

  if (config.rateLimitPerMinute > 0) {
    const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000 }) : undefined;
    if (redis) app.addHook('onClose', async () => void redis.disconnect());
    await app.register(rateLimit, {
      global: true,
      max: config.rateLimitPerMinute,
      timeWindow: 60_000,
      redis,
      nameSpace: 'helpdesk-rl:',
      // A Redis outage must not take the API down with it: requests pass unlimited until it is back.
      skipOnError: true,
      enableDraftSpec: true,
      // Per API key: the key is derived from the token itself so limiting costs no database read.
      keyGenerator: (request) => {
        const token = bearerToken(request);
        return token ? `key:${hashToken(token)}` : `ip:${request.ip}`;
      },
      allowList: (request) => !request.routeOptions.config?.scopes,
      errorResponseBuilder: (_request, context) =>
        new AppError(429, 'rate_limited', `rate limit of ${context.max} requests per minute exceeded; retry in ${Math.ceil(context.ttl / 1000)} s`),
    });
  }

  installAuth(app, database, clock);
  // Query parameters with a default are optional for callers (Ajv fills the default in before the
  // required check), and the OpenAPI document must say so.
  app.addHook('onRoute', (route) => {
    const query = (route.schema as { querystring?: { required?: string[]; properties?: Record<string, { default?: unknown }> } })
      ?.querystring;
    if (query?.required && query.properties) {
      query.required = query.required.filter((name) => query.properties![name]?.default === undefined);
    }
  });

  // The OpenAPI document states each operation's scope, taken from the same config the auth hook uses.
  app.addHook('onRoute', (route) => {
    const scopes = (route.config as { scopes?: string[] } | undefined)?.scopes;
    if (!scopes || !route.schema) return;
    const needed = `Requires an API key with the \`${scopes.join('` or `')}\` scope.`;
    const schema = route.schema as { description?: string };
    // GET routes come through twice (their HEAD twin shares the schema object).
    if (schema.description?.includes(needed)) return;
    schema.description = schema.description ? `${schema.description}\n\n${needed}` : needed;
  });

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get(
    '/healthz',
    { schema: { tags: ['health'], security: [], response: { 200: Type.Object({ status: Type.String() }) } } },
    async () => ({ status: 'ok' }),
  );
  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        security: [],
        response: { 200: Type.Object({ status: Type.String() }), 503: Type.Object({ status: Type.String() }) },
      },
    },
    async (_request, reply) => {
      try {
        await database.ping();
        return { status: 'ok' };
      } catch {
        return reply.code(503).send({ status: 'database unreachable' });
      }
    },
  );

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
