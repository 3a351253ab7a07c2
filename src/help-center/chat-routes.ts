import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { ChatBody, ChatResponse, ConversationParams, FeedbackBody, HandoffBody, SlugParams } from './chat-schemas.js';
import type { AskResult, AssistantService } from '../knowledge/assistant-service.js';
import type { App } from '../shared/http.js';
import { errorResponses } from '../shared/schemas.js';
import type { ChatLimits } from './chat-limits.js';
import { articlePath } from './help-pages.js';
import { type HelpCenterDeps, siteOf } from './help-routes.js';

// The assistant's public API: a question answered as JSON, or streamed as server-sent events (delta
// messages with text, then one done message with the whole answer) when the client accepts
// text/event-stream; the hand-off to a person, and feedback on an answer.

export interface ChatDeps extends HelpCenterDeps {
  assistant: Pick<AssistantService, 'ask' | 'handoff' | 'feedback'>;
  chatLimits: ChatLimits;
}

/** Server-sent events: the answer's text in pieces, then the whole answer. */
function stream(reply: FastifyReply, result: AskResult): FastifyReply {
  const events: string[] = [];
  const words = result.answer.text.match(/\S+\s*/g) ?? [];
  for (let i = 0; i < words.length; i += 8) {
    events.push(`event: delta\ndata: ${JSON.stringify({ text: words.slice(i, i + 8).join('') })}\n\n`);
  }
  events.push(`event: done\ndata: ${JSON.stringify({ data: result })}\n\n`);
  return reply
    .code(200)
    .header('cache-control', 'no-cache')
    .header('x-accel-buffering', 'no')
    .type('text/event-stream; charset=utf-8')
    .send(events.join(''));
}

export async function registerChatRoutes(app: App, deps: ChatDeps): Promise<void> {
  const tags = ['help center'];

  app.post(
    '/help/:slug/api/chat',
    {
      schema: {
        tags,
        summary: "Ask the help center's assistant (public; no authentication)",
        description:
          'Answers from published articles only, citing them. `mode`: `extractive` (quotes of the best passages), ' +
          '`none` (nothing relevant: a person is offered), or `generated` (written by the configured model). ' +
          'With `Accept: text/event-stream` the answer streams as `delta` events, then one `done` event with the data.',
        params: SlugParams,
        body: ChatBody,
        response: { 200: ChatResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const site = await siteOf(deps, request, reply, request.params.slug, false);
      if (!site) return reply;
      deps.chatLimits.take(site.organizationId, request.ip, request.body.conversation_id);
      const result = await deps.assistant.ask(site.organizationId, {
        message: request.body.message,
        conversation_id: request.body.conversation_id,
        clientAddress: request.ip,
        articleUrl: (a) => `${site.baseUrl}${articlePath(site.slug, a.slug)}`,
      });
      if ((request.headers.accept ?? '').includes('text/event-stream')) return stream(reply, result);
      return { data: result };
    },
  );

  app.post(
    '/help/:slug/api/chat/:conversation_id/handoff',
    {
      schema: {
        tags,
        summary: 'Hand the conversation to a person: a ticket (channel KB_CHAT) with the transcript',
        params: ConversationParams,
        body: HandoffBody,
        response: { 201: Type.Object({ data: Type.Object({ ticket_number: Type.String() }) }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const site = await siteOf(deps, request, reply, request.params.slug, false);
      if (!site) return reply;
      const data = await deps.assistant.handoff(site.organizationId, request.params.conversation_id, request.body);
      return reply.code(201).send({ data });
    },
  );

  app.post(
    '/help/:slug/api/chat/:conversation_id/feedback',
    {
      schema: {
        tags,
        summary: 'Say whether an answer helped',
        params: ConversationParams,
        body: FeedbackBody,
        response: { 200: Type.Object({ data: Type.Object({ recorded: Type.Boolean() }) }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const site = await siteOf(deps, request, reply, request.params.slug, false);
      if (!site) return reply;
      await deps.assistant.feedback(
        site.organizationId,
        request.params.conversation_id,
        request.body.answer_id,
        request.body.helpful,
      );
      return { data: { recorded: true } };
    },
  );
}
