import { LRUCache } from 'lru-cache';
import { AppError } from '../shared/errors.js';
import type { Clock } from '../shared/clock.js';

// Budgets of the visitor API: anyone can open a widget session, so these, not the origin check (which
// only binds browsers), are what hold off a flood. Each action counts against the visitor session and
// against the client address (shared addresses, an office behind one NAT, get a larger budget than one
// visitor). Fixed windows kept in this process, at most MAX_COUNTERS of them (the oldest dropped first):
// with several server processes each enforces its own share.

const MAX_COUNTERS = 100_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;

export interface VisitorLimitSettings {
  sessionsPerHour: number;
  conversationsPerHour: number;
  messagesPerMinute: number;
}

export type LimitedAction = 'session' | 'conversation' | 'message';

export const rateLimited = (retryAfterS: number, what: string) =>
  new AppError(429, 'rate_limited', `too many ${what}; retry in ${retryAfterS} seconds`, [], {
    'retry-after': String(retryAfterS),
  });

export function createVisitorLimits(settings: VisitorLimitSettings, clock: Clock) {
  const windows = new LRUCache<string, { count: number; endsAt: number }>({ max: MAX_COUNTERS });

  /** Counts one under key; the seconds to wait when the budget is spent (0: go ahead). */
  const take = (key: string, budget: number, windowMs: number): number => {
    const now = clock();
    let entry = windows.get(key);
    if (!entry || entry.endsAt <= now) {
      entry = { count: 0, endsAt: now + windowMs };
      windows.set(key, entry);
    }
    if (entry.count >= budget) return Math.max(1, Math.ceil((entry.endsAt - now) / 1000));
    entry.count++;
    return 0;
  };

  const rules: Record<LimitedAction, { what: string; windowMs: number; visitor: number; address: number }> = {
    session: { what: 'new chat sessions', windowMs: HOUR, visitor: 0, address: settings.sessionsPerHour },
    conversation: {
      what: 'new conversations',
      windowMs: HOUR,
      visitor: settings.conversationsPerHour,
      address: settings.conversationsPerHour * 3,
    },
    message: {
      what: 'messages',
      windowMs: MINUTE,
      visitor: settings.messagesPerMinute,
      address: settings.messagesPerMinute * 5,
    },
  };

  return {
    /** 429 with Retry-After when the address's or the visitor's budget for the action is spent. */
    check(action: LimitedAction, address: string, visitorId: string | null): void {
      const rule = rules[action];
      const byAddress = take(`${action}:a:${address}`, rule.address, rule.windowMs);
      if (byAddress > 0) throw rateLimited(byAddress, rule.what);
      if (visitorId === null) return;
      const byVisitor = take(`${action}:v:${visitorId}`, rule.visitor, rule.windowMs);
      if (byVisitor > 0) throw rateLimited(byVisitor, rule.what);
    },
  };
}

export type VisitorLimits = ReturnType<typeof createVisitorLimits>;
