// Typed errors: every non-2xx answer becomes an ApiError carrying the API's error body.

/** The error codes the API documents; a newer server may send others. */
export type ErrorCode =
  | 'validation_error'
  | 'unauthorized'
  | 'insufficient_scope'
  | 'plan_limit_exceeded'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'request_timeout'
  | 'headers_too_large'
  | 'expectation_failed'
  | 'service_unavailable'
  | 'internal_error'
  | 'idempotency_key_reused'
  | 'idempotency_key_in_use'
  | 'precondition_failed'
  | (string & {});

export interface ErrorDetail {
  field: string;
  issue: string;
}

/** An answer of the API with a status outside 2xx. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status. */
    readonly status: number,
    /** `error.code` of the body (`unknown_error` when the body was not the API's error shape). */
    readonly code: ErrorCode,
    message: string,
    readonly details: ErrorDetail[],
    /** `error.request_id` of the body, else the `X-Request-Id` header, when present. */
    readonly requestId: string | undefined,
    /** Seconds the server asked to wait (`Retry-After`), when given. */
    readonly retryAfter: number | undefined,
  ) {
    super(message);
  }

  /** Builds the error from a response and its (already read) body. */
  static fromResponse(response: Response, body: unknown): ApiError {
    const error = (
      body as { error?: { code?: unknown; message?: unknown; details?: unknown; request_id?: unknown } } | null
    )?.error;
    const code = typeof error?.code === 'string' ? error.code : 'unknown_error';
    const message =
      typeof error?.message === 'string'
        ? error.message
        : `HTTP ${response.status}${typeof body === 'string' && body ? `: ${body.slice(0, 200)}` : ''}`;
    const details = Array.isArray(error?.details) ? (error.details as ErrorDetail[]) : [];
    const requestId =
      typeof error?.request_id === 'string' ? error.request_id : (response.headers.get('x-request-id') ?? undefined);
    return new ApiError(
      response.status,
      code,
      message,
      details,
      requestId,
      retryAfterSeconds(response.headers, Date.now()) ?? undefined,
    );
  }
}

/** The request never got an answer (after the retries allowed). `cause` is the underlying error. */
export class ConnectionError extends Error {
  override readonly name = 'ConnectionError';
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
  }
}

/** `Retry-After` in seconds (delta-seconds or an HTTP date), or null when absent or unreadable. */
export function retryAfterSeconds(headers: Headers, now: number): number | null {
  const value = headers.get('retry-after')?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}
