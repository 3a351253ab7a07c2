import type { App } from '../shared/http.js';
import { Data, errorResponses, PagedList } from '../shared/schemas.js';
import { Deleted, IdParams } from './admin-schemas.js';
import {
  AcceptedInvitation,
  AcceptInvitationBody,
  CreatedInvitation,
  CreateInvitationBody,
  Invitation,
  ListInvitationsQuery,
  UpdateInvitationBody,
} from './invitation-schemas.js';
import type { InvitationService } from './invitation-service.js';

export async function registerInvitationRoutes(
  app: App,
  { invitations }: { invitations: InvitationService },
): Promise<void> {
  const tags = ['invitations'];
  const config = { scopes: ['admin' as const] };

  app.post(
    '/invitations',
    {
      config,
      schema: {
        tags,
        summary:
          'Invite a staff member (a pending invitation takes a seat; expires in 7 days unless expires_at is given)',
        body: CreateInvitationBody,
        response: { 201: Data(CreatedInvitation), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await invitations.create(request.auth.organizationId, request.body) }),
  );

  app.get(
    '/invitations',
    {
      config,
      schema: {
        tags,
        summary: 'List invitations (newest first)',
        querystring: ListInvitationsQuery,
        response: { 200: PagedList(Invitation), ...errorResponses },
      },
    },
    async (request) => invitations.list(request.auth.organizationId, request.query),
  );

  app.get(
    '/invitations/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Retrieve an invitation',
        params: IdParams,
        response: { 200: Data(Invitation), ...errorResponses },
      },
    },
    async (request) => ({ data: await invitations.get(request.auth.organizationId, request.params.id) }),
  );

  app.patch(
    '/invitations/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Update a pending invitation (name, role, expires_at)',
        params: IdParams,
        body: UpdateInvitationBody,
        response: { 200: Data(Invitation), ...errorResponses },
      },
    },
    async (request) => ({
      data: await invitations.update(
        request.auth.organizationId,
        request.params.id,
        request.body,
        request.precondition ?? undefined,
      ),
    }),
  );

  app.post(
    '/invitations/:id/accept',
    {
      config,
      schema: {
        tags,
        summary: 'Accept a pending invitation: creates the staff user (optional id and name)',
        params: IdParams,
        body: AcceptInvitationBody,
        response: { 201: Data(AcceptedInvitation), ...errorResponses },
      },
      // Every field is optional, so a POST without a body is an empty object, not a validation error.
      preValidation: async (request) => {
        if (request.body === undefined) (request as { body: unknown }).body = {};
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await invitations.accept(request.auth.organizationId, request.params.id, request.body) }),
  );

  app.post(
    '/invitations/:id/revoke',
    {
      config,
      schema: {
        tags,
        summary: 'Revoke an invitation',
        params: IdParams,
        response: { 200: Data(Invitation), ...errorResponses },
      },
    },
    async (request) => ({ data: await invitations.revoke(request.auth.organizationId, request.params.id) }),
  );

  app.delete(
    '/invitations/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete an invitation record (any state)',
        params: IdParams,
        response: { 200: Deleted, ...errorResponses },
      },
    },
    async (request) => {
      await invitations.remove(request.auth.organizationId, request.params.id, request.precondition ?? undefined);
      return { data: { deleted: true } };
    },
  );
}
