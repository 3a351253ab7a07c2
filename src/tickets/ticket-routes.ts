import { AppError } from '../shared/errors.js';
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
        body: CreateTicketBody,
        response: { 201: Data(TicketSchema), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await tickets.create(request.auth.organizationId, request.body) }),
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
    async (request) => tickets.list(request.auth.organizationId, request.query),
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
        params: TicketIdParams,
        body: AddMessageBody,
        response: { 201: Data(MessageSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      // A signed-in staff user writes as themselves: user_id, when given, must be theirs.
      const { userId } = request.auth;
      if (userId !== null && typeof request.body.user_id === 'string' && request.body.user_id !== userId) {
        throw new AppError(403, 'insufficient_scope', 'with a session, user_id must be the signed-in user');
      }
      const body = userId === null ? request.body : { ...request.body, user_id: userId };
      return reply
        .code(201)
        .send({ data: await tickets.addMessage(request.auth.organizationId, request.params.ticket_id, body) });
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
