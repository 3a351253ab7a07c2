import type { Clock } from '../shared/clock.js';
import { iso } from '../shared/clock.js';
import { AppError, validationError } from '../shared/errors.js';

// Presence: who is viewing or typing on a ticket, right now. Never stored and never in the event log:
// each report is sent to the organization's open live streams (in every process) and holds for the
// TTL (about 30 s); a client keeps reporting while the person stays, and forgets a report once its
// expires_at has passed. Streams opening meanwhile receive the reports still holding.

export type PresenceState = 'viewing' | 'typing';

export interface PresenceDeps {
  clock: Clock;
  ttlMs: number;
  /** Throws the 404 when the organization has no such ticket. */
  tickets: { assertExists(organizationId: string, ticketId: string): Promise<void> };
  /** The staff user (404 when the organization has none of that id). */
  users: { get(organizationId: string, id: string): Promise<{ id: string; name: string; email: string }> };
  live: {
    announce(
      organizationId: string,
      a: { event: string; key: string; until: number; data: Record<string, unknown> },
    ): Promise<void>;
  };
}

export interface PresenceReport {
  ticketId: string;
  state: PresenceState;
  /** The signed-in staff user (a session), or null for an API key. */
  signedInUserId: string | null;
  /** The body's user_id: required with an API key; with a session, it must be the signed-in user. */
  bodyUserId: string | undefined;
}

export function createPresenceService({ clock, ttlMs, tickets, users, live }: PresenceDeps) {
  return {
    async report(organizationId: string, input: PresenceReport): Promise<void> {
      await tickets.assertExists(organizationId, input.ticketId);
      if (
        input.signedInUserId !== null &&
        input.bodyUserId !== undefined &&
        input.bodyUserId !== input.signedInUserId
      ) {
        throw new AppError(403, 'insufficient_scope', "user_id must be the signed-in user's id");
      }
      const userId = input.signedInUserId ?? input.bodyUserId;
      if (userId === undefined) throw validationError('user_id is required with an API key', 'user_id', 'required');
      const user = await users.get(organizationId, userId);
      const until = clock() + ttlMs;
      await live.announce(organizationId, {
        event: 'presence',
        key: `${input.ticketId} ${user.id}`,
        until,
        data: {
          ticket_id: input.ticketId,
          user: { id: user.id, name: user.name, email: user.email },
          state: input.state,
          expires_at: iso(until),
        },
      });
    },
  };
}

export type PresenceService = ReturnType<typeof createPresenceService>;
