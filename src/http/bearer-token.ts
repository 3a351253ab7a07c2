import type { FastifyRequest } from 'fastify';

/** The token of an `Authorization: Bearer <token>` header, or null when absent or malformed. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}
