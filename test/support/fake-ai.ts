import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

// A fake OpenAI-compatible API on 127.0.0.1 for the assistant's tests: chat completions (streamed as
// server-sent events, or one JSON answer), embeddings (hashed bags of words, so texts sharing words are
// near), and scripted faults. Each chat request takes the next scripted behaviour (the default one when
// the script is empty); every request is recorded, so tests can read the prompt the model was given.

export interface ChatCall {
  path: string;
  headers: IncomingHttpHeaders;
  body: any;
  /** The user message (passages and question). */
  prompt: string;
  system: string;
}

type Text = string | ((call: ChatCall) => string);

export type Behaviour =
  /** A streamed answer, cut in small pieces; `usage: false` leaves out the usage chunk. */
  | { kind: 'stream'; text: Text; usage?: boolean; handoff?: boolean; done?: boolean; delayMs?: number }
  /** One JSON completion although a stream was asked for. */
  | { kind: 'plain'; text: Text; handoff?: boolean }
  | { kind: 'status'; status: number; retryAfter?: string }
  /** Headers never come. */
  | { kind: 'hang' }
  /** Part of a streamed answer, then the connection is destroyed. */
  | { kind: 'cut'; text: Text }
  /** The connection is destroyed before any answer. */
  | { kind: 'reset' }
  /** A stream whose messages are not JSON. */
  | { kind: 'garbage' };

export interface FakeAi {
  url: string;
  calls: ChatCall[];
  embeddingCalls: string[][];
  script(...behaviours: Behaviour[]): void;
  /** What is answered when the script is empty. */
  setDefault(behaviour: Behaviour): void;
  reset(): void;
  close(): Promise<void>;
}

export const USAGE = { prompt_tokens: 321, completion_tokens: 45, total_tokens: 366 };
const DIMS = 64;

/** Deterministic embedding: each word hashed into one of DIMS buckets, L2-normalised. */
export function fakeEmbedding(text: string): number[] {
  const v = new Array<number>(DIMS).fill(0);
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    const stem = word.length > 4 ? word.slice(0, 5) : word;
    v[createHash('md5').update(stem).digest()[0]! % DIMS]! += 1;
  }
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}

const pieces = (text: string) => text.match(/[\s\S]{1,7}/g) ?? [];

function chunk(delta: object, finish: string | null = null) {
  return `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
}

const handoffCall = [
  { index: 0, id: 'call_1', type: 'function', function: { name: 'handoff', arguments: '{"reason":"asked"}' } },
];

export async function startFakeAi(): Promise<FakeAi> {
  const calls: ChatCall[] = [];
  const embeddingCalls: string[][] = [];
  let queue: Behaviour[] = [];
  let fallback: Behaviour = { kind: 'stream', text: 'Choose Forgot password on the sign-in page [1].' };
  const sockets = new Set<Socket>();

  function answer(res: ServerResponse, call: ChatCall, behaviour: Behaviour): void {
    const textOf = (t: Text) => (typeof t === 'function' ? t(call) : t);
    switch (behaviour.kind) {
      case 'status':
        res.writeHead(behaviour.status, {
          'content-type': 'application/json',
          ...(behaviour.retryAfter ? { 'retry-after': behaviour.retryAfter } : {}),
        });
        res.end(JSON.stringify({ error: { message: `status ${behaviour.status}` } }));
        return;
      case 'hang':
        return;
      case 'reset':
        res.socket?.destroy();
        return;
      case 'garbage':
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end('data: {"choices": [{"delta": {"content": "Use [1]"\n\ndata: [DONE]\n\n');
        return;
      case 'plain': {
        res.writeHead(200, { 'content-type': 'application/json' });
        const message: any = { role: 'assistant', content: textOf(behaviour.text) };
        if (behaviour.handoff) message.tool_calls = handoffCall;
        res.end(JSON.stringify({ choices: [{ index: 0, message, finish_reason: 'stop' }], usage: USAGE }));
        return;
      }
      case 'cut':
      case 'stream': {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(chunk({ role: 'assistant', content: '' }));
        const parts = pieces(textOf(behaviour.text));
        if (behaviour.kind === 'cut') {
          for (const p of parts) res.write(chunk({ content: p }));
          // Let the pieces reach the client before the connection dies.
          setTimeout(() => res.socket?.destroy(), 50);
          return;
        }
        for (const p of parts) res.write(chunk({ content: p }));
        if (behaviour.handoff) res.write(chunk({ tool_calls: handoffCall }));
        res.write(chunk({}, behaviour.handoff ? 'tool_calls' : 'stop'));
        if (behaviour.usage !== false) {
          res.write(`data: ${JSON.stringify({ id: 'c1', choices: [], usage: USAGE })}\n\n`);
        }
        if (behaviour.done !== false) res.write('data: [DONE]\n\n');
        res.end();
        return;
      }
    }
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: any = null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        res.writeHead(400).end();
        return;
      }
      if (req.url?.endsWith('/embeddings')) {
        const input: string[] = Array.isArray(body.input) ? body.input : [body.input];
        embeddingCalls.push(input);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            data: input.map((t, index) => ({ object: 'embedding', index, embedding: fakeEmbedding(t) })),
            usage: { prompt_tokens: 1, total_tokens: 1 },
          }),
        );
        return;
      }
      if (!req.url?.endsWith('/chat/completions')) {
        res.writeHead(404).end();
        return;
      }
      const messages: any[] = body.messages ?? [];
      const call: ChatCall = {
        path: req.url,
        headers: req.headers,
        body,
        system: messages.find((m) => m.role === 'system')?.content ?? '',
        prompt: messages.find((m) => m.role === 'user')?.content ?? '',
      };
      calls.push(call);
      const behaviour = queue.shift() ?? fallback;
      const delay = behaviour.kind === 'stream' ? (behaviour.delayMs ?? 0) : 0;
      if (delay > 0) setTimeout(() => answer(res, call, behaviour), delay);
      else answer(res, call, behaviour);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    calls,
    embeddingCalls,
    script(...behaviours) {
      queue.push(...behaviours);
    },
    setDefault(behaviour) {
      fallback = behaviour;
    },
    reset() {
      queue = [];
      calls.length = 0;
      embeddingCalls.length = 0;
      fallback = { kind: 'stream', text: 'Choose Forgot password on the sign-in page [1].' };
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
