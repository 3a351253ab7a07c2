import { AppError } from '../shared/errors.js';
import type { Clock } from '../shared/clock.js';

// Budgets of the visitor API: anyone can open a widget session, so these, not the origin check (which
// only binds browsers), are what hold off a flood. Each action counts against the visitor session and
// against the client address (shared addresses, an office behind one NAT, get a larger budget than one
// visitor). Fixed windows that start with their first hit, counted in the database (widget_rate_windows,
// one atomic upsert per budget): every server process sharing the database counts in the same window,
// so the budgets hold for the deployment, not per process.

const HOUR = 3_600_000;
const MINUTE = 60_000;

export interface VisitorLimitSettings {
  sessionsPerHour: number;
  conversationsPerHour: number;
  messagesPerMinute: number;
}

/** Where the windows are counted: one hit under `bucket`, and the window it fell in. */
export interface WindowCounter {
  hit(bucket: string, windowMs: number, now: number): Promise<{ hits: number; endsAt: number }>;
}

export type LimitedAction = 'session' | 'conversation' | 'message';

export const rateLimited = (retryAfterS: number, what: string) =>
  new AppError(429, 'rate_limited', `too many ${what}; retry in ${retryAfterS} seconds`, [], {
    'retry-after': String(retryAfterS),
  });

export function createVisitorLimits(settings: VisitorLimitSettings, clock: Clock, counter: WindowCounter) {
  /** Counts one under bucket; the seconds to wait when the budget is spent (0: go ahead). */
  const take = async (bucket: string, budget: number, windowMs: number): Promise<number> => {
    const now = clock();
    const { hits, endsAt } = await counter.hit(bucket, windowMs, now);
    return hits > budget ? Math.max(1, Math.ceil((endsAt - now) / 1000)) : 0;
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
    async check(action: LimitedAction, address: string, visitorId: string | null): Promise<void> {
      const rule = rules[action];
      const byAddress = await take(`${action}:a:${address}`, rule.address, rule.windowMs);
      if (byAddress > 0) throw rateLimited(byAddress, rule.what);
      if (visitorId === null) return;
      const byVisitor = await take(`${action}:v:${visitorId}`, rule.visitor, rule.windowMs);
      if (byVisitor > 0) throw rateLimited(byVisitor, rule.what);
    },
  };
}

export type VisitorLimits = ReturnType<typeof createVisitorLimits>;
