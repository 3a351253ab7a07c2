import type { App } from '../shared/http.js';
import { validationError } from '../shared/errors.js';
import { errorResponses } from '../shared/schemas.js';
import { EVENT_TYPES } from '../webhooks/webhook-events.js';
import type { EventLog } from './event-log.js';
import { EventListSchema, EventsQuery } from './event-schemas.js';

export function parseTypes(raw: string | undefined): string[] | undefined {
  if (raw === undefined) return undefined;
  const types = [...new Set(raw.split(',').map((s) => s.trim()))];
  const unknown = types.filter((t) => !(EVENT_TYPES as readonly string[]).includes(t));
  if (unknown.length > 0)
    throw validationError(
      `unknown event type ${unknown.join(', ')}; known: ${EVENT_TYPES.join(', ')}`,
      'type',
      'invalid_value',
    );
  return types;
}

export async function registerEventRoutes(app: App, { eventLog }: { eventLog: EventLog }): Promise<void> {
  app.get(
    '/events',
    {
      config: { scopes: ['events:read' as const] },
      schema: {
        tags: ['events'],
        summary: 'The event log, oldest first, with gap-free cursors (after / next_cursor)',
        querystring: EventsQuery,
        response: { 200: EventListSchema, ...errorResponses },
      },
    },
    async (request) =>
      eventLog.list(request.auth.organizationId, {
        after: request.query.after,
        limit: request.query.limit,
        types: parseTypes(request.query.type),
      }),
  );
}
