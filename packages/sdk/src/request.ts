import { ApiError } from './errors.js';

// A plain JSON call through the same transport as the typed resources (retries, Idempotency-Key, the API key
// or the session's CSRF token): for routes the typed client does not name yet, and for reading headers
// (ETag) or sending conditional ones (If-Match) alongside the data.

export interface CallOptions {
  /** Sent as Idempotency-Key on a POST instead of a generated one (e.g. to retry a call yourself later). */
  idempotencyKey?: string;
  /**
   * Sent as If-Match: the ETag you read (or `*`). On an update, and on adding a message or note to a ticket
   * (the ticket's ETag), the call then fails with a 412 ApiError if the resource changed since.
   */
  ifMatch?: string;
  signal?: AbortSignal;
  /** Extra request headers for this call. */
  headers?: Record<string, string>;
}

/** The headers a call's options ask for (undefined when none). */
export function callHeaders(options: CallOptions): Record<string, string> | undefined {
  const headers: Record<string, string> = { ...options.headers };
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  if (options.ifMatch) headers['If-Match'] = options.ifMatch;
  return Object.keys(headers).length > 0 ? headers : undefined;
}

export interface RequestOptions extends CallOptions {
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
}

export interface RawAnswer<T> {
  /** The parsed JSON body (undefined for an empty one, e.g. 204). */
  body: T;
  response: Response;
}

export type Requester = <T = unknown>(method: string, path: string, options?: RequestOptions) => Promise<RawAnswer<T>>;

export function createRequester(
  baseUrl: string,
  fetch: (request: Request) => Promise<Response>,
  prepare: (request: Request) => Request,
  credentials: RequestCredentials | undefined,
): Requester {
  return async <T>(method: string, path: string, options: RequestOptions = {}): Promise<RawAnswer<T>> => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(options.query ?? {}))
      if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
    const qs = search.toString();
    const headers = new Headers(callHeaders(options));
    let body: string | undefined;
    if (options.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(options.body);
    }
    const request = prepare(
      new Request(`${baseUrl}${path}${qs ? `?${qs}` : ''}`, {
        method,
        headers,
        body,
        signal: options.signal,
        ...(credentials ? { credentials } : {}),
      }),
    );
    const response = await fetch(request);
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    if (!response.ok) throw ApiError.fromResponse(response, parsed);
    return { body: parsed as T, response };
  };
}
