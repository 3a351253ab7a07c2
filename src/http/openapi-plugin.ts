import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { completeDocument, transformRouteSchema } from './openapi-document.js';

// The OpenAPI 3.1 document (/openapi.json) and its reference pages (/docs), generated from the same
// TypeBox schemas that validate and serialize every route. Register before the routes: the onRoute
// hooks below adjust each route's schema as it is added.

export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Helpdesk API',
          version: '1.0.0',
          description: 'Customer-support ticketing service: tickets, customers, webhooks, usage.',
        },
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', description: 'API key' },
            session: {
              type: 'apiKey',
              in: 'cookie',
              name: 'helpdesk_session',
              description:
                'Staff session from POST /api/v1/auth/login (named __Host-helpdesk_session over HTTPS); POST, PUT, PATCH and DELETE also need X-CSRF-Token',
            },
          },
        },
        security: [{ bearer: [] }, { session: [] }],
      },
      // Component names, operation ids, true error answers, headers and examples: openapi-document.ts.
      transform: ({ schema, url }) => ({ schema: transformRouteSchema(schema as never) as never, url }),
      transformObject: (documentObject) =>
        completeDocument((documentObject as { openapiObject: object }).openapiObject) as never,
      // Shared schemas (app.addSchema) are named after their $id rather than def-0, def-1, ...
      refResolver: {
        buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`),
      },
    });
    await app.register(swaggerUi, { routePrefix: '/docs' });

    // Query parameters with a default are optional for callers (Ajv fills the default in before the
    // required check), and the document must say so.
    app.addHook('onRoute', (route) => {
      const query = (
        route.schema as { querystring?: { required?: string[]; properties?: Record<string, { default?: unknown }> } }
      )?.querystring;
      if (query?.required && query.properties) {
        query.required = query.required.filter((name) => query.properties![name]?.default === undefined);
      }
    });

    // Each operation states its scope, taken from the same route config the auth hook uses.
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
  },
  { name: 'openapi' },
);
