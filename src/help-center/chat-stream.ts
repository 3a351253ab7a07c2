import type { FastifyReply } from 'fastify';
import type { AskResult } from '../knowledge/assistant-service.js';
import { AppError, errorBody } from '../shared/errors.js';

// The assistant's answer as server-sent events: `delta` messages with pieces of the text, then one
// `done` with the whole answer. A generated answer's pieces go out as the model writes them (the
// response starts with the first one); any other answer is sent whole, cut into pieces. The deltas
// since the last `reset` always add up to done's text: when what was streamed turns out not to begin
// the final answer (the model failed midway and the answer fell back to quotes), a `reset` event says
// to drop what was shown, and the final text follows.

const WORDS_PER_DELTA = 8;

const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

function pieces(text: string): string[] {
  const words = text.match(/\s*\S+\s*/g) ?? [];
  const out: string[] = [];
  for (let i = 0; i < words.length; i += WORDS_PER_DELTA) out.push(words.slice(i, i + WORDS_PER_DELTA).join(''));
  return out;
}

export function createSseAnswer(reply: FastifyReply) {
  let started = false;
  let sent = '';

  function start(): void {
    started = true;
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    });
    // Each piece goes out at once (no Nagle delay); injected test requests have no real socket.
    res.socket?.setNoDelay?.(true);
  }

  const write = (chunk: string) => {
    if (!reply.raw.destroyed) reply.raw.write(chunk);
  };

  return {
    get started(): boolean {
      return started;
    },
    /** A piece of the answer as the model writes it. */
    delta(text: string): void {
      if (text === '') return;
      if (!started) start();
      sent += text;
      write(event('delta', { text }));
    },
    /** The whole answer: what was not streamed yet, then done. */
    finish(result: AskResult): FastifyReply | undefined {
      const text = result.answer.text;
      const events: string[] = [];
      let rest = text;
      if (text.startsWith(sent)) rest = text.slice(sent.length);
      else events.push(event('reset', {}));
      for (const piece of pieces(rest)) events.push(event('delta', { text: piece }));
      events.push(event('done', { data: result }));
      if (!started) {
        // Nothing streamed yet: an ordinary reply (hooks, compression and headers as usual).
        return reply
          .code(200)
          .header('cache-control', 'no-cache')
          .header('x-accel-buffering', 'no')
          .type('text/event-stream; charset=utf-8')
          .send(events.join(''));
      }
      write(events.join(''));
      reply.raw.end();
      return undefined;
    },
    /** The request failed after the stream began: the error as an `error` event. */
    fail(err: unknown, requestId: string): void {
      const error =
        err instanceof AppError ? err : new AppError(500, 'internal_error', 'the answer could not be completed');
      write(event('error', errorBody(error, requestId)));
      reply.raw.end();
    },
  };
}
