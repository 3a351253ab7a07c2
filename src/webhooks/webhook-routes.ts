import type { App } from '../shared/http.js';
import { Data, DataList, PagedList, errorResponses } from '../shared/schemas.js';
import type { WebhookService } from './webhook-service.js';
import {
  CreateWebhookBody,
  CreatedWebhookSchema,
  DeletedSchema,
  DeliveriesQuery,
  DeliveryIdParams,
  QueuedDeliverySchema,
  RotatedWebhookSchema,
  RotateSecretBody,
  DeliverySchema,
  SubscribeBody,
  SubscriptionSchema,
  SuccessSchema,
  UnsubscribeBody,
  UpdateWebhookBody,
  WebhookIdParams,
  WebhookSchema,
} from './webhook-schemas.js';

export async function registerWebhookRoutes(
  app: App,
  { webhooks: service }: { webhooks: WebhookService },
): Promise<void> {
  const tags = ['webhooks'];
  const read = { scopes: ['webhooks:read' as const] };
  const write = { scopes: ['webhooks:write' as const] };
  const hooks = { scopes: ['tickets:write' as const] };

  app.get(
    '/webhooks',
    {
      config: read,
      schema: {
        tags,
        summary: 'List webhooks (all, no pagination)',
        response: { 200: DataList(WebhookSchema), ...errorResponses },
      },
    },
    async (request) => ({ data: await service.list(request.auth.organizationId) }),
  );

  app.post(
    '/webhooks',
    {
      config: write,
      schema: {
        tags,
        summary: 'Create a webhook (the secret is returned only here)',
        body: CreateWebhookBody,
        response: { 201: Data(CreatedWebhookSchema), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await service.create(request.auth.organizationId, request.body) }),
  );

  app.post(
    '/webhooks/subscribe',
    {
      config: hooks,
      schema: {
        tags,
        summary: 'Subscribe a URL to an event (REST hooks)',
        body: SubscribeBody,
        response: { 201: Data(SubscriptionSchema), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await service.subscribe(request.auth.organizationId, request.body.url, request.body.event) }),
  );

  app.post(
    '/webhooks/unsubscribe',
    {
      config: hooks,
      schema: {
        tags,
        summary: 'Unsubscribe a URL from one event or all',
        body: UnsubscribeBody,
        response: { 201: Data(SuccessSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      await service.unsubscribe(request.auth.organizationId, request.body.url, request.body.event);
      return reply.code(201).send({ data: { success: true } });
    },
  );

  app.get(
    '/webhooks/:webhook_id',
    {
      config: read,
      schema: {
        tags,
        summary: 'Retrieve a webhook',
        params: WebhookIdParams,
        response: { 200: Data(WebhookSchema), ...errorResponses },
      },
    },
    async (request) => ({ data: await service.get(request.auth.organizationId, request.params.webhook_id) }),
  );

  app.patch(
    '/webhooks/:webhook_id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Update a webhook',
        params: WebhookIdParams,
        body: UpdateWebhookBody,
        response: { 200: Data(WebhookSchema), ...errorResponses },
      },
    },
    async (request) => ({
      data: await service.update(
        request.auth.organizationId,
        request.params.webhook_id,
        request.body ?? {},
        request.precondition ?? undefined,
      ),
    }),
  );

  app.delete(
    '/webhooks/:webhook_id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete a webhook and stop its deliveries',
        params: WebhookIdParams,
        response: { 200: Data(DeletedSchema), ...errorResponses },
      },
    },
    async (request) => {
      await service.remove(request.auth.organizationId, request.params.webhook_id, request.precondition ?? undefined);
      return { data: { deleted: true } };
    },
  );

  app.get(
    '/webhooks/:webhook_id/deliveries',
    {
      config: read,
      schema: {
        tags,
        summary: 'Delivery history (one record per attempt series, newest first)',
        params: WebhookIdParams,
        querystring: DeliveriesQuery,
        response: { 200: PagedList(DeliverySchema), ...errorResponses },
      },
    },
    async (request) => service.deliveries(request.auth.organizationId, request.params.webhook_id, request.query),
  );

  app.post(
    '/webhooks/:webhook_id/test',
    {
      config: write,
      schema: {
        tags,
        summary: 'Queue a webhook.test delivery to this webhook only (whatever its events, is_active or breaker)',
        params: WebhookIdParams,
        response: { 202: Data(QueuedDeliverySchema), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(202).send({ data: await service.test(request.auth.organizationId, request.params.webhook_id) }),
  );

  app.post(
    '/webhooks/:webhook_id/deliveries/:delivery_id/retry',
    {
      config: write,
      schema: {
        tags,
        summary: 'Redeliver: a new attempt series of the same event, byte-identical body, same webhook-id',
        params: DeliveryIdParams,
        response: { 202: Data(QueuedDeliverySchema), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(202).send({
        data: await service.retry(request.auth.organizationId, request.params.webhook_id, request.params.delivery_id),
      }),
  );

  app.post(
    '/webhooks/:webhook_id/rotate-secret',
    {
      config: write,
      schema: {
        tags,
        summary: 'Rotate the signing secret (the previous one may keep signing for an overlap)',
        params: WebhookIdParams,
        body: RotateSecretBody,
        response: { 200: Data(RotatedWebhookSchema), ...errorResponses },
      },
      // The body is optional: none is an empty object (no overlap), not a validation error.
      preValidation: async (request) => {
        if (request.body === undefined) (request as { body: unknown }).body = {};
      },
    },
    async (request) => ({
      data: await service.rotateSecret(
        request.auth.organizationId,
        request.params.webhook_id,
        request.body?.previous_secret_expires_in ?? 0,
      ),
    }),
  );
}
