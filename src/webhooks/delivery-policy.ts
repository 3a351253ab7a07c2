// How hard the worker tries: attempts per event, the pause before each retry, and how many failed
// attempts in a row close a webhook to new events (the circuit breaker; re-enabling or a new URL
// resets it). Pure, so the rules are unit-tested and mutation-tested on their own.

export const MAX_ATTEMPTS = 5;
export const BREAKER_THRESHOLD = 10;

/**
 * When the next attempt is due after a failed one, or null when no attempt is left.
 * attemptsMade counts the attempt that just failed; delays[i] follows attempt i+1.
 */
export function nextAttemptAt(
  attemptsMade: number,
  now: number,
  delaysMs: number[],
  maxAttempts = MAX_ATTEMPTS,
): number | null {
  if (attemptsMade >= maxAttempts) return null;
  const delay = delaysMs[Math.min(attemptsMade - 1, delaysMs.length - 1)] ?? 0;
  return now + delay;
}

// The breaker's bookkeeping on the webhook row (failure_count, last_delivery_*), folded from a batch
// of recorded attempts so that a worker writes each webhook row at most once per batch, and not at
// all while nothing but last_delivery_at would change and it is less than BOOKKEEPING_INTERVAL_MS old:
// a healthy webhook's row is then written about once a second, however many deliveries it receives.
// The count itself stays exact: every failure and every reset is written in the batch that records it.

/** How stale last_delivery_at may grow while the rest of the webhook's bookkeeping is unchanged. */
export const BOOKKEEPING_INTERVAL_MS = 1_000;

export interface FinishedAttempt {
  webhookId: string;
  success: boolean;
  finishedAt: number;
}

/** What a batch of attempts does to one webhook's bookkeeping. */
export interface WebhookBookkeeping {
  webhookId: string;
  /** A success is among the attempts: the count restarts at `failures` instead of growing by it. */
  reset: boolean;
  /** Failed attempts after the last success (all of the batch's failures when reset is false). */
  failures: number;
  /** The latest attempt's finish time and outcome. */
  lastAt: number;
  lastStatus: 'success' | 'failed';
}

/** One entry per webhook (in webhook id order), the attempts taken in the order they finished. */
export function summarizeAttempts(attempts: readonly FinishedAttempt[]): WebhookBookkeeping[] {
  const byWebhook = new Map<string, FinishedAttempt[]>();
  for (const a of attempts) {
    const list = byWebhook.get(a.webhookId);
    if (list) list.push(a);
    else byWebhook.set(a.webhookId, [a]);
  }
  return [...byWebhook.keys()].sort().map((webhookId) => {
    // Stable: attempts that finished in the same millisecond keep the order they were reported in.
    const ordered = [...byWebhook.get(webhookId)!].sort((a, b) => a.finishedAt - b.finishedAt);
    const lastSuccess = ordered.map((a) => a.success).lastIndexOf(true);
    const last = ordered[ordered.length - 1];
    return {
      webhookId,
      reset: lastSuccess >= 0,
      failures: ordered.length - 1 - lastSuccess,
      lastAt: last.finishedAt,
      lastStatus: last.success ? 'success' : 'failed',
    };
  });
}

export interface WebhookBookkeepingState {
  failure_count: number;
  last_delivery_status: string | null;
  last_delivery_at: number | null;
}

/**
 * Whether the webhook row must be written for this summary. The recording statement applies the same
 * rule in SQL (delivery-record-store.ts); this copy predicts which rows it will lock.
 */
export function bookkeepingChanges(
  state: WebhookBookkeepingState,
  summary: WebhookBookkeeping,
  intervalMs = BOOKKEEPING_INTERVAL_MS,
): boolean {
  return (
    !summary.reset ||
    state.failure_count !== summary.failures ||
    state.last_delivery_status !== summary.lastStatus ||
    state.last_delivery_at === null ||
    state.last_delivery_at < summary.lastAt - intervalMs
  );
}
