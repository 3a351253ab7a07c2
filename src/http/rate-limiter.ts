import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { createRequire } from 'node:module';
import type { Redis as RedisClient } from 'ioredis';
import { hashToken } from '../auth/api-key-token.js';
import { AppError } from '../shared/errors.js';
import { bearerToken } from './bearer-token.js';
import { memoryCounterStore, redisCounterStore, type CounterStore, type WindowCount } from './rate-limit-store.js';

// ioredis is loaded only when REDIS_URL is set (1.8 MB of heap in every server otherwise).
const loadRedis = (): typeof RedisClient =>
  (createRequire(import.meta.url)('ioredis') as { Redis: typeof RedisClient }).Redis;

// Who is counted where (docs/api.md, Rate limits):
// - a request with a token that authenticated (in this process, or now) counts against that key;
// - a request without a token counts against its client address;
// - a token nobody knows is looked up only while its address has failed authentication fewer than
//   AUTH_FAILURES_PER_MINUTE times; each failure counts there, and past it the address gets 429
//   before any database read (a key this process has seen authenticate still passes).
// So the per-key counters only ever hold keys that exist: random tokens cannot evict a victim's
// window, and a flood of them costs one address at most AUTH_FAILURES_PER_MINUTE lookups a minute.

export const AUTH_FAILURES_PER_MINUTE = 20;
const WINDOW_MS = 60_000;
/** In-process bounds: counters per store, and token hashes remembered as valid. */
const MAX_COUNTERS = 100_000;
const MAX_KNOWN_TOKENS = 50_000;

export interface RateLimitOptions {
  /** Requests per minute per API key (per address without one); 0 turns limiting off. */
  perMinute: number;
  /** Shared counters for every instance; in-process when null. */
  redisUrl: string | null;
  log: FastifyBaseLogger;
}

export interface RateLimiter {
  /** onRequest of every limited route, before authentication (no database read). */
  beforeAuth(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Called by authentication with its outcome for the presented token. */
  afterAuth(request: FastifyRequest, reply: FastifyReply, authenticated: boolean): Promise<void>;
  close(): Promise<void>;
}

/** The client's address as a budget: IPv6 clients by their /64 (one host usually holds a whole one). */
export function addressKey(ip: string): string {
  try {
    const parsed = ipaddr.process(ip);
    if (parsed.kind() === 'ipv4') return parsed.toString();
    const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
    return `${parts.map((p) => p.toString(16)).join(':')}::/64`;
  } catch {
    return ip;
  }
}

/** A bounded set of token hashes that authenticated (only a valid key can enter it). */
function knownTokens(max: number) {
  const set = new Set<string>();
  return {
    has: (hash: string) => set.has(hash),
    add(hash: string) {
      set.delete(hash);
      set.add(hash);
      if (set.size > max) set.delete(set.values().next().value!);
    },
    delete: (hash: string) => void set.delete(hash),
  };
}

const TOKEN = Symbol('rate-limit-token');
type Tracked = FastifyRequest & { [TOKEN]?: { hash: string; counted: boolean } };

function setHeaders(reply: FastifyReply, limit: number, window: WindowCount): void {
  reply.header('ratelimit-limit', String(limit));
  reply.header('ratelimit-remaining', String(Math.max(0, limit - window.count)));
  reply.header('ratelimit-reset', String(Math.max(1, Math.ceil(window.resetMs / 1000))));
}

function limited(message: string, window: WindowCount): AppError {
  const seconds = Math.max(1, Math.ceil(window.resetMs / 1000));
  return new AppError(429, 'rate_limited', `${message}; retry in ${seconds} s`, [], { 'retry-after': String(seconds) });
}

export function createRateLimiter(options: RateLimitOptions): RateLimiter | null {
  const { perMinute, log } = options;
  if (perMinute <= 0) return null;
  // In process, keys and addresses have separate stores: a flood from many addresses cannot push a
  // key's window out either.
  let keyCounters: CounterStore;
  let addressCounters: CounterStore;
  if (options.redisUrl) {
    const Redis = loadRedis();
    const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
    redis.on('error', () => undefined); // reported per failed command below
    // A Redis outage must not take the API down with it: requests pass unlimited until it is back.
    keyCounters = addressCounters = redisCounterStore(redis, 'helpdesk-rl:', (err) =>
      log.warn({ err }, 'rate-limit store unavailable; request not limited'),
    );
  } else {
    keyCounters = memoryCounterStore(MAX_COUNTERS);
    addressCounters = memoryCounterStore(MAX_COUNTERS);
  }
  // Per process on purpose: it guards this process's database reads, and costs no round trip.
  const failures = memoryCounterStore(MAX_COUNTERS);
  const known = knownTokens(MAX_KNOWN_TOKENS);

  const count = async (reply: FastifyReply, store: CounterStore, key: string) => {
    const window = await store.increment(key, WINDOW_MS);
    if (!window) return;
    setHeaders(reply, perMinute, window);
    if (window.count > perMinute) throw limited(`rate limit of ${perMinute} requests per minute exceeded`, window);
  };

  return {
    async beforeAuth(request: Tracked, reply) {
      const token = bearerToken(request);
      const address = addressKey(request.ip);
      if (!token) return count(reply, addressCounters, `ip:${address}`);
      const hash = hashToken(token);
      request[TOKEN] = { hash, counted: known.has(hash) };
      if (known.has(hash)) return count(reply, keyCounters, `key:${hash}`);
      const window = (await failures.peek(address, WINDOW_MS))!;
      if (window.count >= AUTH_FAILURES_PER_MINUTE) {
        setHeaders(reply, AUTH_FAILURES_PER_MINUTE, window);
        throw limited('too many failed authentications from this address', window);
      }
    },
    async afterAuth(request: Tracked, reply, authenticated) {
      const token = request[TOKEN];
      if (!token) return; // no token: counted per address already
      if (authenticated) {
        known.add(token.hash);
        if (!token.counted) await count(reply, keyCounters, `key:${token.hash}`);
        return;
      }
      known.delete(token.hash);
      const window = (await failures.increment(addressKey(request.ip), WINDOW_MS))!;
      setHeaders(reply, AUTH_FAILURES_PER_MINUTE, window);
    },
    async close() {
      await keyCounters.close();
      if (addressCounters !== keyCounters) await addressCounters.close();
      await failures.close();
    },
  };
}
