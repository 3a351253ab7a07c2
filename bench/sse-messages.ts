import type { IncomingMessage } from 'node:http';

// The load generator's side of a live stream (rows 14 and 18): a raw http response read as Server-Sent
// Events, each complete message handed on with the time its chunk arrived (the delay rows measure to it).

/** Calls onMessage for every complete message (the text between blank lines) read from res. */
export function onSseMessages(res: IncomingMessage, onMessage: (message: string, arrivedAt: number) => void): void {
  let buffer = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    const now = Date.now();
    buffer += chunk;
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const message = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
      onMessage(message, now);
    }
  });
}

/** The data line of a message, parsed; null for a message without one (comments, the retry line). */
export function sseData<T>(message: string): T | null {
  const data = message.split('\n').find((l) => l.startsWith('data: '));
  return data ? (JSON.parse(data.slice(6)) as T) : null;
}
