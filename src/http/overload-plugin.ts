import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../shared/errors.js';

export interface OverloadOptions {
  /** Mean event-loop delay (ms, over one sample interval) past which new requests are refused; 0 = off. */
  maxEventLoopDelayMs: number;
  sampleIntervalMs: number;
  retryAfterSeconds: number;
  /** Route templates always served: health checks and metrics must answer while the process struggles. */
  exempt: readonly string[];
}

/**
 * Overload protection on @fastify/under-pressure: while the event loop lags past the
 * threshold, new requests are answered at once with 503 service_unavailable and Retry-After, in our
 * error shape, instead of queueing without bound behind the ones already running. Registered before
 * the rate limiter and authentication: a refused request costs no Redis or database round trip.
 */
export const overloadPlugin = fp(
  async (app: FastifyInstance, options: OverloadOptions) => {
    if (options.maxEventLoopDelayMs <= 0) return;
    const exempt = new Set(options.exempt);
    const overloaded = () =>
      new AppError(503, 'service_unavailable', 'the server is overloaded; retry later', [], {
        'retry-after': String(options.retryAfterSeconds),
      });
    // Start-up itself (building routes, compiling schemas) blocks the loop for a while after the
    // sampler starts: its measurement is stale until two samples after the app is ready. Without this
    // grace, the first requests after a start on a busy machine were refused (seen in benchmarks).
    let armedAt = Infinity;
    app.addHook('onReady', async () => {
      armedAt = Date.now() + 2 * options.sampleIntervalMs;
    });
    await app.register(underPressure, {
      maxEventLoopDelay: options.maxEventLoopDelayMs,
      sampleInterval: options.sampleIntervalMs,
      // undefined lets the request through; a rejection goes to the error handler (our error shape).
      pressureHandler: (request) =>
        exempt.has(request.routeOptions.url ?? '') || Date.now() < armedAt ? undefined : Promise.reject(overloaded()),
    });
  },
  { name: 'overload' },
);
