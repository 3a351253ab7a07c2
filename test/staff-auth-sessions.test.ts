import { expect, it } from 'vitest';
import { hashStaffToken } from '../src/auth/staff-token.js';
import { call, describeEachDialect } from './support/harness.js';
import { createStaff, login, PASSWORD, sessionCookieOf, sessionFrom, signIn } from './support/staff.js';

// Signing in, the session cookie, and a session calling the same API as a key does.

describeEachDialect('staff sign-in and sessions', (ctx) => {
  it('signs in with email and password: the user, organization, CSRF token, expiry and an HttpOnly cookie', async () => {
    const org = await ctx.createOrg('Acme Support');
    const staff = await createStaff(ctx, org, { role: 'admin' });
    const res = await login(ctx, { email: staff.email.toUpperCase(), password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      user: expect.objectContaining({ id: staff.userId, email: staff.email, role: 'admin' }),
      organization: { id: org.id, name: 'Acme Support' },
      csrf_token: expect.any(String),
      expires_at: expect.any(String),
    });
    expect(JSON.stringify(res.body)).not.toContain(PASSWORD);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^helpdesk_session=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/);
    // The database holds the token's hash, never the token.
    const token = decodeURIComponent(sessionCookieOf(res)!.split('=')[1]);
    const rows = await ctx.database.db.selectFrom('staff_sessions').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    const stored = await ctx.database.db.selectFrom('staff_credentials').select('password_hash').execute();
    expect(stored.every((r) => r.password_hash?.startsWith('$argon2id$'))).toBe(true);

    const session = sessionFrom(ctx, res, staff.userId, staff.email);
    const current = await session.request('GET', '/api/v1/auth/session');
    expect(current.status).toBe(200);
    expect(current.body.data.user.id).toBe(staff.userId);
    expect(current.body.data.csrf_token).toBe(session.csrf);
    expect((await call(ctx.app, 'GET', '/api/v1/auth/session')).status).toBe(401);
  });

  it('answers the same 401 invalid_credentials for an unknown email and a wrong password', async () => {
    const org = await ctx.createOrg();
    const staff = await createStaff(ctx, org);
    const wrong = await login(ctx, { email: staff.email, password: 'not the password' });
    const unknown = await login(ctx, { email: 'nobody@example.com', password: 'not the password' });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('invalid_credentials');
      expect(sessionCookieOf(res)).toBeNull();
    }
    expect(wrong.body.error.message).toBe(unknown.body.error.message);
  });

  it('runs one password hash for an unknown email too (similar time)', async () => {
    const { vi } = await import('vitest');
    const verify = vi.spyOn(ctx.container.passwords, 'verify');
    try {
      await login(ctx, { email: 'ghost@example.com', password: 'whatever-it-is' });
      expect(verify).toHaveBeenCalledTimes(1);
      expect(verify).toHaveBeenCalledWith(null, 'whatever-it-is');
    } finally {
      verify.mockRestore();
    }
  });

  it('ignores X-Forwarded-Proto without TRUST_PROXY: a plain cookie', async () => {
    const org = await ctx.createOrg();
    const staff = await createStaff(ctx, org);
    const res = await login(ctx, { email: staff.email, password: PASSWORD }, { 'x-forwarded-proto': 'https' });
    expect(String(res.headers['set-cookie'])).toMatch(/^helpdesk_session=/);
    expect(String(res.headers['set-cookie'])).not.toMatch(/Secure/);
  });

  it('a session calls the API with its role scopes; an agent is refused admin routes', async () => {
    const org = await ctx.createOrg();
    const agent = await signIn(ctx, org, { role: 'agent' });
    const admin = await signIn(ctx, org, { role: 'admin' });
    expect((await agent.request('GET', '/api/v1/tickets')).status).toBe(200);
    const created = await agent.request('POST', '/api/v1/customers', { email: 'c1@example.com', name: 'C1' });
    expect(created.status).toBe(201);
    // The directory is readable to agents (to assign); its administration is not.
    expect((await agent.request('GET', '/api/v1/users')).status).toBe(200);
    const refused = await agent.request('GET', '/api/v1/api-keys');
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('insufficient_scope');
    expect(
      (await agent.request('POST', '/api/v1/webhooks', { url: 'https://example.com/h', events: ['ticket.created'] }))
        .status,
    ).toBe(403);
    expect((await admin.request('GET', '/api/v1/users')).status).toBe(200);
    expect((await admin.request('GET', '/api/v1/api-keys')).status).toBe(200);
  });

  it('a request with an Authorization header is judged by it alone', async () => {
    const org = await ctx.createOrg();
    const admin = await signIn(ctx, org, { role: 'admin' });
    const bad = await admin.request('GET', '/api/v1/api-keys', undefined, {
      headers: { authorization: 'Bearer nope' },
    });
    expect(bad.status).toBe(401);
    const readOnly = await org.keyWith(['tickets:read']);
    const withKey = await admin.request('GET', '/api/v1/api-keys', undefined, {
      headers: { authorization: `Bearer ${readOnly}` },
    });
    expect(withKey.status).toBe(403);
  });

  it('refuses a change without the right X-CSRF-Token, and changes nothing', async () => {
    const org = await ctx.createOrg();
    const admin = await signIn(ctx, org, { role: 'admin' });
    const customer = (await org.api.post('/api/v1/customers', { email: 'keep@example.com', name: 'Keep' })).body.data;
    const attempts: [string, string, unknown][] = [
      ['POST', '/api/v1/customers', { email: 'new@example.com', name: 'New' }],
      ['PATCH', `/api/v1/customers/${customer.id}`, { name: 'Changed' }],
      ['DELETE', `/api/v1/customers/${customer.id}`, undefined],
      ['PUT', '/api/v1/auth/password', { current_password: PASSWORD, new_password: 'another long password' }],
      ['POST', '/api/v1/auth/logout', undefined],
    ];
    for (const [method, url, body] of attempts) {
      for (const csrf of [false, 'wrong-token', `${admin.csrf}x`] as const) {
        const res = await admin.request(method as never, url, body, { csrf });
        expect(res.status, `${method} ${url} csrf=${csrf}`).toBe(403);
        expect(res.body.error.code).toBe('csrf_failed');
      }
    }
    const list = await org.api.get('/api/v1/customers');
    expect(list.body.data.map((c: any) => [c.email, c.name])).toEqual([['keep@example.com', 'Keep']]);
    // The password and the session are unchanged.
    expect((await login(ctx, { email: admin.email, password: PASSWORD })).status).toBe(200);
    expect((await admin.request('GET', '/api/v1/auth/session')).status).toBe(200);
    // Safe methods need no token; a Bearer request never does.
    expect((await admin.request('GET', '/api/v1/customers', undefined, { csrf: false })).status).toBe(200);
    expect((await org.api.post('/api/v1/customers', { email: 'k2@example.com', name: 'K2' })).status).toBe(201);
  });

  it('logs out: the session is revoked and the cookie cleared', async () => {
    const org = await ctx.createOrg();
    const agent = await signIn(ctx, org);
    const res = await agent.request('POST', '/api/v1/auth/logout');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { success: true } });
    expect(String(res.headers['set-cookie'])).toMatch(/helpdesk_session=;/);
    expect((await agent.request('GET', '/api/v1/tickets')).status).toBe(401);
    const hash = hashStaffToken(decodeURIComponent(agent.cookie.split('=')[1]));
    const row = await ctx.database.db
      .selectFrom('staff_sessions')
      .select('revoked_at')
      .where('token_hash', '=', hash)
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).not.toBeNull();
  });
});

