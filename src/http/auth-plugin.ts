import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { appendRouteHooks } from './route-hooks.js';
import type { ApiKeyService } from '../auth/api-key-service.js';
import { hashToken } from '../auth/api-key-token.js';
import type { Clock } from '../shared/clock.js';
import { AppError } from '../shared/errors.js';
import type { AuthContext } from '../shared/http.js';
import type { Scope } from '../shared/scopes.js';
import { bearerToken } from './bearer-token.js';
import type { RateLimiter } from './rate-limiter.js';

const unauthorized = (message: string) =>
  new AppError(401, 'unauthorized', message, [], { 'www-authenticate': 'Bearer' });

export interface AuthOptions {
  apiKeys: Pick<ApiKeyService, 'authenticate' | 'recordUse' | 'watchRevocations'>;
  clock: Clock;
  /** Told each lookup's outcome: failures are limited per client address (null: limiting is off). */
  limiter: RateLimiter | null;
}

/**
 * Authenticates every route that declares scopes (route config `scopes`), before its body is even
 * read. The check is added to each such route's own onRequest hooks, after the rate limiter's, which
 * counts requests without a key per address and refuses addresses that failed authentication too
 * often before any lookup (rate-limiter.ts). Register before the routes.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, { apiKeys, clock, limiter }: AuthOptions) => {
    app.decorateRequest('auth', null as unknown as AuthContext);
    // Revocations committed by other processes (another server, the CLI) clear this one's key cache.
    let stopWatching: (() => Promise<void>) | null = null;
    app.addHook('onReady', async () => {
      stopWatching = apiKeys.watchRevocations((err) =>
        app.log.warn({ err }, 'API key revocation listener: connection problem'),
      );
    });
    app.addHook('onClose', async () => {
      await stopWatching?.();
    });
    const authenticate = async (request: FastifyRequest, reply: FastifyReply) => {
      const required = request.routeOptions.config?.scopes;
      if (!required) return;
      if (!request.headers.authorization)
        throw unauthorized('missing Authorization header (expected "Bearer <API key>")');
      const token = bearerToken(request);
      if (!token) throw unauthorized('malformed Authorization header (expected "Bearer <API key>")');
      const key = await apiKeys.authenticate(hashToken(token));
      await limiter?.afterAuth(request, reply, key !== null);
      if (!key) throw unauthorized('invalid or revoked API key');
      if (!required.some((s) => key.scopes.includes(s))) {
        throw new AppError(403, 'insufficient_scope', `this operation requires the ${required.join(' or ')} scope`);
      }
      request.auth = { organizationId: key.organizationId, keyId: key.id, scopes: key.scopes };
      // Not awaited: recording use must neither slow down nor fail the request.
      apiKeys.recordUse(key, clock()).catch((err) => request.log.warn({ err }, 'could not record API key use'));
    };
    app.addHook('onRoute', (route) => {
      if (!(route.config as { scopes?: Scope[] } | undefined)?.scopes) return;
      appendRouteHooks(route, 'onRequest', authenticate);
    });
  },
  { name: 'auth' },
);
