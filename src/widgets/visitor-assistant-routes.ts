import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ChatResponse } from '../help-center/chat-schemas.js';
import type { App } from '../shared/http.js';
import { Data, errorResponses } from '../shared/schemas.js';
import type { VisitorAssistant } from './visitor-assistant.js';
import {
  AssistantBody,
  AssistantParams,
  ConversationParams,
  ConversationSchema,
  HandoffBody,
  SeenBody,
} from './visitor-schemas.js';
import type { VisitorContext, VisitorService } from './visitor-service.js';

// The visitor routes beside the conversations: what the widget reports it showed (so replies it showed
// are not mailed), and the assistant that answers first, with its hand-off to a person.

const tags = ['widget visitors'];
const security: Array<Record<string, string[]>> = [];
const KeyQuery = Type.Object({
  key: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'The widget key (`wk_…`)' })),
});

export async function registerVisitorAssistantRoutes(
  app: App,
  deps: {
    visitors: Pick<VisitorService, 'markSeen'>;
    visitorAssistant: VisitorAssistant;
    addressOf(request: FastifyRequest): string;
    visitorOf(request: FastifyRequest, reply: FastifyReply): Promise<VisitorContext>;
  },
): Promise<void> {
  const { visitors, visitorAssistant, addressOf, visitorOf } = deps;

  app.post(
    '/conversations/:id/seen',
    {
      schema: {
        tags,
        security,
        summary: 'The widget showed the conversation up to this message: replies up to it are not mailed',
        querystring: KeyQuery,
        params: ConversationParams,
        body: SeenBody,
        response: { 204: Type.Null({ description: 'Recorded' }), ...errorResponses },
      },
    },
    async (request, reply) => {
      await visitors.markSeen(await visitorOf(request, reply), request.params.id, request.body.message_id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/assistant',
    {
      schema: {
        tags,
        security,
        summary: "Ask the organization's assistant (answers from published articles, citing them)",
        description:
          "The same answer as the help center's `POST /help/{slug}/api/chat`. 409 `conflict` when the organization " +
          'has no published articles (the session says so: `assistant: false`).',
        querystring: KeyQuery,
        body: AssistantBody,
        response: { 200: ChatResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const ctx = await visitorOf(request, reply);
      return { data: await visitorAssistant.ask(ctx, request.body, addressOf(request)) };
    },
  );

  app.post(
    '/assistant/:conversation_id/handoff',
    {
      schema: {
        tags,
        security,
        summary: 'Hand the assistant conversation to a person: a ticket (channel WIDGET_AI) with the transcript',
        querystring: KeyQuery,
        params: AssistantParams,
        body: HandoffBody,
        response: { 201: Data(ConversationSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const ctx = await visitorOf(request, reply);
      const conversation = await visitorAssistant.handoff(
        ctx,
        request.params.conversation_id,
        request.body,
        addressOf(request),
      );
      return reply.code(201).send({ data: conversation });
    },
  );
}
