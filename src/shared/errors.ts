// One error class for every failure the API reports on purpose; the error handler turns it into
// the single error shape `{"error": {"code", "message", "details", "request_id"}}`.

export interface ErrorDetail {
  field: string;
  issue: string;
  /** An organization a sign-in could mean (organization_required): its id and name. */
  id?: string;
  name?: string;
}

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
  | 'invalid_credentials'
  | 'totp_required'
  | 'organization_required'
  | 'invalid_token'
  | 'csrf_failed'
  | 'two_factor_enrolment_required'
  | 'origin_not_allowed'
  | 'invalid_identity'
  | 'identity_required';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details: ErrorDetail[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details: ErrorDetail[]; request_id: string };
}

/** The body of every error answer: one shape on every route, carrying the request's id. */
export function errorBody(error: AppError, requestId: string): ErrorBody {
  return { error: { code: error.code, message: error.message, details: error.details, request_id: requestId } };
}

export const notFound = (what: string) => new AppError(404, 'not_found', `${what} not found`);

export const validationError = (message: string, field?: string, issue = 'invalid') =>
  new AppError(400, 'validation_error', message, field ? [{ field, issue }] : []);

export const conflict = (message: string, field?: string) =>
  new AppError(409, 'conflict', message, field ? [{ field, issue: 'already_exists' }] : []);

export const planLimitExceeded = (message: string) => new AppError(403, 'plan_limit_exceeded', message);

/** 503 for a database that cannot be reached or did not answer in time: the client should retry later. */
export const serviceUnavailable = (message = 'the database is unavailable; retry later') =>
  new AppError(503, 'service_unavailable', message, [], { 'retry-after': String(RETRY_AFTER_UNAVAILABLE_S) });

/** Seconds a client is told to wait (Retry-After) while the database is unavailable. */
export const RETRY_AFTER_UNAVAILABLE_S = 5;
