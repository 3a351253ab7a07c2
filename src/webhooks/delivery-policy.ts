// How hard the worker tries: attempts per event, the pause before each retry, and how many failed
// attempts in a row close a webhook to new events (the circuit breaker; re-enabling or a new URL
// resets it). Pure, so the rules are unit-tested and mutation-tested on their own.

export const MAX_ATTEMPTS = 5;
export const BREAKER_THRESHOLD = 10;

/**
 * When the next attempt is due after a failed one, or null when no attempt is left.
 * attemptsMade counts the attempt that just failed; delays[i] follows attempt i+1.
 */
export function nextAttemptAt(attemptsMade: number, now: number, delaysMs: number[], maxAttempts = MAX_ATTEMPTS): number | null {
  if (attemptsMade >= maxAttempts) return null;
  const delay = delaysMs[Math.min(attemptsMade - 1, delaysMs.length - 1)] ?? 0;
  return now + delay;
}
