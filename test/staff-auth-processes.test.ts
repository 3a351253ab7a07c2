import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createContainer, type Container } from '../src/container.js';
import { systemClock } from '../src/shared/clock.js';
import { startCli, stopCli } from './support/cli-runner.js';
import { createTestDatabase, postgresAvailable, type TestDatabase } from './support/harness.js';

// A session revoked through one server process stops working at once in another (no cache of
// sessions anywhere): two compiled `serve` processes on one PostgreSQL database.

describe.skipIf(!postgresAvailable())('postgres: staff sessions across server processes', () => {
  let testDb: TestDatabase;
  let container: Container;
  const children: ChildProcess[] = [];
  const bases: string[] = [];
  let token = '';
  let organizationId = '';

  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
    const config = loadConfig({ DATABASE_URL: testDb.url, LOG_LEVEL: 'silent' });
    container = createContainer({ config, database: testDb.handle, clock: systemClock });
    const created = await container.orgs.create('Two processes');
    token = created.api_key.token;
    organizationId = created.organization.id;
    const env = {
      DATABASE_URL: testDb.url,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_MINUTE: '0',
    };
    for (let i = 0; i < 2; i++) {
      const server = await startCli(['serve', '--no-worker'], env, /Server listening at http:\/\/127\.0\.0\.1:(\d+)/);
      children.push(server.child);
      bases.push(`http://127.0.0.1:${server.match[1]}`);
    }
  }, 90_000);
  afterAll(async () => {
    for (const child of children) await stopCli(child).catch(() => child.kill('SIGKILL'));
    await testDb?.drop();
  });

  const send = (base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}/api/v1${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('revoking a session through one process refuses it at once in the other', async () => {
    const email = 'two@example.com';
    const created = await send(
      bases[0],
      'POST',
      '/users',
      { name: 'Two', email },
      { authorization: `Bearer ${token}` },
    );
    expect(created.status).toBe(201);
    const link = (await container.staffAuth.resetLink(organizationId, email))!;
    const reset = await send(bases[0], 'POST', '/auth/reset-password', {
      token: new URL(link).searchParams.get('token'),
      password: 'correct horse battery staple',
    });
    expect(reset.status).toBe(200);
    const signIn = async () => {
      const res = await send(bases[0], 'POST', '/auth/login', { email, password: 'correct horse battery staple' });
      expect(res.status).toBe(200);
      const csrf = ((await res.json()) as any).data.csrf_token as string;
      return { cookie: res.headers.get('set-cookie')!.split(';')[0], csrf };
    };
    const keeper = await signIn();
    const victim = await signIn();
    expect((await send(bases[1], 'GET', '/tickets', undefined, { cookie: victim.cookie })).status).toBe(200);
    const sessions = (await (
      await send(bases[0], 'GET', '/auth/sessions', undefined, { cookie: keeper.cookie })
    ).json()) as any;
    const victimId = sessions.data.find((s: any) => !s.current && s.id).id;
    // Revoke every other session but the keeper's, one at a time, through process 0.
    for (const s of sessions.data.filter((x: any) => !x.current)) {
      const res = await send(bases[0], 'DELETE', `/auth/sessions/${s.id}`, undefined, {
        cookie: keeper.cookie,
        'x-csrf-token': keeper.csrf,
      });
      expect(res.status).toBe(200);
    }
    expect(victimId).toBeTruthy();
    expect((await send(bases[1], 'GET', '/tickets', undefined, { cookie: victim.cookie })).status).toBe(401);
    expect((await send(bases[1], 'GET', '/tickets', undefined, { cookie: keeper.cookie })).status).toBe(200);
  });
});
