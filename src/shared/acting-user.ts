import { AppError } from './errors.js';
import type { AuthContext } from './http.js';

// Who a staff-side write (a reply, a note) is written by. A request made with a signed-in session
// speaks for that user only: the author is the session's user, and a `user_id` naming anyone else is
// refused. A request made with an API key (an integration) names the user itself, or no one.

/** The signed-in staff user behind the request (a session), or null for an API key. */
export const sessionUserId = (auth: AuthContext): string | null =>
  // Read defensively: API-key contexts carry no user at all.
  (auth as { userId?: string | null }).userId ?? null;

/**
 * The user a write is authored by: the session's user (when `requested` is absent or the same), else
 * `requested` as given (null: nobody named). 403 insufficient_scope when a session names another user.
 */
export function actingUserId(sessionUser: string | null, requested: string | null | undefined): string | null {
  if (sessionUser === null) return requested ?? null;
  if (requested !== undefined && requested !== null && requested !== sessionUser) {
    throw new AppError(403, 'insufficient_scope', 'user_id must be the signed-in user', [
      { field: 'user_id', issue: 'not_signed_in_user' },
    ]);
  }
  return sessionUser;
}

/** Who is calling a service, as far as authorship goes: the signed-in staff user, or null for an API key. */
export interface Caller {
  userId: string | null;
}

/** An API key's call (no signed-in user). */
export const API_KEY_CALLER: Caller = { userId: null };
