import { parseScopes, type ApiKeyService } from '../auth/api-key-service.js';
import type { App } from '../shared/http.js';
import { pathUuid } from '../shared/ids.js';
import { Data, DataList, errorResponses } from '../shared/schemas.js';
import { IdParams } from './admin-schemas.js';
import { ApiKey, CreateApiKeyBody, CreatedApiKey } from './api-key-schemas.js';

export async function registerApiKeyRoutes(app: App, { apiKeys: keys }: { apiKeys: ApiKeyService }): Promise<void> {
  const tags = ['api-keys'];
  const config = { scopes: ['admin' as const] };
  const checkId = (id: string) => pathUuid(id, 'API key');

  app.post(
    '/api-keys',
    {
      config,
      schema: {
        tags,
        summary: 'Create an API key; its token is returned only in this response',
        body: CreateApiKeyBody,
        response: { 201: Data(CreatedApiKey), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { scopes, name } = request.body;
      const key = await keys.create(request.auth.organizationId, parseScopes(scopes), name ?? null);
      return reply.code(201).send({ data: key });
    },
  );

  app.get(
    '/api-keys',
    {
      config,
      schema: {
        tags,
        summary: 'List API keys, revoked ones included (never the token)',
        response: { 200: DataList(ApiKey), ...errorResponses },
      },
    },
    async (request) => ({ data: await keys.list(request.auth.organizationId) }),
  );

  app.get(
    '/api-keys/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Retrieve an API key (never the token)',
        params: IdParams,
        response: { 200: Data(ApiKey), ...errorResponses },
      },
    },
    async (request) => ({ data: await keys.get(request.auth.organizationId, checkId(request.params.id)) }),
  );

  app.delete(
    '/api-keys/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Revoke an API key; it stops working at once',
        params: IdParams,
        response: { 200: Data(ApiKey), ...errorResponses },
      },
    },
    async (request) => ({
      data: await keys.revokeInOrganization(request.auth.organizationId, checkId(request.params.id)),
    }),
  );
}
