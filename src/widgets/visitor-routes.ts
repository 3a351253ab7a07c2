import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { AppError, validationError } from '../shared/errors.js';
import type { App } from '../shared/http.js';
import { Data, DataList, errorResponses } from '../shared/schemas.js';
import {
  AddVisitorMessageBody,
  ConversationParams,
  ConversationSchema,
  CreateConversationBody,
  SessionBody,
  SessionSchema,
  VisitorMessageSchema,
} from './visitor-schemas.js';
import type { VisitorContext, VisitorService } from './visitor-service.js';
import type { EventStreamHub } from '../events/event-stream-hub.js';
import type { StreamStarts } from '../events/event-stream-start.js';
import { registerVisitorStream } from './visitor-stream-routes.js';
import { registerVisitorAssistantRoutes } from './visitor-assistant-routes.js';
import type { VisitorAssistant } from './visitor-assistant.js';
import type { ResolvedWidget } from './widget-service.js';

// The visitor API under /widget/v1: no API key. Every request names its widget with `?key=wk_…`
// (the session route may give it in its body instead), so that the Origin of a browser's request,
// preflights included, is checked against the widget's allowed origins before anything else: a page
// on any other origin gets 403 origin_not_allowed and no CORS headers, so its script cannot read the
// answer. Requests without an Origin (not from a browser) pass that check; the budgets per client
// address and per visitor (visitor-limits.ts) are what hold off abuse either way.

export interface VisitorRouteDeps {
  visitors: VisitorService;
  visitorAssistant: VisitorAssistant;
  eventStream: EventStreamHub;
  streamStarts: StreamStarts;
  /** The client address as a rate-limit budget (IPv6 by its /64). */
  addressOf(request: FastifyRequest): string;
}

const KeyQuery = Type.Object({
  key: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'The widget key (`wk_…`)' })),
});
const tags = ['widget visitors'];
const security: Array<Record<string, string[]>> = [];

const originNotAllowed = () =>
  new AppError(403, 'origin_not_allowed', "this page's origin is not allowed to use the widget");

const WIDGET = Symbol('widget');
type WithWidget = FastifyRequest & { [WIDGET]?: ResolvedWidget };

/** The Origin header of a browser request (absent: not a browser, or a same-origin GET). */
const originOf = (request: FastifyRequest): string | null => {
  const origin = request.headers.origin;
  return typeof origin === 'string' ? origin : null;
};

/** 403 unless the request's origin (when it has one) is one of the widget's; CORS headers for it when it is. */
export function allowOrigin(request: FastifyRequest, reply: FastifyReply, widget: ResolvedWidget | null): void {
  const origin = originOf(request);
  if (origin === null) return;
  if (!widget?.allowedOrigins.includes(origin.toLowerCase())) throw originNotAllowed();
  reply.header('access-control-allow-origin', origin);
  reply.header('access-control-expose-headers', 'Retry-After');
  reply.header('vary', 'Origin');
}

export function visitorToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return match ? match[1] : null;
  }
  const query = request.query as { token?: unknown } | undefined;
  return typeof query?.token === 'string' ? query.token : null;
}

/** The visitor behind the request's token, who must belong to the widget the request names. */
export const visitorGate =
  (visitors: Pick<VisitorService, 'authenticate'>) =>
  async (request: FastifyRequest, reply: FastifyReply): Promise<VisitorContext> => {
    const token = visitorToken(request);
    if (!token) {
      throw new AppError(401, 'unauthorized', 'missing visitor token (Authorization: Bearer <token>)', [], {
        'www-authenticate': 'Bearer',
      });
    }
    const ctx = await visitors.authenticate(token);
    const named = (request as WithWidget)[WIDGET];
    if (named && named.id !== ctx.widget.id) {
      throw new AppError(401, 'unauthorized', 'the visitor session belongs to another widget', [], {
        'www-authenticate': 'Bearer',
      });
    }
    // Without ?key=, a browser's origin is checked against the session's own widget.
    if (!named) allowOrigin(request, reply, ctx.widget);
    return ctx;
  };

