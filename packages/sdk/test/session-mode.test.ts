import { describe, expect, it } from 'vitest';
import { ApiError, createHelpdesk } from '../src/index.js';

// Cookie-session mode against a scripted fetch: no Authorization header, cookies sent (credentials), and the
// CSRF token learned at sign-in sent on every unsafe method and on no safe one.

type Seen = { method: string; url: string; headers: Headers; credentials: RequestCredentials; body: string };
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const signedIn = (csrf: string) => ({
  data: {
    user: { id: 'u1', name: 'Ann', email: 'ann@example.com', role: 'agent', created_at: 'x', updated_at: 'x' },
    organization: { id: 'o1', name: 'Acme' },
    csrf_token: csrf,
    expires_at: '2026-12-01T00:00:00.000Z',
  },
});

function scripted(answers: Response[], session: boolean | { csrfToken?: string } = true) {
  const seen: Seen[] = [];
  const sdk = createHelpdesk({
    session,
    baseUrl: 'http://console.test',
    retry: false,
    idempotencyKey: () => 'key-1',
    fetch: async (request) => {
      seen.push({
        method: request.method,
        url: request.url,
        headers: request.headers,
        credentials: request.credentials,
        body: await request.text(),
      });
      const next = answers.shift();
      if (!next) throw new Error('no more answers scripted');
      return next;
    },
  });
  return { sdk, seen };
}

describe('SDK session mode', () => {
  it('sends no API key, includes credentials, and sends the CSRF token from login on unsafe methods only', async () => {
    const { sdk, seen } = scripted([
      json(200, signedIn('csrf-abc')),
      json(200, { data: [], meta: { page: 1, limit: 20, total: 0, total_pages: 0 } }),
      json(200, { data: { id: 't1' } }),
      json(201, { data: { id: 'm1' } }),
      json(200, { data: { success: true } }),
      json(200, { data: { id: 't1' } }),
    ]);
    expect(sdk.csrfToken()).toBeUndefined();
    const who = await sdk.auth.login({ email: 'ann@example.com', password: 'correct horse' });
    expect(who.user.email).toBe('ann@example.com');
    expect(sdk.csrfToken()).toBe('csrf-abc');
    await sdk.tickets.list({ status: 'OPEN' });
    await sdk.tickets.update('t1', { status: 'PENDING' });
    await sdk.tickets.addMessage(
      't1',
      { content: 'Hi' },
      { idempotencyKey: 'draft-7', headers: { 'If-Match': '"e1"' } },
    );
    await sdk.auth.logout();
    await sdk.tickets.update('t1', { status: 'OPEN' });

    expect(seen.map((s) => `${s.method} ${new URL(s.url).pathname}`)).toEqual([
      'POST /api/v1/auth/login',
      'GET /api/v1/tickets',
      'PATCH /api/v1/tickets/t1',
      'POST /api/v1/tickets/t1/messages',
      'POST /api/v1/auth/logout',
      'PATCH /api/v1/tickets/t1',
    ]);
    for (const s of seen) {
      expect(s.headers.get('authorization')).toBeNull();
      expect(s.credentials).toBe('include');
    }
    expect(JSON.parse(seen[0]!.body)).toEqual({ email: 'ann@example.com', password: 'correct horse' });
    expect(seen.map((s) => s.headers.get('x-csrf-token'))).toEqual([
      null, // before sign-in there is no token yet
      null, // GET is safe
      'csrf-abc',
      'csrf-abc',
      'csrf-abc',
      null, // signed out: forgotten
    ]);
    expect(seen[3]!.headers.get('idempotency-key')).toBe('draft-7');
    expect(seen[3]!.headers.get('if-match')).toBe('"e1"');
  });

  it('learns the token from auth.session and from the options; request() returns headers and throws ApiError', async () => {
    const { sdk, seen } = scripted(
      [
        json(200, signedIn('from-session')),
        json(200, { data: { id: 't1' } }, { etag: '"v3"' }),
        json(412, { error: { code: 'precondition_failed', message: 'changed', details: [], request_id: 'r1' } }),
      ],
      { csrfToken: 'given' },
    );
    expect(sdk.csrfToken()).toBe('given');
    await sdk.auth.session();
    expect(sdk.csrfToken()).toBe('from-session');
    const got = await sdk.request<{ data: { id: string } }>('GET', '/api/v1/tickets/t1');
    expect(got.body.data.id).toBe('t1');
    expect(got.response.headers.get('etag')).toBe('"v3"');
    const failed = await sdk
      .request('POST', '/api/v1/tickets/t1/notes', { body: { content: 'n' }, headers: { 'If-Match': '"v2"' } })
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ApiError);
    expect((failed as ApiError).status).toBe(412);
    expect(seen[2]!.headers.get('x-csrf-token')).toBe('from-session');
    expect(seen[2]!.headers.get('idempotency-key')).toBe('key-1');
    expect(seen[2]!.headers.get('content-type')).toBe('application/json');
  });

  it('an API-key client still sends Bearer and never a CSRF header; neither key nor session is refused', async () => {
    const seen: Headers[] = [];
    const sdk = createHelpdesk({
      apiKey: 'hdk_x',
      baseUrl: 'http://api.test',
      retry: false,
      fetch: async (request) => {
        seen.push(request.headers);
        return json(200, { data: { id: 't1' } });
      },
    });
    sdk.setCsrfToken('ignored');
    await sdk.tickets.update('t1', { status: 'OPEN' });
    await sdk.request('DELETE', '/api/v1/tags/x');
    for (const h of seen) {
      expect(h.get('authorization')).toBe('Bearer hdk_x');
      expect(h.get('x-csrf-token')).toBeNull();
    }
    expect(() => createHelpdesk({})).toThrow(TypeError);
  });
});
