import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Metrics } from './metrics.js';

/** The route label of requests that matched no route (404s of unknown paths): never their raw URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * GET /metrics (Prometheus text exposition) and the request duration histogram. The route has no
 * scopes, so it is neither authenticated nor rate limited (rate-limit-plugin.ts, auth-plugin.ts), and
 * the overload guard lets it through (overload-plugin.ts): a struggling process must still be observable.
 * Expose it only where Prometheus can reach it (docs/operations.md, Metrics).
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, { metrics }: { metrics: Metrics }) => {
    app.addHook('onResponse', (request, reply, done) => {
      // The route template (/api/v1/tickets/:id), never request.url: no ids or query strings in labels.
      metrics.observeRequest(
        request.method,
        request.routeOptions.url ?? UNMATCHED_ROUTE,
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
      done();
    });
    app.get(
      '/metrics',
      {
        schema: {
          tags: ['health'],
          summary: 'Prometheus metrics (text exposition format)',
          security: [],
          response: {
            200: {
              description: 'Prometheus text exposition format',
              content: { 'text/plain': { schema: { type: 'string' } } },
            },
          },
        },
      },
      async (_request, reply) => {
        const body = await metrics.registry.metrics();
        return reply.header('content-type', metrics.registry.contentType).send(body);
      },
    );
  },
  { name: 'metrics' },
);
