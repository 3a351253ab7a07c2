import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createContainer } from '../src/container.js';
import { openDatabase } from '../src/db/database.js';
import { systemClock } from '../src/shared/clock.js';
import type { App } from '../src/shared/http.js';
import { runCli } from './support/cli-runner.js';
import { describeEachDialect } from './support/harness.js';

// Secrets never appear in a log line, an error message or the CLI's output: API
// keys, webhook secrets, Authorization headers, the password part of DATABASE_URL / REDIS_URL.

/** A log stream collecting every line (pino JSON) written at `trace` and above. */
function captureLogs() {
  let text = '';
  const stream = new Writable({ write: (chunk, _enc, done) => ((text += chunk), done()) });
  return { logger: { level: 'trace', stream }, text: () => text };
}

const withApp = async <T>(build: () => Promise<App>, run: (app: App) => Promise<T>): Promise<T> => {
  const app = await build();
  try {
    return await run(app);
  } finally {
    await app.close();
  }
};

describeEachDialect(
  'secrets in logs',
  (ctx) => {
    it('no API key, Authorization header or webhook secret in any log line, even at trace level', async () => {
      const org = await ctx.createOrg();
      const logs = captureLogs();
      const forged = `hdk_${'x'.repeat(43)}`;
      const seen = await withApp(
        () => buildApp(ctx.container, { logger: logs.logger }),
        async (app) => {
          const auth = { authorization: `Bearer ${org.token}` };
          const hook = await app.inject({
            method: 'POST',
            url: '/api/v1/webhooks',
            headers: auth,
            payload: { name: 'Secret', url: 'http://127.0.0.1:9/hook', events: ['ticket.created'] },
          });
          expect(hook.statusCode).toBe(201);
          await app.inject({ method: 'GET', url: `/api/v1/webhooks/${hook.json().data.id}`, headers: auth });
          expect(
            (
              await app.inject({
                method: 'GET',
                url: '/api/v1/customers',
                headers: { authorization: `Bearer ${forged}` },
              })
            ).statusCode,
          ).toBe(401);
          expect(
            (
              await app.inject({
                method: 'GET',
                url: '/api/v1/customers',
                headers: { authorization: 'Basic dXNlcjpwYXNzd29yZA==' },
              })
            ).statusCode,
          ).toBe(401);
          return { secret: hook.json().data.secret as string };
        },
      );
      const text = logs.text();
      expect(text).toContain('"statusCode":401');
      for (const secret of [org.token, forged, seen.secret, 'dXNlcjpwYXNzd29yZA==']) expect(text).not.toContain(secret);
    });

    it('an unreachable Redis with a password in REDIS_URL: the logged error does not show it', async () => {
      const logs = captureLogs();
      await withApp(
        () => buildApp(ctx.container, { logger: logs.logger }),
        async (app) => {
          // The store fails open: the request is answered (401, no token) and the failure logged.
          expect((await app.inject({ method: 'GET', url: '/api/v1/customers' })).statusCode).toBe(401);
        },
      );
      expect(logs.text()).toContain('rate-limit store unavailable');
      expect(logs.text()).not.toContain('Redis-Secret-456');
    });
  },
  { dialects: ['sqlite'], env: { RATE_LIMIT_PER_MINUTE: '5', REDIS_URL: 'redis://:Redis-Secret-456@127.0.0.1:1' } },
);

it('an unreachable PostgreSQL with a password in DATABASE_URL: 503, and neither the answer nor the logs show it', async () => {
  const config = loadConfig({
    DATABASE_URL: 'postgres://app:Pg-Secret-789@127.0.0.1:1/nowhere',
    RATE_LIMIT_PER_MINUTE: '0',
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
  });
  const database = openDatabase(config.database, { connectTimeoutMs: 1_000 });
  const logs = captureLogs();
  try {
    await withApp(
      () => buildApp(createContainer({ config, database, clock: systemClock }), { logger: logs.logger }),
      async (app) => {
        const res = await app.inject({
          method: 'GET',
          url: '/api/v1/customers',
          headers: { authorization: `Bearer hdk_${'y'.repeat(43)}` },
        });
        expect(res.statusCode).toBe(503);
        expect(res.json().error.code).toBe('service_unavailable');
        expect(res.body).not.toContain('Pg-Secret-789');
        expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
      },
    );
  } finally {
    await database.close();
  }
  expect(logs.text()).toContain('database unavailable');
  expect(logs.text()).not.toContain('Pg-Secret-789');
  expect(logs.text()).not.toContain('y'.repeat(43));
});

// (Every other invalid-URL message is covered by src/config.test.ts.)
it('the CLI never prints a connection URL password: invalid URL, unreachable database, serve and worker', async () => {
  const unreachable = 'postgres://app:Cli-Secret-321@127.0.0.1:1/nowhere';
  const results = await Promise.all([
    runCli(['migrate'], { DATABASE_URL: 'postgres://app:Cli-Secret-321@127.0.0.1:99999/x' }),
    runCli(['migrate'], { DATABASE_URL: unreachable }),
    runCli(['serve', '--no-worker'], { DATABASE_URL: unreachable, LOG_LEVEL: 'trace', PORT: '0' }),
    runCli(['worker'], { DATABASE_URL: unreachable, LOG_LEVEL: 'trace' }),
  ]);
  for (const res of results) {
    expect(res.code, res.stderr).toBe(1);
    expect(res.stderr + res.stdout).not.toContain('Cli-Secret-321');
  }
  expect(results[0].stderr).toContain('postgres://app:[REDACTED]@127.0.0.1:99999/x');
  expect(results[1].stderr).toMatch(/cannot reach the database/);
});
