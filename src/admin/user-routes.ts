import type { App } from '../shared/http.js';
import { Data, errorResponses, PagedList } from '../shared/schemas.js';
import { Deleted, IdParams } from './admin-schemas.js';
import { CreateUserBody, ListUsersQuery, UpdateUserBody, User } from './user-schemas.js';
import type { UserService } from './user-service.js';

export async function registerUserRoutes(app: App, { users }: { users: UserService }): Promise<void> {
  const tags = ['users'];
  const config = { scopes: ['admin' as const] };
  // Reading the directory is what assigning tickets needs: tickets:read already shows assignees and teams.
  const read = { scopes: ['admin' as const, 'tickets:read' as const] };

  app.post(
    '/users',
    {
      config,
      schema: {
        tags,
        summary: 'Create a staff user (takes a seat); id optional, e.g. an identity provider id',
        body: CreateUserBody,
        response: { 201: Data(User), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await users.create(request.auth.organizationId, request.body) }),
  );

  app.get(
    '/users',
    {
      config: read,
      schema: {
        tags,
        summary: 'List staff users (oldest first)',
        querystring: ListUsersQuery,
        response: { 200: PagedList(User), ...errorResponses },
      },
    },
    async (request) => users.list(request.auth.organizationId, request.query),
  );

  app.get(
    '/users/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'Retrieve a staff user',
        params: IdParams,
        response: { 200: Data(User), ...errorResponses },
      },
    },
    async (request) => ({ data: await users.get(request.auth.organizationId, request.params.id) }),
  );

  app.patch(
    '/users/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Update a staff user',
        params: IdParams,
        body: UpdateUserBody,
        response: { 200: Data(User), ...errorResponses },
      },
    },
    async (request) => ({
      data: await users.update(
        request.auth.organizationId,
        request.params.id,
        request.body,
        request.precondition ?? undefined,
      ),
    }),
  );

  app.delete(
    '/users/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a staff user; their tickets stay, unassigned, and they leave their teams',
        params: IdParams,
        response: { 200: Deleted, ...errorResponses },
      },
    },
    async (request) => {
      await users.remove(request.auth.organizationId, request.params.id, request.precondition ?? undefined);
      return { data: { deleted: true } };
    },
  );
}
