import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { asList } from './route-hooks.js';
import { CONDITIONAL_ROUTES, GUARDED_ADDITIONS } from './conditional-plugin.js';

// The OpenAPI document of platform.md §1–3: request and response headers (X-Request-Id, Idempotency-Key,
// Idempotent-Replayed, ETag, If-Match, If-None-Match) and the statuses 304, 409, 412 and 422 with their
// error codes, on the operations that have them. It amends each route's schema as the route is added
// (in place, like openapi-plugin.ts, whose document reads the same objects), so it stays apart from the
// document's own configuration. The request headers are documented without constraints, so validating
// them never refuses a request: the plugins that read them answer in the one error shape.

const errorRef = (description: string) => ({ $ref: 'ErrorResponse#', description });

const HEADERS = {
  requestId: {
    type: 'string',
    description: 'Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up',
  },
  idempotencyKey: {
    type: 'string',
    description:
      'Makes the POST safe to retry: 1–255 printable ASCII characters, kept per organization for IDEMPOTENCY_TTL_HOURS (24 h)',
  },
  ifNoneMatch: {
    type: 'string',
    description: 'ETag(s) you hold, or *: 304 Not Modified when the current one is among them',
  },
  ifMatch: {
    type: 'string',
    description: 'ETag(s) you read, or *: the write happens only if the current ETag is among them (else 412)',
  },
  ifMatchOfTicket: {
    type: 'string',
    description:
      "The ticket's ETag(s) you read (GET /tickets/{id}), or *: added only if the ticket's current ETag is among them (else 412, nothing stored)",
  },
};
const RESPONSE_HEADERS = {
  requestId: {
    type: 'string',
    description: 'The request id (yours when it was well formed); also in every error body',
  },
  etag: { type: 'string', description: 'Strong entity tag of this representation' },
  replayed: {
    type: 'string',
    enum: ['true'],
    description: 'Present on an answer replayed for a repeated Idempotency-Key',
  },
};

type Schema = {
  hide?: boolean;
  headers?: { type?: string; properties?: Record<string, unknown> };
  response?: Record<string, any>;
};

export const platformDocsPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      const schema = route.schema as Schema | undefined;
      if (!schema || schema.hide) return;
      const methods = asList(route.method);
      const idempotent = methods.includes('POST') && route.url.startsWith('/api/v1/') && !!route.config?.scopes;
      const conditional = CONDITIONAL_ROUTES.has(route.url);
      // A POST adding to a ticket (message, note): If-Match against the ticket's ETag.
      const guarded = GUARDED_ADDITIONS.has(route.url) && methods.includes('POST');
      const requestHeaders: Record<string, unknown> = { 'x-request-id': HEADERS.requestId };
      if (idempotent) requestHeaders['idempotency-key'] = HEADERS.idempotencyKey;
      if (conditional && methods.includes('GET')) requestHeaders['if-none-match'] = HEADERS.ifNoneMatch;
      if (conditional && (methods.includes('PATCH') || methods.includes('DELETE')))
        requestHeaders['if-match'] = HEADERS.ifMatch;
      if (guarded) requestHeaders['if-match'] = HEADERS.ifMatchOfTicket;
      // GET routes come through twice (their HEAD twin shares the schema object): adding is idempotent.
      schema.headers = {
        type: 'object',
        ...schema.headers,
        properties: { ...schema.headers?.properties, ...requestHeaders },
      };

      const response = (schema.response ??= {});
      for (const [status, body] of Object.entries(response)) {
        if (body.headers?.['X-Request-Id']) continue;
        const headers: Record<string, unknown> = { 'X-Request-Id': RESPONSE_HEADERS.requestId };
        if (/^2/.test(status) && idempotent) headers['Idempotent-Replayed'] = RESPONSE_HEADERS.replayed;
        if (status === '200' && conditional && (methods.includes('GET') || methods.includes('PATCH')))
          headers.ETag = RESPONSE_HEADERS.etag;
        response[status] = { ...body, headers };
      }
      if (idempotent) {
        response[409] = withRequestId(
          errorRef(
            '`conflict` (a duplicate), or `idempotency_key_in_use`: a request with this Idempotency-Key is still running (Retry-After: 1)',
          ),
        );
        response[422] = withRequestId(
          errorRef('`idempotency_key_reused`: this Idempotency-Key was used for another method, path or body'),
        );
      }
      if (conditional && methods.includes('GET')) {
        response[304] = {
          type: 'null',
          description: 'Not Modified: If-None-Match holds the current ETag (no body)',
          headers: { ETag: RESPONSE_HEADERS.etag, 'X-Request-Id': RESPONSE_HEADERS.requestId },
        };
      }
      if ((conditional && (methods.includes('PATCH') || methods.includes('DELETE'))) || guarded) {
        response[412] = withRequestId(
          errorRef('`precondition_failed`: If-Match does not hold the current ETag; nothing was changed'),
        );
      }
    });
  },
  { name: 'platform-docs' },
);

const withRequestId = (body: Record<string, unknown>) => ({
  ...body,
  headers: { 'X-Request-Id': RESPONSE_HEADERS.requestId },
});
