import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Browser access for the configured origins (none: no CORS headers at all). */
export const corsPlugin = fp(
  async (app: FastifyInstance, options: { origins: string[] }) => {
    if (options.origins.length === 0) return;
    await app.register(cors, {
      origin: options.origins.includes('*') ? '*' : options.origins,
      methods: ['GET', 'POST', 'PATCH', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type'],
      exposedHeaders: ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After'],
      maxAge: 600,
    });
  },
  { name: 'cors' },
);
