import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Type } from 'typebox';

/** /healthz answers while the process is up; /readyz while the database answers (503 otherwise). */
export const healthPlugin = fp(
  async (app: FastifyInstance, options: { ping: () => Promise<void> }) => {
    const Status = Type.Object({ status: Type.String() });
    app.get('/healthz', { schema: { tags: ['health'], security: [], response: { 200: Status } } }, async () => ({
      status: 'ok',
    }));
    app.get(
      '/readyz',
      { schema: { tags: ['health'], security: [], response: { 200: Status, 503: Status } } },
      async (_request, reply) => {
        try {
          await options.ping();
          return { status: 'ok' };
        } catch {
          return reply.code(503).send({ status: 'database unreachable' });
        }
      },
    );
  },
  { name: 'health' },
);
