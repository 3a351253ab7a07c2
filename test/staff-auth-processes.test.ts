import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Container } from '../src/container.js';
import { postgresAvailable } from './support/harness.js';
import { startServerProcesses, type ServerProcesses } from './support/server-processes.js';

// A session revoked through one server process stops working at once in another (no cache of
// sessions anywhere): two compiled `serve` processes on one PostgreSQL database.

describe.skipIf(!postgresAvailable())('postgres: staff sessions across server processes', () => {
  let container: Container;
  const bases: string[] = [];
  let token = '';
  let organizationId = '';

  let processes: ServerProcesses | undefined;

  beforeAll(async () => {
    processes = await startServerProcesses();
    ({ container, token, organizationId } = processes);
    bases.push(...processes.bases);
  }, 90_000);
  afterAll(async () => {
    await processes?.stop();
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
