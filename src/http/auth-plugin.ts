import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { appendRouteHooks } from './route-hooks.js';
import type { ApiKeyService } from '../auth/api-key-service.js';
import { hashToken } from '../auth/api-key-token.js';
import { csrfFailed, enrolmentRequired, notSignedIn } from '../auth/staff-errors.js';
import type { AuthenticatedSession, StaffSessionService } from '../auth/staff-session-service.js';
import { sameSecret } from '../auth/staff-token.js';
import type { Clock } from '../shared/clock.js';
import { AppError } from '../shared/errors.js';
import type { AuthContext } from '../shared/http.js';
import type { Scope } from '../shared/scopes.js';
import { bearerToken } from './bearer-token.js';
import type { RateLimiter } from './rate-limiter.js';
import { sessionToken } from '../auth/staff-cookie.js';

const unauthorized = (message: string) =>
  new AppError(401, 'unauthorized', message, [], { 'www-authenticate': 'Bearer' });

/** Methods that change something: with a session they need the X-CSRF-Token header. */
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface AuthOptions {
  apiKeys: Pick<ApiKeyService, 'authenticate' | 'recordUse' | 'watchRevocations'>;
  sessions: Pick<StaffSessionService, 'authenticate'>;
  clock: Clock;
  /** Told each lookup's outcome: failures are limited per client address (null: limiting is off). */
  limiter: RateLimiter | null;
}

/**
 * Authenticates every route that declares scopes (route config `scopes`) and the staff routes that
 * need a session (`staffSession`), before the body is even read. A request with an Authorization
 * header is judged by it alone (an API key); otherwise the staff session cookie is used, whose role
 * gives the scopes, and every POST, PUT, PATCH and DELETE must then carry the session's CSRF token
 * in X-CSRF-Token. The check is added to each such route's own onRequest hooks, after the rate
 * limiter's (rate-limiter.ts). Register before the routes.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, { apiKeys, sessions, clock, limiter }: AuthOptions) => {
    app.decorateRequest('auth', null as unknown as AuthContext);
    app.decorateRequest('staffSession', null);
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

    const byKey = async (request: FastifyRequest, reply: FastifyReply, required: Scope[]) => {
      const token = bearerToken(request);
      if (!token) throw unauthorized('malformed Authorization header (expected "Bearer <API key>")');
      const hash = hashToken(token);
      const key = await apiKeys.authenticate(hash);
      await limiter?.afterAuth(request, reply, key ? `key:${hash}` : false);
      if (!key) throw unauthorized('invalid or revoked API key');
      if (!required.some((s) => key.scopes.includes(s))) {
        throw new AppError(403, 'insufficient_scope', `this operation requires the ${required.join(' or ')} scope`);
      }
      request.auth = {
        organizationId: key.organizationId,
        keyId: key.id,
        userId: null,
        sessionId: null,
        scopes: key.scopes,
      };
      // Not awaited: recording use must neither slow down nor fail the request.
      apiKeys.recordUse(key, clock()).catch((err) => request.log.warn({ err }, 'could not record API key use'));
    };

    const bySession = async (request: FastifyRequest, reply: FastifyReply, token: string) => {
      const session = await sessions.authenticate(token);
      await limiter?.afterAuth(request, reply, session ? `user:${session.organizationId}:${session.userId}` : false);
      if (!session) throw notSignedIn();
      // Before the body is read: a refused request changes nothing.
      const sent = request.headers['x-csrf-token'];
      if (UNSAFE.has(request.method) && !(typeof sent === 'string' && sameSecret(sent, session.csrfToken))) {
        throw csrfFailed();
      }
      if (session.enrolmentOnly && !request.routeOptions.config?.allowDuringEnrolment) throw enrolmentRequired();
      return session;
    };

    const authenticate = async (request: FastifyRequest, reply: FastifyReply) => {
      const config = request.routeOptions.config;
      const required = config?.scopes;
      if (required && request.headers.authorization) return byKey(request, reply, required);
      const token = sessionToken(request);
      if (!token) {
        if (required) throw unauthorized('missing Authorization header (expected "Bearer <API key>") or session');
        throw notSignedIn();
      }
      const session: AuthenticatedSession = await bySession(request, reply, token);
      if (required && !required.some((s) => session.scopes.includes(s))) {
        throw new AppError(403, 'insufficient_scope', `this operation requires the ${required.join(' or ')} scope`);
      }
      request.staffSession = session;
      request.auth = {
        organizationId: session.organizationId,
        keyId: null,
        userId: session.userId,
        sessionId: session.id,
        scopes: session.scopes,
      };
    };
    app.addHook('onRoute', (route) => {
      const config = route.config as { scopes?: Scope[]; staffSession?: boolean } | undefined;
      if (!config?.scopes && !config?.staffSession) return;
      appendRouteHooks(route, 'onRequest', authenticate);
    });
  },
  { name: 'auth' },
);
