import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { hashToken } from '../auth/api-key-token.js';
import { AppError } from '../shared/errors.js';
import { bearerToken } from './bearer-token.js';

export interface RateLimitOptions {
  /** Requests per minute per API key; 0 turns limiting off. */
  perMinute: number;
  /** Shared counters for every instance; in-process when null. */
  redisUrl: string | null;
}

/**
 * Per API key (per IP without one), before the key is checked, so bad keys are counted too. Only
 * routes that need a scope are limited: health checks, docs and unknown routes are not.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: RateLimitOptions) => {
    if (options.perMinute <= 0) return;
    const redis = options.redisUrl ? new Redis(options.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000 }) : undefined;
    if (redis) app.addHook('onClose', async () => void redis.disconnect());
    await app.register(rateLimit, {
      global: true,
      max: options.perMinute,
      timeWindow: 60_000,
      redis,
      nameSpace: 'helpdesk-rl:',
      // A Redis outage must not take the API down with it: requests pass unlimited until it is back.
      skipOnError: true,
      enableDraftSpec: true,
      // The key is derived from the token itself so limiting costs no database read.
      keyGenerator: (request) => {
        const token = bearerToken(request);
        return token ? `key:${hashToken(token)}` : `ip:${request.ip}`;
      },
      allowList: (request) => !request.routeOptions.config?.scopes,
      errorResponseBuilder: (_request, context) =>
        new AppError(429, 'rate_limited', `rate limit of ${context.max} requests per minute exceeded; retry in ${Math.ceil(context.ttl / 1000)} s`),
    });
  },
  { name: 'rate-limit' },
);
