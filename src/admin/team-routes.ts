import type { App } from '../shared/http.js';
import { Data, errorResponses, PagedList } from '../shared/schemas.js';
import { Deleted, IdParams } from './admin-schemas.js';
import { CreateTeamBody, ListTeamsQuery, Team, UpdateTeamBody } from './team-schemas.js';
import type { TeamService } from './team-service.js';

export async function registerTeamRoutes(app: App, { teams }: { teams: TeamService }): Promise<void> {
  const tags = ['teams'];
  const config = { scopes: ['admin' as const] };
  // Reading the directory is what assigning tickets needs: tickets:read already shows assignees and teams.
  const read = { scopes: ['admin' as const, 'tickets:read' as const] };

  app.post(
    '/teams',
    {
      config,
      schema: {
        tags,
        summary: 'Create a team, optionally with members (user ids)',
        body: CreateTeamBody,
        response: { 201: Data(Team), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await teams.create(request.auth.organizationId, request.body) }),
  );

  app.get(
    '/teams',
    {
      config: read,
      schema: {
        tags,
        summary: 'List teams (oldest first)',
        querystring: ListTeamsQuery,
        response: { 200: PagedList(Team), ...errorResponses },
      },
    },
    async (request) => teams.list(request.auth.organizationId, request.query),
  );

  app.get(
    '/teams/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'Retrieve a team with its members',
        params: IdParams,
        response: { 200: Data(Team), ...errorResponses },
      },
    },
    async (request) => ({ data: await teams.get(request.auth.organizationId, request.params.id) }),
  );

  app.patch(
    '/teams/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Update a team; member_ids replaces the whole membership',
        params: IdParams,
        body: UpdateTeamBody,
        response: { 200: Data(Team), ...errorResponses },
      },
    },
    async (request) => ({
      data: await teams.update(
        request.auth.organizationId,
        request.params.id,
        request.body,
        request.precondition ?? undefined,
      ),
    }),
  );

  app.delete(
    '/teams/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a team; its tickets stay, with team null',
        params: IdParams,
        response: { 200: Deleted, ...errorResponses },
      },
    },
    async (request) => {
      await teams.remove(request.auth.organizationId, request.params.id, request.precondition ?? undefined);
      return { data: { deleted: true } };
    },
  );
}
