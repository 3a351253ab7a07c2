import type { DatabaseHandle, TenantDb } from '../db/database.js';
import { iso } from '../shared/clock.js';
import { validationError } from '../shared/errors.js';
import { decodeCursor, encodeCursor, START, type Position } from './event-cursor.js';
import * as store from './event-store.js';

// The event log: one record per change, appended in the change's transaction (by the webhooks
// outbox, which also queues its deliveries), and read by integrations with gap-free cursors.

export interface EventQuery {
  after?: string;
  limit: number;
  types?: readonly string[];
}

export const eventView = (row: store.EventRow) => ({
  id: row.id,
  type: row.type,
  created_at: iso(row.created_at),
  data: JSON.parse(row.data) as Record<string, unknown>,
});

const badCursor = () => validationError('after is not a cursor this API issued', 'after', 'invalid_format');

export function createEventLog({ database }: { database: Pick<DatabaseHandle, 'forOrganization' | 'system'> }) {
  return {
    /** The INSERT appending one event in the caller's transaction, for the caller to run (alone or with its own). */
    appendQuery: (t: TenantDb, event: store.NewEvent) => store.insertEventQuery(t, event),

    /** Events after the cursor, oldest first; next_cursor is always given (poll with it for newer ones). */
    async list(organizationId: string, query: EventQuery) {
      const t = database.forOrganization(organizationId);
      let after: Position = START;
      if (query.after !== undefined) {
        const decoded = decodeCursor(query.after);
        if (!decoded || !(await store.isIssuable(t, decoded))) throw badCursor();
        after = decoded;
      }
      const rows = await store.readEvents(t, after, query.limit + 1, query.types);
      const page = rows.slice(0, query.limit);
      const last = page.length > 0 ? page[page.length - 1] : null;
      return {
        data: page.map(eventView),
        meta: {
          next_cursor: encodeCursor(last ? { xid: last.xid, seq: last.seq } : after),
          has_more: rows.length > query.limit,
        },
      };
    },

    /** Events held, all organizations (for /metrics): an estimate on PostgreSQL, see store.estimateSize. */
    size: () => store.estimateSize(database.system),

    /** Retention: one small batch of the organization's old events (see store.deleteOldEvents). */
    prune: (t: TenantDb, before: number, limit: number) => store.deleteOldEvents(t, before, limit),
  };
}

export type EventLog = ReturnType<typeof createEventLog>;
