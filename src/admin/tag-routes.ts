import type { App } from '../shared/http.js';
import { Data, DataList, errorResponses } from '../shared/schemas.js';
import { Deleted, IdParams } from './admin-schemas.js';
import { CreateTagBody, Tag, UpdateTagBody } from './tag-schemas.js';
import type { TagService } from './tag-service.js';

export async function registerTagRoutes(app: App, { tags: tagService }: { tags: TagService }): Promise<void> {
  const tags = ['tags'];
  const admin = { scopes: ['admin' as const] };
  // Agents' tools need the tag list to label tickets, so reading tags also works with tickets:read.
  const read = { scopes: ['admin' as const, 'tickets:read' as const] };

  app.post(
    '/tags',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Create a tag (name unique per organization, color #rrggbb)',
        body: CreateTagBody,
        response: { 201: Data(Tag), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await tagService.create(request.auth.organizationId, request.body) }),
  );

  app.get(
    '/tags',
    {
      config: read,
      schema: {
        tags,
        summary: 'List all tags by name (no pagination)',
        response: { 200: DataList(Tag), ...errorResponses },
      },
    },
    async (request) => ({ data: await tagService.list(request.auth.organizationId) }),
  );

  app.get(
    '/tags/:id',
    {
      config: read,
      schema: { tags, summary: 'Retrieve a tag', params: IdParams, response: { 200: Data(Tag), ...errorResponses } },
    },
    async (request) => ({ data: await tagService.get(request.auth.organizationId, request.params.id) }),
  );

  app.patch(
    '/tags/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Update a tag',
        params: IdParams,
        body: UpdateTagBody,
        response: { 200: Data(Tag), ...errorResponses },
      },
    },
    async (request) => ({
      data: await tagService.update(
        request.auth.organizationId,
        request.params.id,
        request.body,
        request.precondition ?? undefined,
      ),
    }),
  );

  app.delete(
    '/tags/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delete a tag; it is removed from every ticket',
        params: IdParams,
        response: { 200: Deleted, ...errorResponses },
      },
    },
    async (request) => {
      await tagService.remove(request.auth.organizationId, request.params.id, request.precondition ?? undefined);
      return { data: { deleted: true } };
    },
  );
}
