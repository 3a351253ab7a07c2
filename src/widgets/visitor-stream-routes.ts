import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { EventStreamHub } from '../events/event-stream-hub.js';
import { resumeCursor, responseOutput, STREAM_RESPONSE, startEventStream } from '../events/event-stream-routes.js';
import type { StreamStarts } from '../events/event-stream-start.js';
import type { App } from '../shared/http.js';
import { errorResponses } from '../shared/schemas.js';
import type { VisitorContext, VisitorService } from './visitor-service.js';
import { visitorStreamView } from './visitor-stream-view.js';

// GET /widget/v1/stream: a visitor's live view of their conversations, as Server-Sent Events. It is a
// stream of the organization's one feed in this process (events/event-stream-hub.ts), with a view of
// its own (visitor-stream-view.ts): no listener or log read of its own, and the same resumption by
// Last-Event-ID (ids are the log's cursors), so a reconnect loses and repeats nothing.

const StreamQuery = Type.Object({
  key: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'The widget key (`wk_…`)' })),
  token: Type.Optional(
    Type.String({ minLength: 1, maxLength: 200, description: 'The visitor token (EventSource sends no headers)' }),
  ),
  after: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Start after this event id' })),
});
const StreamHeaders = Type.Object({
  'last-event-id': Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
});

export async function registerVisitorStream(
  app: App,
  deps: {
    visitors: Pick<VisitorService, 'visibleTicketIds'>;
    eventStream: EventStreamHub;
    streamStarts: StreamStarts;
    visitorOf(request: FastifyRequest, reply: FastifyReply): Promise<VisitorContext>;
  },
): Promise<void> {
  const { visitors, eventStream, streamStarts, visitorOf } = deps;
  app.get(
    '/stream',
    {
      schema: {
        tags: ['widget visitors'],
        security: [],
        summary: "The visitor's conversations live (text/event-stream): message.created, ticket.updated, presence",
        querystring: StreamQuery,
        headers: StreamHeaders,
        response: { 200: STREAM_RESPONSE, ...errorResponses },
      },
    },
    async (request, reply) => {
      const ctx = await visitorOf(request, reply);
      const cursor = resumeCursor(request.headers['last-event-id'], request.query.after);
      const start = await streamStarts(ctx.organizationId, cursor);
      const view = visitorStreamView(
        { visitorId: ctx.visitor.id, externalUserId: ctx.visitor.identified ? ctx.visitor.external_user_id : null },
        await visitors.visibleTicketIds(ctx),
      );

      const res = startEventStream(reply);
      const stream = eventStream.subscribe(ctx.organizationId, {
        types: null,
        position: start.position,
        output: responseOutput(res),
        first: start.first,
        view,
      });
      res.on('close', () => stream.close());
      // A conversation opened between the first read and the subscription was announced to no stream
      // of this visitor: read the set once more now that the stream hears announcements.
      for (const id of await visitors.visibleTicketIds(ctx)) view.tickets.add(id);
    },
  );
}
