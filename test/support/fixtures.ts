import { beforeAll, beforeEach, vi } from 'vitest';
import type { Api } from './api.js';
import type { TestContext } from './harness.js';

// Set-up shared by the suites of several domains. Ticket seeds are in ticket-fixtures.ts.

/** POST /users: staff user `id` named `name`, email `<id>@example.com`; the raw response. */
export const postUser = (http: Api, id: string, name = id) =>
  http.post('/api/v1/users', { id, name, email: `${id}@example.com` });

/** POST /webhooks to a port nothing listens on (discard), for tests that only count or queue. */
export const postWebhook = (http: Api, body: { name?: string; events?: string[] } = {}) =>
  http.post('/api/v1/webhooks', { name: 'hook', url: 'http://127.0.0.1:9/hook', events: ['ticket.created'], ...body });

/** Raises ticket.created with data { id } as a service would: its deliveries are queued, nothing else changes. */
export const recordTicketCreated = (ctx: TestContext, organizationId: string, id: string, occurredAt?: number) =>
  ctx.database
    .forOrganization(organizationId)
    .transaction((t) =>
      ctx.container.events.record(t, { type: 'ticket.created', occurredAt: occurredAt ?? ctx.clock(), data: { id } }),
    );

/** How many rows of a tenant table belong to the organization. */
export async function countRows(
  ctx: TestContext,
  table:
    | 'tickets'
    | 'messages'
    | 'customers'
    | 'ticket_tags'
    | 'users'
    | 'invitations'
    | 'events'
    | 'webhook_deliveries',
  organizationId: string,
): Promise<number> {
  const row = await ctx.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organization_id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface RaisedEvent {
  organizationId: string;
  type: string;
  occurredAt: number;
  data: any;
}

/**
 * The events the services raise, seen through the recorder they were given (container.events), not
 * by mocking a module: each with the organization of the handle it was recorded on. Nothing reaches
 * the outbox. Emptied before each test; call it in the body of a describeEachDialect suite.
 */
export function recordedEvents(ctx: TestContext): RaisedEvent[] {
  const events: RaisedEvent[] = [];
  beforeAll(() => {
    vi.spyOn(ctx.container.events, 'record').mockImplementation(async (t, event) => {
      events.push({ organizationId: t.organizationId, ...event });
    });
    // The form a ticket create records with: the event's writes, run with its own (none here).
    vi.spyOn(ctx.container.events, 'recordWrites').mockImplementation(async (t, event) => {
      events.push({ organizationId: t.organizationId, ...event });
      return [];
    });
  });
  beforeEach(() => {
    events.length = 0;
  });
  return events;
}
