import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { appendRouteHooks } from './route-hooks.js';
import type { Scope } from '../shared/scopes.js';
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
      const config = route.config as { scopes?: Scope[]; staffSession?: boolean } | undefined;
      if (!config?.scopes && !config?.staffSession) return;
      appendRouteHooks(route, 'onRequest', (request: FastifyRequest, reply: FastifyReply) =>
        limiter.beforeAuth(request, reply),
      );
    });
  },
  { name: 'rate-limit' },
);
