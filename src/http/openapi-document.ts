import type { ErrorCode } from '../shared/errors.js';
import { RETRY_AFTER_UNAVAILABLE_S } from '../shared/errors.js';
import { REQUEST_EXAMPLES } from './openapi-examples.js';
import { OPERATIONS } from './openapi-operations.js';
import { NAMED_SCHEMAS } from './openapi-schemas.js';

// What the OpenAPI document says beyond the route schemas: component names, operation ids, the error
// answers each operation can really give, response headers, examples, tags and servers. Used by
// openapi-plugin.ts through @fastify/swagger's transform (per route, before conversion) and
// transformObject (the finished document). Nothing here runs on a request.

type Json = Record<string, any>;
const COMPONENT = '#/components/schemas/';
const NAME_OF = new Map<object, string>(Object.entries(NAMED_SCHEMAS).map(([name, schema]) => [schema, name]));
/** Schemas registered with app.addSchema and referenced as `{$ref: "<$id>#"}` by the routes. */
const NAME_OF_ID = new Map<string, string>(
  Object.entries(NAMED_SCHEMAS).flatMap(([name, schema]) =>
    typeof (schema as { $id?: unknown }).$id === 'string'
      ? [[`${(schema as { $id: string }).$id}#`, name] as const]
      : [],
  ),
);

/**
 * A copy of a route schema part in which every named schema (by identity) is a reference to its
 * component. Copy-on-write: the route's own objects, which validate and serialize, are not touched.
 */
export function withComponentRefs(node: unknown, keep?: object): unknown {
  if (Array.isArray(node)) return node.map((item) => withComponentRefs(item));
  if (node === null || typeof node !== 'object') return node;
  const name = NAME_OF.get(node);
  if (name && node !== keep) return { $ref: COMPONENT + name };
  const ref = (node as Json).$ref;
  if (typeof ref === 'string' && NAME_OF_ID.has(ref)) return { $ref: COMPONENT + NAME_OF_ID.get(ref) };
  const copy: Json = {};
  for (const [key, value] of Object.entries(node)) copy[key] = withComponentRefs(value);
  return copy;
}

/** The route-level transform: request bodies and responses refer to the components. */
export function transformRouteSchema(schema: Json | undefined): Json | undefined {
  if (!schema) return schema;
  const out: Json = { ...schema };
  if (schema.body) out.body = withComponentRefs(schema.body);
  if (schema.response) out.response = withComponentRefs(schema.response);
  return out;
}

function componentSchemas(): Json {
  const schemas: Json = {};
  for (const [name, schema] of Object.entries(NAMED_SCHEMAS)) {
    const { $id: _id, ...rest } = withComponentRefs(schema, schema) as Json;
    schemas[name] = rest;
  }
  return schemas;
}

const CODE_MEANINGS: Partial<Record<ErrorCode, string>> = {
  validation_error: 'the request is invalid; `details` names each field and issue',
  unauthorized: 'the API key is missing, malformed, unknown or revoked',
  insufficient_scope: 'the API key lacks the scope this operation needs',
  invalid_credentials: 'the email, password or two-factor code is wrong (the same answer for an unknown email)',
  totp_required: 'the account has two-factor authentication: send totp_code',
  organization_required: 'the email has accounts in several organizations: `details` lists each `{ id, name }`',
  invalid_token: 'the link is invalid, expired or already used',
  csrf_failed: 'a session request that changes something lacks the right X-CSRF-Token header',
  two_factor_enrolment_required: 'the organization requires two-factor: the session may only enrol',
  origin_not_allowed: "chat widget: the page's origin is not one of the widget's allowed origins",
  invalid_identity: 'chat widget: the identity token is malformed, wrongly signed, expired or lives too long',
  identity_required: 'chat widget: the widget serves identified visitors only',
  plan_limit_exceeded: "the organization's plan does not allow it",
  not_found: 'no such resource in the organization',
  conflict: 'it conflicts with the current state (a duplicate, or a state that does not allow it)',
  payload_too_large: 'the request body is larger than the configured limit',
  unsupported_media_type: 'the request body is not JSON',
  rate_limited: 'too many requests; retry after `Retry-After` seconds',
  service_unavailable: 'the database is unavailable or did not answer in time; retry after `Retry-After` seconds',
  idempotency_key_in_use: 'a request with this Idempotency-Key is still running; retry after `Retry-After` seconds',
  idempotency_key_reused: 'this Idempotency-Key was used with another method, path or body',
  precondition_failed: 'If-Match does not hold the current ETag; nothing was changed',
  request_timeout: 'the request was not received in time; the connection is closed',
  expectation_failed: 'the `Expect` header asks for something other than `100-continue`; the connection is closed',
  headers_too_large: 'the request headers are larger than the server accepts; the connection is closed',
};
const STATUS_TITLES: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  408: 'Request timeout',
  409: 'Conflict',
  412: 'Precondition failed',
  413: 'Payload too large',
  415: 'Unsupported media type',
  417: 'Expectation failed',
  422: 'Unprocessable content',
  429: 'Too many requests',
  431: 'Request header fields too large',
  503: 'Service unavailable',
};
/** The statuses every route once listed (shared/schemas.ts errorResponses): kept only where true. */
const BLANKET = new Set(['400', '401', '403', '404', '409', '412', '413', '415', '422', '429']);
const BODY_METHODS = new Set(['post', 'put', 'patch', 'delete']);
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': { $ref: '#/components/headers/RateLimitLimit' },
  'RateLimit-Remaining': { $ref: '#/components/headers/RateLimitRemaining' },
  'RateLimit-Reset': { $ref: '#/components/headers/RateLimitReset' },
};
const RETRY_AFTER = { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } };

