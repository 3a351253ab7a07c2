import { Type } from 'typebox';
import { ChatBody, ChatResponse, ConversationParams, FeedbackBody, HandoffBody, SlugParams } from './chat-schemas.js';
import type { AssistantService } from '../knowledge/assistant-service.js';
import { validationError } from '../shared/errors.js';
import type { App } from '../shared/http.js';
import { errorResponses } from '../shared/schemas.js';
import type { ChatLimits } from './chat-limits.js';
import { createSseAnswer } from './chat-stream.js';
import { articlePath } from './help-pages.js';
import { type HelpCenterDeps, siteOf } from './help-routes.js';

// The assistant's public API: a question answered as JSON, or streamed as server-sent events (delta
// messages with text, then one done message with the whole answer; chat-stream.ts) when the client
// accepts text/event-stream; the hand-off to a person, and feedback on an answer. A client that goes
// away stops the model (its answer falls back, and no credit is used).

const VALID_KEY = /^[\x20-\x7e]{1,255}$/;

/** The optional Idempotency-Key header (1–255 printable ASCII characters, as on the API). */
function idempotencyKey(raw: string | string[] | undefined): string | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !VALID_KEY.test(raw)) {
    throw validationError(
      'Idempotency-Key must be 1–255 printable ASCII characters',
      'Idempotency-Key',
      'invalid_format',
    );
  }
  return raw;
}

export interface ChatDeps extends HelpCenterDeps {
  assistant: Pick<AssistantService, 'ask' | 'handoff' | 'feedback'>;
  chatLimits: ChatLimits;
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
          'With `Accept: text/event-stream` the answer streams as `delta` events, then one `done` event with the data ' +
          '(a `reset` event, rare, says to drop the deltas shown so far: the text that follows replaces them). ' +
          'A retry with the same `Idempotency-Key` header (or, in a conversation, the same question again within ' +
          'two minutes) answers the answer already given, and uses no further AI credit.',
        params: SlugParams,
        body: ChatBody,
        response: { 200: ChatResponse, ...errorResponses, 422: errorResponses[400] },
      },
    },
    async (request, reply) => {
      const site = await siteOf(deps, request, reply, request.params.slug, false);
      if (!site) return reply;
      const key = idempotencyKey(request.headers['idempotency-key']);
      deps.chatLimits.take(site.organizationId, request.ip, request.body.conversation_id);
      const streaming = (request.headers.accept ?? '').includes('text/event-stream');
      const stream = streaming ? createSseAnswer(reply) : null;
      const gone = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) gone.abort();
      });
      let result: Awaited<ReturnType<typeof deps.assistant.ask>>;
      try {
        result = await deps.assistant.ask(site.organizationId, {
          message: request.body.message,
          conversation_id: request.body.conversation_id,
          clientAddress: request.ip,
          articleUrl: (a) => `${site.baseUrl}${articlePath(site.slug, a.slug)}`,
          idempotencyKey: key,
          signal: gone.signal,
          onDelta: stream ? (text) => stream.delta(text) : undefined,
        });
      } catch (err) {
        if (!stream?.started) throw err;
        request.log.error({ err }, 'the streamed answer failed');
        stream.fail(err, request.id);
        return reply;
      }
      if (stream) return stream.finish(result) ?? reply;
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
