import { ConnectionError, retryAfterSeconds } from './errors.js';

// Retries below openapi-fetch (as its `fetch`): a call's middleware, and so its Idempotency-Key, run
// once, and every attempt sends the same request. Retried: 429 and 503 (the server did not do the
// work, or, for a POST, the Idempotency-Key makes a repeat safe), honouring Retry-After; network
// errors only for idempotent methods (a POST whose answer was lost may have taken effect).

export interface RetryOptions {
  /** Retries after the first attempt (default 3; 0 disables retrying). */
  maxRetries?: number;
  /** First backoff delay in ms, doubled each retry, with full jitter (default 500). */
  baseDelayMs?: number;
  /**
   * Longest wait in ms (default 60 000). A Retry-After asking for longer is not retried early: the
   * answer (429/503) is returned to the caller as an ApiError with `retryAfter`.
   */
  maxDelayMs?: number;
}

export interface RetryRuntime {
  fetch: (request: Request) => Promise<Response>;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
  now: () => number;
}

const RETRY_STATUSES = new Set([429, 503]);
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

export const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/**
 * The wait before retry number `retry` (0-based): Retry-After when given, else exponential backoff
 * with full jitter; null when Retry-After asks for more than maxDelayMs.
 */
export function retryDelayMs(
  retry: number,
  response: Response | null,
  options: Required<RetryOptions>,
  runtime: Pick<RetryRuntime, 'random' | 'now'>,
): number | null {
  const asked = response ? retryAfterSeconds(response.headers, runtime.now()) : null;
  if (asked !== null) return asked * 1000 <= options.maxDelayMs ? asked * 1000 : null;
  const ceiling = Math.min(options.baseDelayMs * 2 ** retry, options.maxDelayMs);
  return Math.round(runtime.random() * ceiling);
}

export function retryingFetch(options: RetryOptions, runtime: RetryRuntime): (request: Request) => Promise<Response> {
  const settings: Required<RetryOptions> = { maxRetries: 3, baseDelayMs: 500, maxDelayMs: 60_000, ...options };
  return async (request) => {
    for (let retry = 0; ; retry++) {
      const last = retry >= settings.maxRetries;
      // The original stays unread, so that each attempt can send the body again.
      const attempt = last ? request : request.clone();
      let response: Response;
      try {
        response = await runtime.fetch(attempt);
      } catch (err) {
        if (request.signal?.aborted) throw err;
        if (last || !IDEMPOTENT_METHODS.has(request.method)) {
          throw new ConnectionError(
            `${request.method} ${new URL(request.url).pathname} failed: ${(err as Error).message}`,
            { cause: err },
          );
        }
        await runtime.sleep(retryDelayMs(retry, null, settings, runtime)!, request.signal ?? undefined);
        continue;
      }
      if (last || !RETRY_STATUSES.has(response.status)) return response;
      const delay = retryDelayMs(retry, response, settings, runtime);
      if (delay === null) return response;
      await response.body?.cancel().catch(() => undefined);
      await runtime.sleep(delay, request.signal ?? undefined);
    }
  };
}