export async function registerVisitorRoutes(app: App, deps: VisitorRouteDeps): Promise<void> {
  const { visitors, addressOf } = deps;
  const visitorOf = visitorGate(visitors);
  // The widget the request names, and the origin check against it, before the body is read.
  app.addHook('onRequest', async (request: WithWidget, reply) => {
    const key = (request.query as { key?: unknown } | undefined)?.key;
    const widget = typeof key === 'string' && key !== '' ? await visitors.widgetByKey(key) : null;
    request[WIDGET] = widget ?? undefined;
    // Without a key, the check waits for the widget the body (sessions) or the visitor's session names.
    if (widget) allowOrigin(request, reply, widget);
  });

  app.options('/*', { schema: { hide: true } }, async (request: WithWidget, reply) => {
    // A preflight names the widget in its URL (?key=), or its origin cannot be vouched for.
    if (!request[WIDGET]) allowOrigin(request, reply, null);
    return reply
      .code(204)
      .header('access-control-allow-methods', 'GET, POST')
      .header('access-control-allow-headers', 'Authorization, Content-Type, Last-Event-ID')
      .header('access-control-max-age', '600')
      .send();
  });

  app.post(
    '/sessions',
    {
      schema: {
        tags,
        security,
        summary: "Open a visitor session with a widget's key (and the site's identity token, if any)",
        querystring: KeyQuery,
        body: SessionBody,
        response: { 201: Data(SessionSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      let widget = (request as WithWidget)[WIDGET];
      if (widget && request.query.key !== request.body.key) {
        throw validationError('key differs from the query key', 'key', 'mismatch');
      }
      if (!widget) {
        widget = await visitors.widgetByKey(request.body.key);
        allowOrigin(request, reply, widget);
      }
      const session = await visitors.openSession(widget, request.body.identity_token, addressOf(request));
      return reply.code(201).send({ data: session });
    },
  );

  app.post(
    '/conversations',
    {
      schema: {
        tags,
        security,
        summary: 'Open a conversation (a ticket of channel WIDGET) with its first message',
        querystring: KeyQuery,
        body: CreateConversationBody,
        response: { 201: Data(ConversationSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const ctx = await visitorOf(request, reply);
      const conversation = await visitors.createConversation(ctx, request.body, addressOf(request));
      return reply.code(201).send({ data: conversation });
    },
  );

  app.get(
    '/conversations',
    {
      schema: {
        tags,
        security,
        summary: "The visitor's conversations, newest first (at most 20)",
        querystring: KeyQuery,
        response: { 200: DataList(ConversationSchema), ...errorResponses },
      },
    },
    async (request, reply) => ({ data: await visitors.listConversations(await visitorOf(request, reply)) }),
  );

  app.get(
    '/conversations/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One of the visitor’s conversations with its messages',
        querystring: KeyQuery,
        params: ConversationParams,
        response: { 200: Data(ConversationSchema), ...errorResponses },
      },
    },
    async (request, reply) => ({
      data: await visitors.getConversation(await visitorOf(request, reply), request.params.id),
    }),
  );

  app.post(
    '/conversations/:id/messages',
    {
      schema: {
        tags,
        security,
        summary: 'Write in one of the visitor’s conversations',
        querystring: KeyQuery,
        params: ConversationParams,
        body: AddVisitorMessageBody,
        response: { 201: Data(VisitorMessageSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const ctx = await visitorOf(request, reply);
      const message = await visitors.addMessage(ctx, request.params.id, request.body.content, addressOf(request));
      return reply.code(201).send({ data: message });
    },
  );

  app.post(
    '/conversations/:id/typing',
    {
      schema: {
        tags,
        security,
        summary: 'The visitor is typing: shown to agents on the ticket for about 30 seconds (never stored)',
        querystring: KeyQuery,
        params: ConversationParams,
        response: { 204: Type.Null({ description: 'Reported' }), ...errorResponses },
      },
    },
    async (request, reply) => {
      await visitors.typing(await visitorOf(request, reply), request.params.id);
      return reply.code(204).send(null);
    },
  );

  await registerVisitorAssistantRoutes(app, { ...deps, visitorOf });
  await registerVisitorStream(app, { ...deps, visitorOf });
}
