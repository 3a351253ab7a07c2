import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody, serviceUnavailable } from '../shared/errors.js';
import { REQUEST_ID_HEADER } from './request-id-plugin.js';

// Bounds the server-side work on a request: whatever it waits for (a pooled connection, a paused
// database, a slow statement), the client hears within deadlineMs. The clock stops while the body is
// being received (preParsing → preValidation): uploads have their own bound (Node's requestTimeout).
// The database work of an answered request is bounded below this by the pool's timeouts, so it is
// abandoned (and rolled back) rather than left running.

interface Deadline {
  timer: NodeJS.Timeout | null;
  /** Milliseconds of the budget left when the clock was stopped. */
  remaining: number;
  startedAt: number;
}

const DEADLINE = Symbol('deadline');
type WithDeadline = FastifyRequest & { [DEADLINE]?: Deadline };

export const deadlinePlugin = fp(
  async (app: FastifyInstance, options: { deadlineMs: number }) => {
    const expire = (request: FastifyRequest, reply: FastifyReply) => {
      if (reply.sent) return;
      request.log.warn({ deadlineMs: options.deadlineMs }, 'request deadline passed; answering 503');
      const error = serviceUnavailable('the request could not be completed in time; retry later');
      // Raw, so that Fastify's pipeline still running for this request cannot answer a second time.
      reply.hijack();
      const body = JSON.stringify(errorBody(error, request.id));
      reply.raw.writeHead(503, {
        ...error.headers,
        [REQUEST_ID_HEADER]: request.id,
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      });
      reply.raw.end(body);
    };
    const start = (request: WithDeadline, reply: FastifyReply, budget: number) => {
      const d = request[DEADLINE]!;
      d.startedAt = Date.now();
      d.remaining = budget;
      d.timer = setTimeout(() => expire(request, reply), Math.max(0, budget));
    };
    const stop = (request: WithDeadline) => {
      const d = request[DEADLINE];
      if (!d?.timer) return;
      clearTimeout(d.timer);
      d.timer = null;
      d.remaining -= Date.now() - d.startedAt;
    };
    app.addHook('onRequest', async (request: WithDeadline, reply) => {
      request[DEADLINE] = { timer: null, remaining: options.deadlineMs, startedAt: Date.now() };
      start(request, reply, options.deadlineMs);
    });
    app.addHook('preParsing', async (request: WithDeadline) => stop(request));
    app.addHook('preValidation', async (request: WithDeadline, reply) => {
      const d = request[DEADLINE];
      if (d && !d.timer && !reply.sent) start(request, reply, d.remaining);
    });
    const clear = async (request: WithDeadline) => stop(request);
    app.addHook('onResponse', clear);
    app.addHook('onRequestAbort', clear);
  },
  { name: 'deadline' },
);
