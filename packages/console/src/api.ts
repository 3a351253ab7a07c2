import { ApiError, createHelpdesk } from '@helpdesk/sdk/browser';

// The console's one door to the API: the SDK in cookie-session mode, same origin. The CSRF token is learned
// from the sign-in answer (or GET /auth/session on load) and sent on every write.
export const helpdesk = createHelpdesk({ session: true, baseUrl: window.location.origin, retry: { maxRetries: 2 } });

export type { ApiError };
export { ApiError as ApiErrorClass } from '@helpdesk/sdk/browser';

/** A sentence for a person, from whatever a call threw. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    const detail = error.details[0];
    return detail ? `${error.message} (${detail.field}: ${detail.issue})` : error.message;
  }
  if (error instanceof Error) return error.message;
  return 'Something went wrong';
}

export const isStatus = (error: unknown, status: number): error is ApiError =>
  error instanceof ApiError && error.status === status;
