import type { DatabaseHandle } from '../db/database.js';
import type { Clock } from '../shared/clock.js';
import { validationError } from '../shared/errors.js';
import { decodeCursor, encodeCursor, START, type Position } from './event-cursor.js';
import { comparePositions } from './event-stream-subscriber.js';
import { isIssuable } from './event-store.js';
import { createdAtOf, headPosition } from './event-stream-store.js';

// Where a live stream starts: after the cursor of Last-Event-ID (a reconnecting EventSource sends the
// last id it received), else of `after`, else at the end of the log as it is when the stream opens.
// A cursor that is not one this API issued (malformed, another organization's, never handed out) is
// refused before the stream starts. A cursor older than the retention period may name an event that
// is gone, and events after it may be gone too: the stream says `reset` and goes on from now.

const DAY_MS = 86_400_000;

export interface StreamStart {
  position: Position;
  /** The text to send first: the reset notice, when the cursor was older than retention. */
  first?: string;
}

export function createStreamStarts(deps: {
  database: Pick<DatabaseHandle, 'forOrganization'>;
  clock: Clock;
  retentionDays: number;
}) {
  return async (
    organizationId: string,
    cursor: { raw: string; field: 'Last-Event-ID' | 'after' } | null,
  ): Promise<StreamStart> => {
    const t = deps.database.forOrganization(organizationId);
    if (cursor === null) return { position: await headPosition(t) };
    const position = decodeCursor(cursor.raw);
    if (!position || !(await isIssuable(t, position))) {
      throw validationError(`${cursor.field} is not a cursor this API issued`, cursor.field, 'invalid_format');
    }
    if (comparePositions(position, START) === 0) return { position };
    const createdAt = await createdAtOf(t, position);
    if (createdAt !== null && createdAt >= deps.clock() - deps.retentionDays * DAY_MS) return { position };
    const head = await headPosition(t);
    const data = JSON.stringify({ reason: 'cursor_expired', message: 'the cursor is older than the event retention' });
    return { position: head, first: `id: ${encodeCursor(head)}\nevent: reset\ndata: ${data}\n\n` };
  };
}

export type StreamStarts = ReturnType<typeof createStreamStarts>;
