import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { createRequire } from 'node:module';
import type { Redis as RedisClient } from 'ioredis';
import { hashToken } from '../auth/api-key-token.js';
import { AppError } from '../shared/errors.js';
import { bearerToken } from './bearer-token.js';
import { memoryCounterStore, redisCounterStore, type CounterStore, type WindowCount } from './rate-limit-store.js';
import { createLookupGate } from './lookup-gate.js';
import { sessionToken } from '../auth/staff-cookie.js';

// ioredis is loaded only when REDIS_URL is set (1.8 MB of heap in every server otherwise).
const loadRedis = (): typeof RedisClient =>
  (createRequire(import.meta.url)('ioredis') as { Redis: typeof RedisClient }).Redis;

// Who is counted where (README, Rate limits):
// - a request whose API key authenticated counts against that key; a staff session's, against its user;
// - a request without credentials counts against its client address;
// - credentials nobody knows are refused, and each such failure counts against the address. A
//   malformed token is refused without any lookup, and a token that already failed is remembered and
//   refused without one again (a misconfigured client repeating one bad key costs nothing). An address
//   past AUTH_FAILURES_PER_MINUTE failures gets its lookups of new tokens paced (lookup-gate.ts): a
//   flood of random tokens reaches the database at a trickle, while a valid key from the same address
//   (a neighbour behind the same NAT) is still looked up and passes.
// So the per-key counters only ever hold keys that exist: random tokens cannot evict a victim's window.

export const AUTH_FAILURES_PER_MINUTE = 20;
const WINDOW_MS = 60_000;
/** In-process bounds: counters per store, and token hashes remembered as valid or as failed. */
const MAX_COUNTERS = 100_000;
const MAX_KNOWN_TOKENS = 50_000;
/** How long a token that failed is refused without a lookup (it cannot become valid: tokens are random). */
const REJECTED_TTL_MS = 10 * 60_000;

export interface RateLimitOptions {
  /** Requests per minute per API key or staff user (per address without one); 0 turns limiting off. */
  perMinute: number;
  /** Shared counters for every instance; in-process when null. */
  redisUrl: string | null;
  log: FastifyBaseLogger;
}

export interface RateLimiter {
  /** onRequest of every limited route, before authentication (no database read). */
  beforeAuth(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Called by authentication with its outcome for the presented credentials (the budget: key or user). */
  afterAuth(request: FastifyRequest, reply: FastifyReply, authenticated: string | false): Promise<void>;
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

/** A bounded set of token hashes, oldest dropped first, each remembered for at most ttlMs. */
function tokenSet(max: number, ttlMs = Number.POSITIVE_INFINITY) {
  const map = new Map<string, number>();
  return {
    has(hash: string) {
      const until = map.get(hash);
      if (until === undefined) return false;
      if (until > Date.now()) return true;
      map.delete(hash);
      return false;
    },
    add(hash: string) {
      map.delete(hash);
      map.set(hash, Date.now() + ttlMs);
      if (map.size > max) map.delete(map.keys().next().value!);
    },
    delete: (hash: string) => void map.delete(hash),
  };
}

/** An API key as generated (api-key-token.ts): anything else is refused without a lookup. */
const WELL_FORMED_KEY = /^hdk_[A-Za-z0-9_-]{43}$/;

const TOKEN = Symbol('rate-limit-token');
type Tracked = FastifyRequest & { [TOKEN]?: { hash: string } };

function setHeaders(reply: FastifyReply, limit: number, window: WindowCount): void {
  reply.header('ratelimit-limit', String(limit));
  reply.header('ratelimit-remaining', String(Math.max(0, limit - window.count)));
  reply.header('ratelimit-reset', String(Math.max(1, Math.ceil(window.resetMs / 1000))));
}

function limited(message: string, window: WindowCount): AppError {
  const seconds = Math.max(1, Math.ceil(window.resetMs / 1000));
  return new AppError(429, 'rate_limited', `${message}; retry in ${seconds} s`, [], { 'retry-after': String(seconds) });
}

const refused = () =>
  new AppError(401, 'unauthorized', 'invalid or revoked credentials', [], { 'www-authenticate': 'Bearer' });

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
  // Per process on purpose: they guard this process's database reads, and cost no round trip.
  const failures = memoryCounterStore(MAX_COUNTERS);
  const known = tokenSet(MAX_KNOWN_TOKENS);
  const rejected = tokenSet(MAX_KNOWN_TOKENS, REJECTED_TTL_MS);
  const gate = createLookupGate({ maxEntries: MAX_COUNTERS });

  const count = async (reply: FastifyReply, store: CounterStore, key: string) => {
    const window = await store.increment(key, WINDOW_MS);
    if (!window) return;
    setHeaders(reply, perMinute, window);
    if (window.count > perMinute) throw limited(`rate limit of ${perMinute} requests per minute exceeded`, window);
  };

  const fail = async (request: FastifyRequest, reply: FastifyReply) => {
    const window = (await failures.increment(addressKey(request.ip), WINDOW_MS))!;
    setHeaders(reply, AUTH_FAILURES_PER_MINUTE, window);
  };

  return {
    async beforeAuth(request: Tracked, reply) {
      const address = addressKey(request.ip);
      const bearer = bearerToken(request);
      const cookie = request.headers.authorization ? null : sessionToken(request);
      if (!bearer && !cookie) return count(reply, addressCounters, `ip:${address}`);
      if (bearer && !WELL_FORMED_KEY.test(bearer)) {
        await fail(request, reply);
        throw refused();
      }
      const hash = hashToken((bearer ?? cookie)!);
      request[TOKEN] = { hash };
      if (known.has(hash)) return; // counted against its key or user once authenticated
      if (rejected.has(hash)) {
        await fail(request, reply);
        throw refused();
      }
      const window = (await failures.peek(address, WINDOW_MS))!;
      if (window.count < AUTH_FAILURES_PER_MINUTE) return;
      // A failing address: its lookups of tokens not seen before are paced, not refused outright.
      const waitMs = gate.admit(address, Date.now());
      if (waitMs !== null) {
        setHeaders(reply, AUTH_FAILURES_PER_MINUTE, window);
        throw limited('too many failed authentications from this address', { count: window.count, resetMs: waitMs });
      }
    },
    async afterAuth(request: Tracked, reply, budget) {
      const token = request[TOKEN];
      if (!token) return; // no credentials: counted per address already
      if (budget !== false) {
        known.add(token.hash);
        return count(reply, keyCounters, budget);
      }
      known.delete(token.hash);
      rejected.add(token.hash);
      await fail(request, reply);
    },
    async close() {
      await keyCounters.close();
      if (addressCounters !== keyCounters) await addressCounters.close();
      await failures.close();
    },
  };
}
