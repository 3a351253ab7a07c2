import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../shared/errors.js';
import type { Scope } from '../shared/schemas.js';
import type { ApiKeyService } from './api-key-service.js';
import { hashToken } from './api-key-token.js';
import type { Clock } from '../shared/clock.js';

export interface AuthContext {
  organizationId: string;
  keyId: string;
  scopes: Scope[];
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext;
  }
  interface FastifyContextConfig {
    /** The caller needs any one of these scopes; routes without it are public. */
    scopes?: Scope[];
  }
}

const unauthorized = (message: string) =>
  new AppError(401, 'unauthorized', message, [], { 'www-authenticate': 'Bearer' });

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

export interface AuthDeps {
  apiKeys: Pick<ApiKeyService, 'authenticate' | 'recordUse'>;
  clock: Clock;
}

/**
 * Authenticates every route that declares scopes, before its body is even read. The check is added to
 * each such route's own onRequest hooks, after the rate limiter's, so requests with missing or bad keys
 * are counted (per IP or per presented token) like any other.
 */
export function installAuth(app: FastifyInstance, { apiKeys, clock }: AuthDeps): void {
  app.decorateRequest('auth', null as unknown as AuthContext);
  const authenticate = async (request: FastifyRequest) => {
    const required = request.routeOptions.config?.scopes;
    if (!required) return;
    if (!request.headers.authorization) throw unauthorized('missing Authorization header (expected "Bearer <API key>")');
    const token = bearerToken(request);
    if (!token) throw unauthorized('malformed Authorization header (expected "Bearer <API key>")');
    const key = await apiKeys.authenticate(hashToken(token));
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
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [...existing, authenticate] as typeof route.onRequest;
  });
}
