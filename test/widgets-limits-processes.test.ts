import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable } from './support/harness.js';
import { startServerProcesses, type ServerProcesses } from './support/server-processes.js';

// The visitor budgets hold for the deployment, not per process: two compiled `serve` processes on one
// PostgreSQL database count sessions, conversations and messages in the same windows, alternately.

describe.skipIf(!postgresAvailable())('postgres: chat widget budgets across server processes', () => {
  let processes: ServerProcesses | undefined;
  let key = '';
  beforeAll(async () => {
    processes = await startServerProcesses({
      WIDGET_SESSIONS_PER_HOUR: '4',
      WIDGET_CONVERSATIONS_PER_HOUR: '2',
      WIDGET_MESSAGES_PER_MINUTE: '3',
    });
    const res = await fetch(`${processes.bases[0]}/api/v1/widgets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${processes.token}` },
      body: JSON.stringify({ name: 'Shop', allowed_origins: ['https://shop.example'], identity: 'off' }),
    });
    expect(res.status).toBe(201);
    key = ((await res.json()) as any).data.key;
  }, 90_000);
  afterAll(async () => {
    await processes?.stop();
  });

  const send = (i: number, path: string, body: unknown, token?: string) =>
    fetch(`${processes!.bases[i % 2]}/widget/v1${path}?key=${key}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });

  it('counts one budget across both processes, with 429 and Retry-After past it', async () => {
    const tokens: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await send(i, '/sessions', { key });
      expect(res.status).toBe(201);
      tokens.push(((await res.json()) as any).data.token);
    }
    // One process alone has seen two sessions of this address: the shared count refuses the fifth.
    const refused = await send(4, '/sessions', { key });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3_000);
    expect(((await refused.json()) as any).error.code).toBe('rate_limited');

    const [token] = tokens;
    const opened = await send(0, '/conversations', { message: 'one', email: 'v@example.com' }, token);
    expect(opened.status).toBe(201);
    expect((await send(1, '/conversations', { message: 'two' }, token)).status).toBe(201);
    expect((await send(0, '/conversations', { message: 'three' }, token)).status).toBe(429);
    const id = ((await opened.json()) as any).data.id;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await send(i, `/conversations/${id}/messages`, { content: `m${i}` }, token)).status);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
  });
});