describeEachDialect(
  'staff session cookie behind a trusted proxy',
  (ctx) => {
    it('sets a Secure __Host- cookie when the proxy reports HTTPS, and reads it back', async () => {
      const org = await ctx.createOrg();
      const staff = await createStaff(ctx, org);
      const res = await login(ctx, { email: staff.email, password: PASSWORD }, { 'x-forwarded-proto': 'https' });
      expect(res.status).toBe(200);
      const setCookie = String(res.headers['set-cookie']);
      expect(setCookie).toMatch(/^__Host-helpdesk_session=/);
      expect(setCookie).toMatch(/; Secure/);
      expect(setCookie).toMatch(/HttpOnly/);
      expect(setCookie).toMatch(/SameSite=Lax/);
      expect(setCookie).toMatch(/Path=\//);
      expect(setCookie).not.toMatch(/Domain=/);
      const session = sessionFrom(ctx, res, staff.userId, staff.email);
      const current = await session.request('GET', '/api/v1/auth/session', undefined, {
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(current.status).toBe(200);
      // Over plain HTTP the same login sets the plain cookie.
      const plain = await login(ctx, { email: staff.email, password: PASSWORD });
      expect(String(plain.headers['set-cookie'])).toMatch(/^helpdesk_session=/);
    });
  },
  { env: { TRUST_PROXY: 'true' } },
);
