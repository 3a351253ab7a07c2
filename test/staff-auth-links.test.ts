import { vi } from 'vitest';
import { expect, it } from 'vitest';
import { LOGIN_FAILURES_PER_MINUTE } from '../src/auth/staff-auth-service.js';
import { runCli } from './support/cli-runner.js';
import { call, describeEachDialect } from './support/harness.js';
import { createStaff, login, PASSWORD, sessionFrom, signIn } from './support/staff.js';

// The links that set a password (setup, invitation, reset), password changes, several organizations
// and the sign-in throttle.

const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

describeEachDialect('staff links, passwords and throttling', (ctx) => {
  it('the setup link creates the first administrator, signs them in, and works once', async () => {
    const org = await ctx.createOrg('First start');
    const url = await ctx.container.staffAuth.setupLink(org.id);
    expect(url).toMatch(new RegExp(`^${ctx.config.publicUrl}/app/setup\\?token=`));
    const body = { token: tokenOf(url), email: 'root@example.com', name: 'Root Admin', password: PASSWORD };
    const res = await call(ctx.app, 'POST', '/api/v1/auth/setup', { body });
    expect(res.status).toBe(201);
    expect(res.body.data.user).toMatchObject({ email: 'root@example.com', name: 'Root Admin', role: 'admin' });
    const admin = sessionFrom(ctx, res, res.body.data.user.id, 'root@example.com');
    expect((await admin.request('GET', '/api/v1/users')).status).toBe(200);
    const again = await call(ctx.app, 'POST', '/api/v1/auth/setup', { body: { ...body, email: 'second@example.com' } });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('invalid_token');
    expect((await org.api.get('/api/v1/users')).body.data).toHaveLength(1);
  });

  it('the setup link expires after 24 hours; malformed tokens are invalid too', async () => {
    const org = await ctx.createOrg();
    ctx.clock.set('2026-11-01T00:00:00Z');
    const url = await ctx.container.staffAuth.setupLink(org.id);
    ctx.clock.advance(24 * 3_600_000 + 1);
    const body = { token: tokenOf(url), email: 'late@example.com', name: 'Late', password: PASSWORD };
    const late = await call(ctx.app, 'POST', '/api/v1/auth/setup', { body });
    expect(late.status).toBe(400);
    expect(late.body.error.code).toBe('invalid_token');
    const bad = await call(ctx.app, 'POST', '/api/v1/auth/setup', { body: { ...body, token: 'nonsense' } });
    expect(bad.body.error.code).toBe('invalid_token');
    expect((await org.api.get('/api/v1/users')).body.data).toHaveLength(0);
  });

  it('an invitation answers accept_url once; accepting sets name and password with the invited role', async () => {
    const org = await ctx.createOrg();
    const created = await org.api.post('/api/v1/invitations', { email: 'new@example.com', role: 'admin' });
    expect(created.status).toBe(201);
    expect(created.body.data.accept_url).toMatch(new RegExp(`^${ctx.config.publicUrl}/app/accept\\?token=`));
    const shown = await org.api.get(`/api/v1/invitations/${created.body.data.id}`);
    expect(shown.body.data.accept_url).toBeUndefined();
    const body = { token: tokenOf(created.body.data.accept_url), name: 'New Admin', password: PASSWORD };
    const res = await call(ctx.app, 'POST', '/api/v1/auth/accept-invitation', { body });
    expect(res.status).toBe(201);
    expect(res.body.data.user).toMatchObject({ email: 'new@example.com', name: 'New Admin', role: 'admin' });
    expect((await org.api.get(`/api/v1/invitations/${created.body.data.id}`)).body.data.status).toBe('accepted');
    expect((await login(ctx, { email: 'new@example.com', password: PASSWORD })).status).toBe(200);
    const again = await call(ctx.app, 'POST', '/api/v1/auth/accept-invitation', { body });
    expect(again.body.error.code).toBe('invalid_token');
  });

  it('the CLI prints a reset link; using it sets the password and ends every other session', async () => {
    const org = await ctx.createOrg();
    const staff = await createStaff(ctx, org);
    const other = sessionFrom(
      ctx,
      await login(ctx, { email: staff.email, password: PASSWORD }),
      staff.userId,
      staff.email,
    );
    const cli = await runCli(['users', 'reset-link', '--org', org.id, '--email', staff.email], {
      DATABASE_URL: ctx.dbUrl,
      PUBLIC_URL: 'https://help.example.com',
    });
    expect(cli.stderr).toBe('');
    expect(cli.code).toBe(0);
    const url = cli.stdout.trim();
    expect(url).toMatch(/^https:\/\/help\.example\.com\/app\/reset\?token=/);
    const res = await call(ctx.app, 'POST', '/api/v1/auth/reset-password', {
      body: { token: tokenOf(url), password: 'a brand new password' },
    });
    expect(res.status).toBe(200);
    expect((await other.request('GET', '/api/v1/auth/session')).status).toBe(401);
    const fresh = sessionFrom(ctx, res, staff.userId, staff.email);
    expect((await fresh.request('GET', '/api/v1/auth/session')).status).toBe(200);
    expect((await login(ctx, { email: staff.email, password: PASSWORD })).status).toBe(401);
    expect((await login(ctx, { email: staff.email, password: 'a brand new password' })).status).toBe(200);
    const unknown = await runCli(['users', 'reset-link', '--org', org.id, '--email', 'ghost@example.com'], {
      DATABASE_URL: ctx.dbUrl,
    });
    expect(unknown.code).not.toBe(0);
  });

  it('changing the password needs the current one and ends the other sessions', async () => {
    const org = await ctx.createOrg();
    const first = await signIn(ctx, org);
    const second = sessionFrom(
      ctx,
      await login(ctx, { email: first.email, password: PASSWORD }),
      first.userId,
      first.email,
    );
    const wrong = await first.request('PUT', '/api/v1/auth/password', {
      current_password: 'not it at all',
      new_password: 'another long password',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('invalid_credentials');
    const short = await first.request('PUT', '/api/v1/auth/password', {
      current_password: PASSWORD,
      new_password: 'short',
    });
    expect(short.status).toBe(400);
    const ok = await first.request('PUT', '/api/v1/auth/password', {
      current_password: PASSWORD,
      new_password: 'another long password',
    });
    expect(ok.status).toBe(200);
    expect((await first.request('GET', '/api/v1/auth/session')).status).toBe(200);
    expect((await second.request('GET', '/api/v1/auth/session')).status).toBe(401);
    expect((await login(ctx, { email: first.email, password: 'another long password' })).status).toBe(200);
  });

  it('an email in several organizations needs organization_id (409 listing them)', async () => {
    const a = await ctx.createOrg('Org A');
    const b = await ctx.createOrg('Org B');
    const email = `multi-${Date.now()}@example.com`;
    await createStaff(ctx, a, { email });
    await createStaff(ctx, b, { email });
    const res = await login(ctx, { email, password: PASSWORD });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('organization_required');
    expect(
      res.body.error.details
        .map((d: any) => ({ id: d.id, name: d.name }))
        .sort((x: any, y: any) => x.name.localeCompare(y.name)),
    ).toEqual([
      { id: a.id, name: 'Org A' },
      { id: b.id, name: 'Org B' },
    ]);
    const chosen = await login(ctx, { email, password: PASSWORD, organization_id: b.id });
    expect(chosen.status).toBe(200);
    expect(chosen.body.data.organization).toEqual({ id: b.id, name: 'Org B' });
  });

  it('throttles failed sign-ins per email and per address before hashing: 429 with Retry-After', async () => {
    const org = await ctx.createOrg();
    const staff = await createStaff(ctx, org);
    for (let i = 0; i < LOGIN_FAILURES_PER_MINUTE; i++) {
      // From different addresses: the email's own budget is what runs out.
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress: `198.51.100.${i + 1}`,
        payload: { email: staff.email, password: `wrong password ${i}` },
      });
      expect(res.statusCode).toBe(401);
    }
    const verify = vi.spyOn(ctx.container.passwords, 'verify');
    try {
      const limited = await login(ctx, { email: staff.email, password: PASSWORD });
      expect(limited.status).toBe(429);
      expect(limited.body.error.code).toBe('rate_limited');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(verify).not.toHaveBeenCalled();
    } finally {
      verify.mockRestore();
    }
    // After the minute, signing in works again (no permanent lockout).
    ctx.clock.advance(61_000);
    expect((await login(ctx, { email: staff.email, password: PASSWORD })).status).toBe(200);
  });

  it('throttles per client address across emails', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_FAILURES_PER_MINUTE; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress: '203.0.113.50',
        payload: { email: `nobody${i}@example.com`, password: 'wrong password' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, LOGIN_FAILURES_PER_MINUTE).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
