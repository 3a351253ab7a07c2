import { createServer, connect, type Server, type Socket } from 'node:net';

// A stand-in for PgBouncer in tests: a TCP proxy in front of PostgreSQL that reads each client's
// StartupMessage (int32 length, int32 protocol 196608, then key\0value\0 pairs ending in \0),
// records its parameters and what the client sent afterwards, and passes every byte through.

const PROTOCOL_3 = 196608;
const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const SENT_KEPT = 256 * 1024;

export interface RecordedConnection {
  parameters: Record<string, string>;
  /** What the client sent after its startup message (latin1, the first 256 KiB): SQL texts appear as is. */
  sent: string;
}

export interface StartupRecorder {
  url: string;
  connections: RecordedConnection[];
  close(): Promise<void>;
}

export function parseStartupParameters(message: Buffer): Record<string, string> {
  const parameters: Record<string, string> = {};
  let at = 8;
  while (at < message.length && message[at] !== 0) {
    const keyEnd = message.indexOf(0, at);
    const valueEnd = message.indexOf(0, keyEnd + 1);
    parameters[message.toString('utf8', at, keyEnd)] = message.toString('utf8', keyEnd + 1, valueEnd);
    at = valueEnd + 1;
  }
  return parameters;
}

/** Starts the proxy in front of the PostgreSQL of `upstreamUrl`; its url is upstreamUrl pointed at the proxy. */
export async function startStartupRecorder(upstreamUrl: string): Promise<StartupRecorder> {
  const upstream = new URL(upstreamUrl);
  const connections: RecordedConnection[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    let pending = Buffer.alloc(0);
    const onStartup = (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 8 && pending.length >= pending.readInt32BE(0)) {
        const length = pending.readInt32BE(0);
        const code = pending.readInt32BE(4);
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
          client.write('N'); // no encryption here; the client goes on with its StartupMessage
          pending = pending.subarray(length);
          continue;
        }
        if (code !== PROTOCOL_3) {
          client.destroy();
          return;
        }
        client.off('data', onStartup);
        const recorded: RecordedConnection = {
          parameters: parseStartupParameters(pending.subarray(0, length)),
          sent: '',
        };
        connections.push(recorded);
        const server = connect(Number(upstream.port || 5432), upstream.hostname);
        sockets.add(server);
        server.on('close', () => sockets.delete(server));
        server.on('error', () => client.destroy());
        client.on('close', () => server.destroy());
        server.on('close', () => client.destroy());
        server.write(pending);
        client.on('data', (data: Buffer) => {
          if (recorded.sent.length < SENT_KEPT) recorded.sent += data.toString('latin1');
          server.write(data);
        });
        server.pipe(client);
        return;
      }
    };
    client.on('data', onStartup);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('proxy did not get a TCP port');
  const url = new URL(upstreamUrl);
  url.hostname = '127.0.0.1';
  url.port = String(address.port);
  return {
    url: url.toString(),
    connections,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
