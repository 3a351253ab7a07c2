import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A real HTTP receiver on 127.0.0.1 for webhook tests: records every request's raw bytes and answers
// with whatever the test's responder says (status, headers, or holding the request open).

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  raw: Buffer;
  json: any;
}

export type Responder = (
  req: ReceivedRequest,
  index: number,
) => { status: number; headers?: Record<string, string>; delayMs?: number } | 'hold';

export interface Receiver {
  url: string;
  requests: ReceivedRequest[];
  respond(responder: Responder): void;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  /** Answers every held request with 200. */
  release(): void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  const held: Array<() => void> = [];
  let responder: Responder = () => ({ status: 200 });
  const waiters: Array<() => void> = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      let json: any = null;
      try {
        json = JSON.parse(raw.toString('utf8'));
      } catch {
        json = null;
      }
      const entry: ReceivedRequest = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, raw, json };
      const index = requests.push(entry) - 1;
      for (const w of waiters.splice(0)) w();
      const answer = responder(entry, index);
      if (answer === 'hold') {
        held.push(() => res.writeHead(200).end('ok'));
        return;
      }
      const send = () => res.writeHead(answer.status, answer.headers ?? {}).end('ok');
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    respond(r) {
      responder = r;
    },
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (requests.length < count) {
        if (Date.now() > deadline)
          throw new Error(`receiver got ${requests.length} of ${count} requests in ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return requests.slice(0, count);
    },
    release() {
      for (const answer of held.splice(0)) answer();
    },
    async close() {
      for (const answer of held.splice(0)) answer();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Polls until check() returns a truthy value (or throws after timeoutMs). */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

export const silentLogger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  debug: () => undefined,
};
