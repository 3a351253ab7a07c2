import compress from '@fastify/compress';
import type { FastifyInstance, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { appendRouteHooks } from './route-hooks.js';

/**
 * Response compression (br, gzip or deflate, as the client's Accept-Encoding prefers) for bodies of at
 * least minBytes; smaller ones are sent as they are (compressing them costs more than it saves).
 *
 * A response carrying an ETag is never compressed: a strong ETag names one exact representation
 * (RFC 9110 §8.8.1), and a compressed one is another. Single-resource GETs (the ETag'd ones) are
 * small and the hottest path, so they also skip compression's cost; lists are what it is for.
 *
 * Register it AFTER every plugin whose route-level onSend hooks read or set the body or the ETag
 * (conditional requests, idempotent replays): route-level onSend hooks run in the order the plugins'
 * onRoute hooks added them, and compression must come last, on the final body.
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance, { minBytes }: { minBytes: number }) => {
    // Added to each route just before @fastify/compress's own onSend (this onRoute hook runs first):
    // it sees the ETag however it was set. The request header is the plugin's documented opt-out, and
    // the first thing it checks; small bodies opt out here too, or the plugin would negotiate the
    // encoding and look the content type up before finding them below the threshold (measured: ~25 µs
    // of CPU per GET /tickets/{id}, about 10 % of it).
    const optOut: onSendHookHandler = (request, reply, payload, done) => {
      const small = (typeof payload === 'string' || Buffer.isBuffer(payload)) && Buffer.byteLength(payload) < minBytes;
      if (small || reply.hasHeader('etag')) request.headers['x-no-compression'] = '1';
      done(null, payload);
    };
    app.addHook('onRoute', (route) => {
      appendRouteHooks(route, 'onSend', optOut);
    });
    await app.register(compress, { global: true, threshold: minBytes, encodings: ['br', 'gzip', 'deflate'] });
  },
  { name: 'compression' },
);
