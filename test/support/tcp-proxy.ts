import { createServer, connect, type Server, type Socket } from 'node:net';

// A TCP proxy between the service and PostgreSQL, for fault injection without touching the shared
// server: `cut()` destroys every link (the service sees ECONNRESET / "Connection terminated
// unexpectedly") and refuses new ones until `restore()`; `pause()` keeps links open but forwards
// nothing (a database that stopped answering) until `resume()`.

export interface TcpProxy {
  port: number;
  /** The target URL with host and port replaced by the proxy's. */
  url(targetUrl: string): string;
  cut(): void;
  restore(): void;
  pause(): void;
  resume(): void;
  /** Links currently open. */
  readonly open: number;
  /** Links accepted so far. */
  readonly accepted: number;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const links = new Set<{ client: Socket; server: Socket; flush(): void }>();
  let refusing = false;
  let paused = false;
  let accepted = 0;
  const server: Server = createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    accepted++;
    const upstream = connect(targetPort, targetHost);
    // Held back while paused (not stream.pause(): piping may resume a paused source on 'drain').
    const held: [Socket, Buffer][] = [];
    const forward = (to: Socket) => (chunk: Buffer) => {
      if (paused) held.push([to, chunk]);
      else to.write(chunk);
    };
    const link = {
      client,
      server: upstream,
      flush() {
        for (const [to, chunk] of held.splice(0)) to.write(chunk);
      },
    };
    links.add(link);
    const drop = () => {
      links.delete(link);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.on('data', forward(upstream));
    upstream.on('data', forward(client));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    url(targetUrl) {
      const u = new URL(targetUrl);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    cut() {
      refusing = true;
      for (const link of [...links]) {
        link.client.destroy();
        link.server.destroy();
      }
      links.clear();
    },
    restore() {
      refusing = false;
    },
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
      for (const link of links) link.flush();
    },
    get open() {
      return links.size;
    },
    get accepted() {
      return accepted;
    },
    async close() {
      refusing = true;
      for (const link of links) {
        link.client.destroy();
        link.server.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
