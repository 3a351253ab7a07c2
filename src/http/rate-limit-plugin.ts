import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Scope } from '../shared/schemas.js';
import type { RateLimiter } from './rate-limiter.js';

/**
 * Puts the limiter (rate-limiter.ts) in front of every route that needs a scope, before its
 * authentication hook (register before the auth plugin and the routes). Health checks, docs and
 * unknown routes are not limited.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, { limiter }: { limiter: RateLimiter | null }) => {
    if (!limiter) return;
    app.addHook('onClose', () => limiter.close());
    app.addHook('onRoute', (route) => {
      if (!(route.config as { scopes?: Scope[] } | undefined)?.scopes) return;
      const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
      route.onRequest = [...existing, (request, reply) => limiter.beforeAuth(request, reply)] as typeof route.onRequest;
    });
  },
  { name: 'rate-limit' },
);
