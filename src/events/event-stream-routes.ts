import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { errorResponses } from '../shared/schemas.js';
import type { App } from '../shared/http.js';
import { parseTypes } from './event-routes.js';
import type { EventStreamHub } from './event-stream-hub.js';
import type { StreamOutput } from './event-stream-subscriber.js';
import type { StreamStarts } from './event-stream-start.js';

// GET /events/stream: the event log as Server-Sent Events. The answer is written on the raw response
// once the request has been checked (scope, query, cursor: errors before it are ordinary JSON errors),
// so nothing of the reply pipeline touches it: it is never compressed (a compressor buffers), and the
// request deadline no longer applies (a stream lives as long as the client wants). New streams are
// still refused under overload like any request. Shutdown ends every stream; clients resume by
// Last-Event-ID.

const StreamQuery = Type.Object({
  after: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'Start after this cursor (a next_cursor or an event id of the stream); Last-Event-ID wins',
    }),
  ),
  type: Type.Optional(Type.String({ minLength: 1, maxLength: 1000, description: 'Comma-separated event types' })),
});

const StreamHeaders = Type.Object({
  'last-event-id': Type.Optional(
    Type.String({ minLength: 1, maxLength: 200, description: 'Resume after this event id (sent by EventSource)' }),
  ),
});

/** Tells the client how long to wait before reconnecting (EventSource's retry field). */
export const RETRY_MS = 2_000;

/** The 200 answer of a live stream in a route's schema. */
export const STREAM_RESPONSE = {
  description: 'An endless text/event-stream',
  content: { 'text/event-stream': { schema: Type.String() } },
};

/** Where a stream resumes: Last-Event-ID (EventSource's reconnect) wins over ?after=; null = from now. */
export function resumeCursor(lastEventId: unknown, after: string | undefined) {
  if (typeof lastEventId === 'string') return { raw: lastEventId, field: 'Last-Event-ID' as const };
  return after !== undefined ? { raw: after, field: 'after' as const } : null;
}

/**
 * Takes the response over from the reply pipeline (never compressed, no request deadline) and starts
 * the event stream on it: headers, then the reconnect delay. The reply's own headers (CORS, request
 * id) are kept.
 */
export function startEventStream(reply: FastifyReply): ServerResponse {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    // nginx and similar proxies: pass each message on at once instead of buffering the answer.
    'x-accel-buffering': 'no',
    // The connection ends with the stream (at shutdown, or when the client is dropped): a server
    // closing must not wait for a kept-alive connection, and a reconnect opens a new one anyway.
    connection: 'close',
  });
  res.socket?.setNoDelay(true);
  res.write(`retry: ${RETRY_MS}\n: connected\n\n`);
  return res;
}

export function responseOutput(res: ServerResponse): StreamOutput {
  return {
    write: (text) => {
      res.write(text);
    },
    buffered: () => res.writableLength,
    drained: () =>
      new Promise<void>((resolve) => {
        // 'drain' comes only after a write that filled the buffer (write returned false).
        if (!res.writableNeedDrain || res.destroyed) return resolve();
        const done = () => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.on('drain', done);
        res.on('close', done);
      }),
    end: () => {
      if (!res.writableEnded) res.end();
    },
  };
}

export async function registerEventStreamRoutes(
  app: App,
  { eventStream, streamStarts }: { eventStream: EventStreamHub; streamStarts: StreamStarts },
): Promise<void> {
  eventStream.setLogger((err, message) => app.log.warn({ err }, message));
  // Before the server stops taking connections: open streams would otherwise hold it open.
  app.addHook('preClose', async () => eventStream.closeAll());

  app.get(
    '/events/stream',
    {
      config: { scopes: ['events:read' as const] },
      schema: {
        tags: ['events'],
        summary: 'The event log live, as Server-Sent Events (text/event-stream), resumable by Last-Event-ID',
        querystring: StreamQuery,
        headers: StreamHeaders,
        response: { 200: STREAM_RESPONSE, ...errorResponses },
      },
    },
    async (request, reply) => {
      const types = parseTypes(request.query.type);
      const cursor = resumeCursor(request.headers['last-event-id'], request.query.after);
      const start = await streamStarts(request.auth.organizationId, cursor);

      const res = startEventStream(reply);
      const stream = eventStream.subscribe(request.auth.organizationId, {
        types: types ? new Set(types) : null,
        position: start.position,
        output: responseOutput(res),
        first: start.first,
      });
      res.on('close', () => stream.close());
      request.log.info({ types: types ?? null }, 'event stream opened');
    },
  );
}
