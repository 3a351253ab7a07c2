// A small Server-Sent Events client for tests: fetch's streaming body, parsed into messages (id, event,
// data) and comment lines, readable one at a time with a timeout.

export interface SseMessage {
  id?: string;
  event: string;
  data: string;
}

export interface SseStream {
  status: number;
  headers: Headers;
  /** The JSON body of a refused stream (status other than 200). */
  body?: any;
  /** Every message so far, in order. */
  messages: SseMessage[];
  /** Every comment line so far (without the leading colon and space). */
  comments: string[];
  /** The next message not yet taken by next(); rejects after timeoutMs. */
  next(timeoutMs?: number): Promise<SseMessage>;
  /** Takes messages until `count` of them satisfy `keep` (others are skipped); returns the kept ones. */
  take(count: number, keep?: (m: SseMessage) => boolean, timeoutMs?: number): Promise<SseMessage[]>;
  /** Resolves when the server has ended the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openStream(
  url: string,
  options: { token?: string; headers?: Record<string, string> } = {},
): Promise<SseStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await fetch(url, { headers, signal: controller.signal });
  const messages: SseMessage[] = [];
  const comments: string[] = [];
  let taken = 0;
  let wake: (() => void) | null = null;
  let finished = false;
  const notify = () => {
    const w = wake;
    wake = null;
    w?.();
  };

  const stream: SseStream = {
    status: res.status,
    headers: res.headers,
    messages,
    comments,
    ended: Promise.resolve(),
    async next(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (taken >= messages.length) {
        if (finished) throw new Error('the stream ended');
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no message within ${timeoutMs} ms (got ${messages.length})`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      return messages[taken++];
    },
    async take(count, keep = () => true, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      const kept: SseMessage[] = [];
      while (kept.length < count) {
        const m = await stream.next(Math.max(1, deadline - Date.now()));
        if (keep(m)) kept.push(m);
      }
      return kept;
    },
    close: () => controller.abort(),
  };
  if (res.status !== 200) {
    const text = await res.text();
    try {
      stream.body = JSON.parse(text);
    } catch {
      stream.body = text;
    }
    return stream;
  }

  stream.ended = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const message: Partial<SseMessage> & { data?: string } = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trimStart());
            else {
              const colon = line.indexOf(':');
              const field = colon < 0 ? line : line.slice(0, colon);
              const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
              if (field === 'id') message.id = value;
              else if (field === 'event') message.event = value;
              else if (field === 'data')
                message.data = message.data === undefined ? value : `${message.data}\n${value}`;
            }
          }
          if (message.data !== undefined) messages.push({ event: 'message', ...message } as SseMessage);
          notify();
        }
      }
    } catch {
      // aborted by close(), or cut
    } finally {
      finished = true;
      notify();
    }
  })();
  return stream;
}
