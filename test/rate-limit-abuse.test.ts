import { randomBytes } from 'node:crypto';
import { vi } from 'vitest';
import { expect, it } from 'vitest';
import { AUTH_FAILURES_PER_MINUTE } from '../src/http/rate-limiter.js';
import { describeEachDialect } from './support/harness.js';

// Issue 10, point 4, as an attacker tries it: random bearer tokens must neither reset another key's
// window (eviction from a bounded store) nor buy unlimited database lookups.

const randomToken = () => `hdk_${randomBytes(32).toString('base64url')}`;

describeEachDialect(
  'rate limiting under attack',
  (ctx) => {
    const get = (token: string | null, remoteAddress = '127.0.0.1') =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/v1/customers',
        remoteAddress,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });

    it('6,000 random tokens and keyless requests from 3,000 addresses do not give an exhausted key its budget back', async () => {
      const victim = await ctx.createOrg('Victim');
      for (let i = 0; i < 5; i++) expect((await get(victim.token)).statusCode).toBe(200);
      expect((await get(victim.token)).statusCode).toBe(429);
      const attackerStatuses = new Map<number, number>();
      for (let i = 0; i < 6_000; i++) {
        // Random tokens from one address (each a key of its own, before the fix), no token from many.
        const res =
          i % 2 === 0 ? await get(randomToken(), '203.0.113.1') : await get(null, `10.0.${(i >> 8) & 255}.${i & 255}`);
        attackerStatuses.set(res.statusCode, (attackerStatuses.get(res.statusCode) ?? 0) + 1);
      }
      expect([...attackerStatuses.keys()].every((s) => s === 401 || s === 429)).toBe(true);
      const after = await get(victim.token);
      expect(after.statusCode).toBe(429);
      expect(after.headers['ratelimit-remaining']).toBe('0');
      expect(Number(after.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('a failing address gets its lookups of new tokens paced, never unlimited', async () => {
      await ctx.createOrg('Neighbour');
      const lookups = vi.spyOn(ctx.container.apiKeys, 'authenticate');
      try {
        const statuses: number[] = [];
        let retryAfter: string | undefined;
        let body: any;
        for (let i = 0; i < 300; i++) {
          const res = await get(randomToken(), '192.0.2.7');
          statuses.push(res.statusCode);
          if (res.statusCode === 429) {
            retryAfter = res.headers['retry-after'] as string;
            body = res.json();
          }
        }
        // The first failures are looked up; after them, a short burst and then one lookup per pace.
        const looked = lookups.mock.calls.length;
        expect(looked).toBeGreaterThanOrEqual(AUTH_FAILURES_PER_MINUTE);
        expect(looked).toBeLessThan(AUTH_FAILURES_PER_MINUTE + 40);
        expect(statuses.filter((s) => s === 401)).toHaveLength(looked);
        expect(statuses.filter((s) => s === 429)).toHaveLength(300 - looked);
        expect(Number(retryAfter)).toBeGreaterThan(0);
        expect(body).toEqual({
          error: { code: 'rate_limited', message: expect.any(String), details: [], request_id: expect.any(String) },
        });
        // Other addresses keep their budget.
        expect((await get(randomToken(), '192.0.2.8')).statusCode).toBe(401);
        // IPv6 clients are budgeted per /64: other addresses of the same /64 share the failing state.
        for (let i = 0; i < AUTH_FAILURES_PER_MINUTE + 10; i++) await get(randomToken(), `2001:db8::${i.toString(16)}`);
        expect((await get(randomToken(), '2001:db8::ffff')).statusCode).toBe(429);
        expect((await get(randomToken(), '2001:db8:0:1::1')).statusCode).toBe(401);
      } finally {
        lookups.mockRestore();
      }
    });

    it('a valid key that this process has not seen still passes from a failing address', async () => {
      const org = await ctx.createOrg('Behind the same NAT');
      for (let i = 0; i < AUTH_FAILURES_PER_MINUTE + 5; i++) await get(randomToken(), '198.51.100.9');
      expect((await get(randomToken(), '198.51.100.9')).statusCode).toBe(429);
      // Wait for the pace to free a slot, as a client told Retry-After would.
      await new Promise((r) => setTimeout(r, 2_100));
      const fresh = await org.keyWith(['customers:read']);
      expect((await get(fresh, '198.51.100.9')).statusCode).toBe(200);
    });

    it('a repeated bad token (a misconfigured client) is refused without a lookup and locks nobody out', async () => {
      const org = await ctx.createOrg('Shared office');
      const bad = randomToken();
      const lookups = vi.spyOn(ctx.container.apiKeys, 'authenticate');
      try {
        for (let i = 0; i < 100; i++) expect((await get(bad, '198.51.100.20')).statusCode).toBe(401);
        expect(lookups).toHaveBeenCalledTimes(1);
        // Malformed tokens are refused without a lookup at all.
        expect((await get('hdk_short', '198.51.100.20')).statusCode).toBe(401);
        expect(lookups).toHaveBeenCalledTimes(1);
        const fresh = await org.keyWith(['customers:read']);
        expect((await get(fresh, '198.51.100.20')).statusCode).toBe(200);
      } finally {
        lookups.mockRestore();
      }
    });
  },
  { env: { RATE_LIMIT_PER_MINUTE: '5' } },
);
