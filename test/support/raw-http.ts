import { connect } from 'node:net';

export interface RawAnswer {
  /** Everything the server sent before closing (or before the wait ended). */
  text: string;
  status: number | null;
  headers: Record<string, string>;
  body: any;
  /** True when the server closed the connection. */
  closed: boolean;
}

/**
 * Sends bytes on a fresh TCP connection and collects the answer until the server closes the
 * connection or `waitMs` passes (for answers on connections the server keeps open).
 */
export function rawRequest(port: number, bytes: string | Buffer, waitMs = 5_000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let closed = false;
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(parse(Buffer.concat(chunks).toString('latin1'), closed));
    };
    const timer = setTimeout(finish, waitMs);
    socket.on('connect', () => socket.write(bytes));
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', (err) => ((err as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(err)));
    socket.on('close', () => {
      closed = true;
      finish();
    });
  });
}

export function parse(text: string, closed: boolean): RawAnswer {
  const head = text.indexOf('\r\n\r\n');
  const lines = (head >= 0 ? text.slice(0, head) : text).split('\r\n');
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '');
  const headers: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  let body: any = head >= 0 ? text.slice(head + 4) : '';
  const length = Number(headers['content-length']);
  if (Number.isFinite(length) && head >= 0) body = text.slice(head + 4, head + 4 + length);
  try {
    body = JSON.parse(body);
  } catch {
    // not JSON: kept as text
  }
  return { text, status: status ? Number(status[1]) : null, headers, body, closed };
}