const HEADERS = {
  RateLimitLimit: {
    description: 'Requests allowed per window (one minute); sent when rate limiting is on',
    schema: { type: 'integer' },
  },
  RateLimitRemaining: { description: 'Requests left in the current window', schema: { type: 'integer' } },
  RateLimitReset: { description: 'Seconds until the current window ends', schema: { type: 'integer' } },
  RetryAfter: {
    description: 'Seconds to wait before retrying',
    schema: { type: 'integer', examples: [RETRY_AFTER_UNAVAILABLE_S] },
  },
};

const TAGS = [
  { name: 'tickets', description: 'Support tickets and their messages (conversation threads)' },
  { name: 'customers', description: 'The people who open tickets, with their ticket count' },
  {
    name: 'webhooks',
    description:
      'Webhook endpoints, REST-hook subscriptions, delivery history, test pings, redelivery and secret rotation',
  },
  {
    name: 'events',
    description: 'The event log: every change, in order, with gap-free cursors for catching up (`events:read`)',
  },
  { name: 'billing', description: "Usage of the current month against the organization's plan" },
  { name: 'users', description: 'Staff users (agents and admins) who work on tickets (`admin` scope)' },
  { name: 'teams', description: 'Teams of staff users tickets can be assigned to (`admin` scope)' },
  { name: 'tags', description: 'Labels on tickets (`admin` scope; reading also with `tickets:read`)' },
  { name: 'invitations', description: 'Invitations of new staff users (`admin` scope)' },
  { name: 'api-keys', description: 'API keys of the organization (`admin` scope)' },
  { name: 'organization', description: "The caller's organization: name, public slug and help center settings" },
  { name: 'knowledge base', description: 'Help center collections and articles (`kb:read`, `kb:write`)' },
  {
    name: 'help center',
    description: 'The public help center of an organization: search and the assistant (no authentication)',
  },
  {
    name: 'mailboxes',
    description: 'Support mailboxes of the email channel: addresses, IMAP/SMTP settings, inbound URLs (`admin` scope)',
  },
  {
    name: 'auth',
    description:
      'Staff sign-in, sessions (a cookie that works on every route, with X-CSRF-Token on changes) and two-factor',
  },
  { name: 'widgets', description: 'Chat widgets embedded in the organization’s sites (`admin` scope)' },
  {
    name: 'widget visitors',
    description:
      'The chat widget’s visitor API under /widget/v1: no API key; the page’s origin, the visitor token and per-visitor budgets',
  },
  { name: 'health', description: 'Liveness and readiness probes (no authentication)' },
];

/** The error answers an operation can give, by status: derived from its shape, plus its table entry's. */
export function operationErrors(
  method: string,
  operation: Json,
  extra: Partial<Record<number, ErrorCode[]>> = {},
): Map<number, ErrorCode[]> {
  const authenticated = !(Array.isArray(operation.security) && operation.security.length === 0);
  const hasPathId = (operation.parameters ?? []).some((p: Json) => p.in === 'path');
  const errors = new Map<number, ErrorCode[]>();
  const add = (status: number, ...codes: ErrorCode[]) =>
    errors.set(status, [...new Set([...(errors.get(status) ?? []), ...codes])]);
  // Any request: a NUL (%00) in the URL, and the query and body checks.
  add(400, 'validation_error');
  // Any request, answered by the HTTP layer before routing (client-errors.ts): a client too slow to
  // send its request, an unsupported Expect header, headers over the size limit.
  add(408, 'request_timeout');
  add(417, 'expectation_failed');
  add(431, 'headers_too_large');
  if (authenticated) {
    add(401, 'unauthorized');
    add(403, 'insufficient_scope');
  }
  if (hasPathId) add(404, 'not_found');
  // Fastify reads a body sent with these methods even when the route takes none.
  if (BODY_METHODS.has(method)) {
    add(413, 'payload_too_large');
    add(415, 'unsupported_media_type');
  }
  if (authenticated) {
    add(429, 'rate_limited');
    add(503, 'service_unavailable');
  }
  // Platform headers the operation takes (platform-docs-plugin.ts declares them): Idempotency-Key on
  // POSTs, If-Match on conditional PATCH/DELETE.
  const takesHeader = (name: string) =>
    (operation.parameters ?? []).some((p: Json) => p.in === 'header' && p.name.toLowerCase() === name);
  if (takesHeader('idempotency-key')) {
    add(409, 'idempotency_key_in_use');
    add(422, 'idempotency_key_reused');
  }
  if (takesHeader('if-match')) add(412, 'precondition_failed');
  for (const [status, codes] of Object.entries(extra)) add(Number(status), ...(codes ?? []));
  return new Map([...errors].sort(([a], [b]) => a - b));
}

