import { Writable } from 'node:stream';

/** A pino destination that keeps every JSON log line written to it, parsed, in `lines`. */
export function captureLogLines(): { stream: Writable; lines: Record<string, any>[] } {
  const lines: Record<string, any>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  return { stream, lines };
}
