import type { App } from '../shared/http.js';
import { Data, DataList, errorResponses } from '../shared/schemas.js';
import { Type } from 'typebox';
import { CreateWidgetBody, UpdateWidgetBody, WidgetSchema, WidgetWithSecretSchema } from './widget-schemas.js';
import type { WidgetService } from './widget-service.js';

const IdParams = Type.Object({ id: Type.String() });
const Deleted = Type.Object({ data: Type.Object({ deleted: Type.Boolean() }) });

/** The chat widgets of the organization (scope admin). */
export async function registerWidgetRoutes(app: App, { widgets }: { widgets: WidgetService }): Promise<void> {
  const tags = ['widgets'];
  const config = { scopes: ['admin' as const] };

  app.post(
    '/widgets',
    {
      config,
      schema: {
        tags,
        summary: 'Create a chat widget; the answer is the only one that shows its identity_secret',
        body: CreateWidgetBody,
        response: { 201: Data(WidgetWithSecretSchema), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await widgets.create(request.auth.organizationId, request.body) }),
  );

  app.get(
    '/widgets',
    {
      config,
      schema: {
        tags,
        summary: 'List the chat widgets, oldest first',
        response: { 200: DataList(WidgetSchema), ...errorResponses },
      },
    },
    async (request) => ({ data: await widgets.list(request.auth.organizationId) }),
  );

  app.get(
    '/widgets/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Retrieve a chat widget',
        params: IdParams,
        response: { 200: Data(WidgetSchema), ...errorResponses },
      },
    },
    async (request) => ({ data: await widgets.get(request.auth.organizationId, request.params.id) }),
  );

  app.patch(
    '/widgets/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Change a chat widget (name, allowed origins, identity mode)',
        params: IdParams,
        body: UpdateWidgetBody,
        response: { 200: Data(WidgetSchema), ...errorResponses },
      },
    },
    async (request) => ({ data: await widgets.update(request.auth.organizationId, request.params.id, request.body) }),
  );

  app.delete(
    '/widgets/:id',
    {
      config,
      schema: {
        tags,
        summary: "Delete a chat widget: its visitors' sessions end; the tickets opened through it stay",
        params: IdParams,
        response: { 200: Deleted, ...errorResponses },
      },
    },
    async (request) => {
      await widgets.remove(request.auth.organizationId, request.params.id);
      return { data: { deleted: true } };
    },
  );

  app.post(
    '/widgets/:id/rotate-identity-secret',
    {
      config,
      schema: {
        tags,
        summary: 'Replace the identity secret (the old one stops verifying at once); the new one is shown once',
        params: IdParams,
        response: { 200: Data(WidgetWithSecretSchema), ...errorResponses },
      },
    },
    async (request) => ({
      data: await widgets.rotateIdentitySecret(request.auth.organizationId, request.params.id),
    }),
  );
}
