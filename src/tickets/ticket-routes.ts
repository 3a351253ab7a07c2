import { sessionUserId } from '../shared/acting-user.js';
import type { App } from '../shared/http.js';
import { Data, PagedList, errorResponses } from '../shared/schemas.js';
import {
  AddMessageBody,
  CreateTicketBody,
  ListTicketsQuery,
  MessageSchema,
  TicketIdParams,
  TicketListItemSchema,
  TicketSchema,
  UpdateTicketBody,
} from './ticket-schemas.js';
import type { TicketService } from './ticket-service.js';

export async function registerTicketRoutes(app: App, { tickets }: { tickets: TicketService }): Promise<void> {
  const tags = ['tickets'];

  app.post(
    '/tickets',
    {
      config: { scopes: ['tickets:write'] },
      schema: {
        tags,
        summary: 'Create a ticket with its first message',
        description:
          'Channel `API` with an API key; `INTERNAL` when a signed-in staff user creates it (any `channel` in the body is ignored).',
        body: CreateTicketBody,
        response: { 201: Data(TicketSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const caller = { userId: sessionUserId(request.auth) };
      return reply.code(201).send({ data: await tickets.create(request.auth.organizationId, request.body, caller) });
    },
  );

  app.get(
    '/tickets',
    {
      config: { scopes: ['tickets:read'] },
      schema: {
        tags,
        summary: 'List tickets, newest first',
        querystring: ListTicketsQuery,
        response: { 200: PagedList(TicketListItemSchema), ...errorResponses },
      },
    },
    async (request) =>
      tickets.list(request.auth.organizationId, request.query, { userId: sessionUserId(request.auth) }),
  );

  app.get(
    '/tickets/:ticket_id',
    {
      config: { scopes: ['tickets:read'] },
      schema: {
        tags,
        summary: 'Retrieve a ticket with all messages',
        params: TicketIdParams,
        response: { 200: Data(TicketSchema), ...errorResponses },
      },
    },
    async (request) => ({ data: await tickets.get(request.auth.organizationId, request.params.ticket_id) }),
  );

  app.post(
    '/tickets/:ticket_id/messages',
    {
      config: { scopes: ['tickets:write'] },
      schema: {
        tags,
        summary: 'Add a message (OUTBOUND with user_id, else INBOUND from the customer)',
        description:
          'With a signed-in session the message is OUTBOUND from that user (a `user_id` naming anyone else is 403). ' +
          "`If-Match` with the ticket's ETag (as GET answers it) adds it only if the ticket is unchanged since (else 412).",
        params: TicketIdParams,
        body: AddMessageBody,
        response: { 201: Data(MessageSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const message = await tickets.addMessage(request.auth.organizationId, request.params.ticket_id, request.body, {
        caller: { userId: sessionUserId(request.auth) },
        precondition: request.precondition,
      });
      return reply.code(201).send({ data: message });
    },
  );

  app.patch(
    '/tickets/:ticket_id',
    {
      config: { scopes: ['tickets:write'] },
      schema: {
        tags,
        summary: 'Update status, priority, subject, assignee, team or tags',
        params: TicketIdParams,
        body: UpdateTicketBody,
        response: { 200: Data(TicketSchema), ...errorResponses },
      },
      // Every field is optional, so an absent body is {} (a no-op), not a validation error.
      preValidation: async (request) => {
        if (request.body === undefined) (request as { body: unknown }).body = {};
      },
    },
    async (request) => ({
      data: await tickets.update(
        request.auth.organizationId,
        request.params.ticket_id,
        request.body,
        request.precondition ?? undefined,
      ),
    }),
  );
}
