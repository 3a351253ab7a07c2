import { LRUCache } from 'lru-cache';
import { AppError } from '../shared/errors.js';

// The assistant's rate limits, per client address and per conversation, in this process: fixed
// windows counted in memory (a public, unauthenticated endpoint; a shared store would let one
// address be counted across processes, which these limits do not need to be exact about).

export interface ChatLimitSettings {
  perAddressPerMinute: number;
  perConversationPerHour: number;
}

export const DEFAULT_CHAT_LIMITS: ChatLimitSettings = { perAddressPerMinute: 20, perConversationPerHour: 60 };

interface Window {
  start: number;
  count: number;
}

export function createChatLimits(settings: ChatLimitSettings, clock: () => number) {
  const windows = new LRUCache<string, Window>({ max: 50_000 });

  function take(key: string, limit: number, windowMs: number): void {
    const now = clock();
    let w = windows.get(key);
    if (!w || now - w.start >= windowMs) {
      w = { start: now, count: 0 };
      windows.set(key, w);
    }
    if (w.count >= limit) {
      const retry = Math.max(1, Math.ceil((w.start + windowMs - now) / 1000));
      throw new AppError(429, 'rate_limited', 'too many questions; try again later', [], {
        'retry-after': String(retry),
      });
    }
    w.count++;
  }

  return {
    /** Counts one question of this address (and conversation, when it continues one); 429 over a limit. */
    take(organizationId: string, address: string, conversationId: string | undefined): void {
      take(`a:${organizationId}:${address}`, settings.perAddressPerMinute, 60_000);
      if (conversationId) take(`c:${organizationId}:${conversationId}`, settings.perConversationPerHour, 3_600_000);
    },
  };
}

export type ChatLimits = ReturnType<typeof createChatLimits>;
