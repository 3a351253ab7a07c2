import type { DatabaseHandle, TenantDb } from '../db/database.js';
import { iso } from '../shared/clock.js';
import { validationError } from '../shared/errors.js';
import { randomBytes } from 'node:crypto';
import { cursorKey, openCursor, sealCursor, START, type CursorKey, type Position } from './event-cursor.js';
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

const badCursor = (field: string) =>
  validationError(`${field} is not a cursor this API issued to this organization`, field, 'invalid_format');

/** The installation_secrets row holding the cursor key (32 random bytes, base64). */
const CURSOR_SECRET = 'event-cursor-key';

/**
 * Cursors of an organization's log: sealed positions (event-cursor.ts) under the installation's key,
 * which the first process to need it creates in the database, so every process shares it.
 */
export function createEventCursors({ database }: { database: Pick<DatabaseHandle, 'forOrganization' | 'system'> }) {
  let key: Promise<CursorKey> | null = null;
  const loadKey = (): Promise<CursorKey> => {
    key ??= store
      .installationSecret(database.system, CURSOR_SECRET, randomBytes(32).toString('base64'), Date.now())
      .then((secret) => cursorKey(Buffer.from(secret, 'base64')));
    // A failed read (database unavailable) is not remembered: the next call tries again.
    key.catch(() => {
      key = null;
    });
    return key;
  };
  return {
    /** The cursor that names `position` of the organization's log, for that organization only. */
    async encode(organizationId: string, position: Position): Promise<string> {
      return sealCursor(await loadKey(), organizationId, position);
    },

    /** Encodes synchronously once the key is loaded: for writers of many cursors (the live streams). */
    async sealer(): Promise<(organizationId: string, position: Position) => string> {
      const key = await loadKey();
      return (organizationId, position) => sealCursor(key, organizationId, position);
    },

    /**
     * The position a cursor names, or 400 validation_error on `field` unless this installation issued
     * it to this organization. An authentic cursor names a position the organization was shown, so the
     * check against what is readable now refuses only cursors issued before the log was restored.
     */
    async decode(organizationId: string, raw: string, field = 'after'): Promise<Position> {
      const position = openCursor(await loadKey(), organizationId, raw);
      if (!position || !(await store.isIssuable(database.forOrganization(organizationId), position)))
        throw badCursor(field);
      return position;
    },
  };
}

export type EventCursors = ReturnType<typeof createEventCursors>;

export function createEventLog({ database }: { database: Pick<DatabaseHandle, 'forOrganization' | 'system'> }) {
  const cursors = createEventCursors({ database });
  return {
    /** Encoding and decoding cursors for an organization (the log's list and any other reader of it). */
    cursors,

    /**
     * The INSERT appending one event (or several, in order) in the caller's transaction, for the caller
     * to run (alone or with its own).
     */
    appendQuery: (t: TenantDb, event: store.NewEvent | store.NewEvent[]) => store.insertEventQuery(t, event),

    /** Events after the cursor, oldest first; next_cursor is always given (poll with it for newer ones). */
    async list(organizationId: string, query: EventQuery) {
      const t = database.forOrganization(organizationId);
      const after = query.after === undefined ? START : await cursors.decode(organizationId, query.after);
      const rows = await store.readEvents(t, after, query.limit + 1, query.types);
      const page = rows.slice(0, query.limit);
      const last = page.length > 0 ? page[page.length - 1] : null;
      return {
        data: page.map(eventView),
        meta: {
          next_cursor: await cursors.encode(organizationId, last ? { xid: last.xid, seq: last.seq } : after),
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