function errorResponse(status: number, codes: ErrorCode[], authenticated: boolean): Json {
  const list = codes.map((code) => `- \`${code}\`: ${CODE_MEANINGS[code] ?? code}`).join('\n');
  const headers = status === 429 ? { ...RATE_LIMIT_HEADERS, ...RETRY_AFTER } : status === 503 ? RETRY_AFTER : undefined;
  return {
    description: `${STATUS_TITLES[status] ?? 'Error'}. \`error.code\` is one of:\n${list}`,
    ...(headers && authenticated ? { headers } : {}),
    content: { 'application/json': { schema: { $ref: `${COMPONENT}Error` } } },
  };
}

function completeOperation(method: string, path: string, operation: Json): void {
  const entry = OPERATIONS[`${method.toUpperCase()} ${path}`];
  if (entry) operation.operationId = entry.operationId;
  if (entry?.summary) operation.summary ??= entry.summary;
  // The route accepts no body at all (an empty object is assumed): generated clients must not demand one.
  if (entry?.optionalBody && operation.requestBody) operation.requestBody.required = false;
  const authenticated = !(Array.isArray(operation.security) && operation.security.length === 0);
  const responses: Json = {};
  // Headers other plugins declare on an error answer (e.g. X-Request-Id) survive its re-derivation.
  const declaredHeaders = (status: number) => (operation.responses as Json)[status]?.headers as Json | undefined;
  for (const [status, response] of Object.entries(operation.responses as Json)) {
    if (BLANKET.has(status)) continue; // re-derived below, only where true
    const success = status.startsWith('2');
    if (success && entry && response.description === 'Default Response') response.description = entry.ok;
    if (entry?.responses?.[status]) response.description = entry.responses[status];
    if (success && authenticated) response.headers = { ...RATE_LIMIT_HEADERS, ...response.headers };
    responses[status] = response;
  }
  for (const [status, codes] of operationErrors(method, operation, entry?.errors)) {
    if (responses[status]) continue;
    responses[status] = errorResponse(status, codes, authenticated);
    if (declaredHeaders(status))
      responses[status].headers = { ...declaredHeaders(status), ...responses[status].headers };
  }
  operation.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
  const example = entry && REQUEST_EXAMPLES[entry.operationId];
  const media = operation.requestBody?.content?.['application/json'];
  if (media && example !== undefined) media.example = example;
}

const OVERVIEW = [
  'Customer-support ticketing service: tickets, customers, webhooks, usage.',
  '',
  '- **Authentication**: `Authorization: Bearer <API key>`; each operation names the scope it needs.',
  '- **Errors**: one shape, `{"error": {"code", "message", "details": [{"field", "issue"}]}}` (`Error`); each',
  '  operation lists the statuses and codes it can answer.',
  '- **Pagination**: `page` (from 1) and `limit` (1–100, default 20); `meta.pagination` holds `page`, `limit`,',
  '  `total` and `total_pages`. Tag and webhook lists are not paginated.',
  '- **Rate limits**: `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset`; a 429 or 503 says when to',
  '  retry in `Retry-After` (seconds).',
  '- **Typed client**: `@helpdesk/sdk` (packages/sdk in the repository) is generated from this document.',
].join('\n');

/** The transformObject step: the finished document gets its components, operations and metadata. */
export function completeDocument(document: Json): Json {
  document.info = { ...document.info, description: OVERVIEW };
  document.servers = [
    // Relative: the origin that served this document, so the docs page's "Try it out" calls the
    // server it was opened on, whatever its host and port.
    { url: '/', description: 'The server that served this document' },
    {
      url: '{protocol}://{host}',
      description: 'Where the service runs (a local `npm start` listens on localhost:3000)',
      variables: { protocol: { default: 'http', enum: ['http', 'https'] }, host: { default: 'localhost:3000' } },
    },
  ];
  const components = (document.components ??= {});
  const schemas: Json = { ...components.schemas, ...componentSchemas() };
  // addSchema'd schemas (ErrorResponse) are listed under their $id too: their named copy replaces them.
  for (const id of NAME_OF_ID.keys()) delete schemas[id.slice(0, -1)];
  components.schemas = schemas;
  components.headers = { ...components.headers, ...HEADERS };
  const used = new Set<string>();
  for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
    for (const method of METHODS) {
      if (!item[method]) continue;
      completeOperation(method, path, item[method]);
      for (const tag of item[method].tags ?? []) used.add(tag);
    }
  }
  document.tags = [
    ...TAGS.filter((t) => used.has(t.name)),
    ...[...used].filter((n) => !TAGS.some((t) => t.name === n)).map((name) => ({ name })),
  ];
  return document;
}
