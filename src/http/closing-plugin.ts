import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * While shutting down, requests already on open connections are still served (the app is built with
 * return503OnClosing: false), and every answer tells the client to reconnect, to another instance.
 */
export const closingPlugin = fp(
  async (app: FastifyInstance) => {
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (closing) reply.header('connection', 'close');
      done(null, payload);
    });
  },
  { name: 'closing' },
);
