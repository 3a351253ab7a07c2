import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliCommand, startCli, stopCli } from './support/cli-runner.js';
import { createTestDatabase, type TestDatabase } from './support/harness.js';

// Every module an isolate loads stays in its heap (source, functions, shapes): undici's index 4.7 MB,
// TypeBox 3.2, node-postgres 2.8, ioredis 1.8, prom-client 1.6 (bench row 11, the server's peak
// memory). A process records here every module it loaded (ESM through a resolve hook, CommonJS from
// require's cache, createRequire's loads included), written when it exits.

const PROBE_HOOKS = `
import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(process.env.MODULE_GRAPH_LOG, resolved.url + '\\n');
  return resolved;
}
`;
const PROBE = `
import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
register(new URL('./hooks.mjs', import.meta.url));
const cache = createRequire(import.meta.url).cache;
process.on('exit', () => appendFileSync(process.env.MODULE_GRAPH_LOG, Object.keys(cache).join('\\n') + '\\n'));
`;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'helpdesk-modules-'));
  writeFileSync(join(dir, 'hooks.mjs'), PROBE_HOOKS);
  writeFileSync(join(dir, 'probe.mjs'), PROBE);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const probeEnv = (log: string) => ({
  MODULE_GRAPH_LOG: log,
  NODE_OPTIONS: `--import ${pathToFileURL(join(dir, 'probe.mjs')).href}`,
});
const loaded = (log: string) => readFileSync(log, 'utf8');

const HEAVY_FOR_A_DELIVERER =
  /node_modules\/(typebox|fastify|@fastify\/[^/]+|prom-client|pg|ioredis)\/|node_modules\/undici\/index\.js/g;

describe('modules loaded', () => {
  it("the webhook thread's modules load no HTTP framework, schema library, metrics client, Redis client, PostgreSQL driver or undici's index", async () => {
    const log = join(dir, 'thread.log');
    const [node, [main]] = cliCommand([]);
    const entry = join(dirname(dirname(main!)), 'worker-thread-entry.js');
    // Importing the entry outside a thread links and runs every module it imports; its own first line
    // then fails (no workerData), which does not matter here.
    await new Promise<void>((resolve, reject) => {
      const child = spawn(node, [entry], { env: { ...process.env, ...probeEnv(log) }, stdio: 'ignore' });
      child.on('error', reject);
      child.on('close', () => resolve());
    });
    const modules = loaded(log);
    expect(modules).toMatch(/node_modules\/kysely\//);
    expect(modules).toMatch(/node_modules\/better-sqlite3\//);
    expect(modules).toMatch(/node_modules\/undici\/lib\/dispatcher\/agent\.js/);
    expect([...new Set(modules.match(HEAVY_FOR_A_DELIVERER))]).toEqual([]);
  });

  describe('sqlite: a server', () => {
    let db: TestDatabase;
    beforeAll(async () => {
      db = await createTestDatabase('sqlite');
    });
    afterAll(async () => {
      await db?.drop();
    });

    it("sqlite: a server without REDIS_URL loads neither the PostgreSQL driver, nor a Redis client, nor undici's index", async () => {
      const log = join(dir, 'serve.log');
      const env = { DATABASE_URL: db.url, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...probeEnv(log) };
      const server = await startCli(['serve'], env, /Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
      const res = await fetch(`${server.match[1]}/healthz`);
      expect(res.status).toBe(200);
      expect(await stopCli(server.child)).toBe(0);
      const modules = loaded(log);
      expect(modules).toMatch(/node_modules\/fastify\//);
      expect(modules).toMatch(/node_modules\/better-sqlite3\//);
      expect([...new Set(modules.match(/node_modules\/(pg|ioredis)\/|node_modules\/undici\/index\.js/g))]).toEqual([]);
    });

    it('sqlite: a `worker` process loads none of them either, nor a metrics client (it serves no HTTP)', async () => {
      const log = join(dir, 'worker.log');
      const env = { DATABASE_URL: db.url, LOG_LEVEL: 'info', ...probeEnv(log) };
      // It logs that line once it has taken SIGTERM over (to drain): it exits 0, with its exit handler's list.
      const worker = await startCli(['worker'], env, /webhook worker started/);
      expect(await stopCli(worker.child)).toBe(0);
      const modules = loaded(log);
      expect(modules).toMatch(/node_modules\/kysely\//);
      expect(modules).toMatch(/node_modules\/undici\/lib\/dispatcher\/agent\.js/);
      expect([...new Set(modules.match(HEAVY_FOR_A_DELIVERER))]).toEqual([]);
    });
  });
});
