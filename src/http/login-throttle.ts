import type { LoginThrottle } from '../auth/staff-auth-service.js';
import { LOGIN_FAILURES_PER_MINUTE } from '../auth/staff-auth-service.js';
import type { Clock } from '../shared/clock.js';
import { AppError } from '../shared/errors.js';
import { memoryCounterStore } from './rate-limit-store.js';

// Failed sign-ins per minute, per client address and per email (and per user for password changes),
// counted in this process. Checked before any password hash is computed: past the limit the answer
// is 429 with Retry-After until the minute's window ends. No permanent lockout.

const WINDOW_MS = 60_000;

export function createLoginThrottle(options: { clock: Clock; maxEntries?: number }): LoginThrottle {
  const counters = memoryCounterStore(options.maxEntries ?? 100_000, options.clock);
  return {
    async check(keys) {
      for (const key of keys) {
        const window = (await counters.peek(key, WINDOW_MS))!;
        if (window.count >= LOGIN_FAILURES_PER_MINUTE) {
          const seconds = Math.max(1, Math.ceil(window.resetMs / 1000));
          throw new AppError(429, 'rate_limited', `too many failed sign-ins; retry in ${seconds} s`, [], {
            'retry-after': String(seconds),
          });
        }
      }
    },
    async fail(keys) {
      for (const key of keys) await counters.increment(key, WINDOW_MS);
    },
  };
}
