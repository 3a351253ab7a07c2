import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

// The staff session cookie: HttpOnly (no script reads it), SameSite=Lax, Path=/. Over HTTPS (directly,
// or as a trusted proxy's X-Forwarded-Proto says) it is also Secure and named with the __Host- prefix,
// which browsers accept only from a secure origin, without Domain, on Path=/: no other host or path can
// set or shadow it. The token is random; the database holds its hash.

export const SESSION_COOKIE = 'helpdesk_session';
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

const overHttps = (request: FastifyRequest) => request.protocol === 'https';

/** The session token the request carries, if any (the __Host- cookie first). */
export function sessionToken(request: FastifyRequest): string | null {
  const cookies = (request as FastifyRequest & { cookies?: Record<string, string | undefined> }).cookies;
  return cookies?.[SECURE_SESSION_COOKIE] || cookies?.[SESSION_COOKIE] || null;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: number): void {
  const secure = overHttps(request);
  reply.setCookie(secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    expires: new Date(expiresAt),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  const secure = overHttps(request);
  reply.clearCookie(secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
  });
}
