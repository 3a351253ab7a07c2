import type { ChildProcess } from 'node:child_process';
import { startCli, stopCli } from './cli-runner.js';
import { freePort } from './ports.js';

// A real server process for the browser tests: the compiled `serve` (built by build-setup.ts), on a port
// chosen here so the links it prints (PUBLIC_URL) point at the address the browser opens.

export interface ServerProcess {
  /** http://127.0.0.1:PORT, the origin the browser and the API calls use. */
  base: string;
  child: ChildProcess;
  /** Everything the process printed so far (first-start lines, then pino's JSON log). */
  output(): string;
  stop(): Promise<void>;
}

export interface ApiAnswer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** Starts `serve --no-worker` on the database and resolves once it listens. */
export async function startServerProcess(dbUrl: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    try {
      const started = await startCli(
        ['serve', '--no-worker'],
        {
          DATABASE_URL: dbUrl,
          DATABASE_POOL_SIZE: '4',
          HOST: '127.0.0.1',
          PORT: String(port),
          PUBLIC_URL: base,
          LOG_LEVEL: 'info',
          RATE_LIMIT_PER_MINUTE: '0',
          // The test machine's event loop stalls now and then (two shared cores); a 503 there would
          // fail a browser step that has nothing to do with overload.
          OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
          ...env,
        },
        /Server listening at http:\/\/127\.0\.0\.1:\d+/,
        30_000,
      );
      return {
        base,
        child: started.child,
        output: started.output,
        async stop() {
          await stopCli(started.child).catch(() => started.child.kill('SIGKILL'));
        },
      };
    } catch (err) {
      // Another process took the port between the probe and the listen: pick another.
      if (attempt < 3 && /EADDRINUSE/.test(String(err))) continue;
      throw err;
    }
  }
}

/** What the first start on an empty database printed: the default organization's key and the setup link. */
export function firstStartSecrets(output: string): { apiKey: string; setupUrl: string | null } {
  const apiKey = /hdk_[A-Za-z0-9_-]+/.exec(output)?.[0];
  if (!apiKey) throw new Error(`the first start printed no API key; output:\n${output.slice(0, 4000)}`);
  const setupUrl = /https?:\/\/\S+\/app\/setup\?token=[^\s"'<>]+/.exec(output)?.[0] ?? null;
  return { apiKey, setupUrl };
}

/** One JSON request to the server; `auth` is an API key (Bearer) or extra headers. */
export async function apiCall<T = any>(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: the raw text
  }
  return { status: res.status, body, headers: res.headers };
}

/** Fails with the answer's status and body unless it has the expected status. */
export function expectStatus<T>(answer: ApiAnswer<T>, status: number, what: string): ApiAnswer<T> {
  if (answer.status !== status)
    throw new Error(`${what}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer;
}
