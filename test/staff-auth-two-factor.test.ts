import { expect, it } from 'vitest';
import { codeAt } from '../src/auth/staff-totp.js';
import { describeEachDialect } from './support/harness.js';
import { login, PASSWORD, sessionFrom, signIn, type StaffSession } from './support/staff.js';

// Two-factor enrolment and sign-in, the organization's two-factor requirement, session lists,
// revocation and expiry, and messages written with a session.

const T0 = Date.parse('2026-11-20T10:00:00Z');

async function enrol(session: StaffSession, now: number) {
  const started = await session.request('POST', '/api/v1/auth/totp');
  expect(started.status).toBe(200);
  expect(started.body.data.otpauth_url).toMatch(/^otpauth:\/\/totp\//);
  const secret = started.body.data.secret as string;
  const confirmed = await session.request('POST', '/api/v1/auth/totp/confirm', { code: codeAt(secret, now) });
  expect(confirmed.status).toBe(200);
  return { secret, recoveryCodes: confirmed.body.data.recovery_codes as string[] };
}

describeEachDialect('staff two-factor and session lifecycle', (ctx) => {
  it('enrols, then signs in only with a code; a code and a recovery code are accepted once', async () => {
    ctx.clock.set(T0);
    const org = await ctx.createOrg();
    const user = await signIn(ctx, org);
    const wrong = await user.request('POST', '/api/v1/auth/totp/confirm', { code: '000000' });
    expect(wrong.status).toBe(409); // nothing pending yet
    const { secret, recoveryCodes } = await enrol(user, T0);
    expect(recoveryCodes).toHaveLength(10);
    // The secret is stored encrypted.
    const rows = await ctx.database.db.selectFrom('staff_credentials').select('totp_secret').execute();
    expect(rows.some((r) => r.totp_secret?.includes(secret))).toBe(false);

    const noCode = await login(ctx, { email: user.email, password: PASSWORD });
    expect(noCode.status).toBe(401);
    expect(noCode.body.error.code).toBe('totp_required');
    const badCode = await login(ctx, { email: user.email, password: PASSWORD, totp_code: '123456' });
    expect(badCode.body.error.code).toBe('invalid_credentials');
    // The code used for confirmation is spent; the next step's code works once.
    ctx.clock.set(T0 + 30_000);
    const code = codeAt(secret, T0 + 30_000);
    expect((await login(ctx, { email: user.email, password: PASSWORD, totp_code: code })).status).toBe(200);
    const replay = await login(ctx, { email: user.email, password: PASSWORD, totp_code: code });
    expect(replay.status).toBe(401);
    expect(replay.body.error.code).toBe('invalid_credentials');
    const recovery = { email: user.email, password: PASSWORD, totp_code: recoveryCodes[0] };
    expect((await login(ctx, recovery)).status).toBe(200);
    expect((await login(ctx, recovery)).status).toBe(401);

    // Disabling needs a valid code; then a password alone signs in again.
    expect((await user.request('DELETE', '/api/v1/auth/totp', { code: '999999' })).status).toBe(400);
    expect((await user.request('DELETE', '/api/v1/auth/totp', { code: recoveryCodes[1] })).status).toBe(200);
    expect((await login(ctx, { email: user.email, password: PASSWORD })).status).toBe(200);
  });

  it('an organization that requires two-factor lets a user without it only enrol', async () => {
    ctx.clock.set(T0);
    const org = await ctx.createOrg();
    const admin = await signIn(ctx, org, { role: 'admin' });
    const agent = await signIn(ctx, org);
    const set = await admin.request('PATCH', '/api/v1/auth/organization', { require_two_factor: true });
    expect(set.status).toBe(200);
    expect(set.body.data).toEqual({ require_two_factor: true });
    expect((await agent.request('PATCH', '/api/v1/auth/organization', { require_two_factor: false })).status).toBe(403);
    const blocked = await agent.request('GET', '/api/v1/tickets');
    expect(blocked.status).toBe(403);
    expect(blocked.body.error.code).toBe('two_factor_enrolment_required');
    expect((await agent.request('GET', '/api/v1/auth/session')).status).toBe(200);
    await enrol(agent, T0);
    expect((await agent.request('GET', '/api/v1/tickets')).status).toBe(200);
    // API keys are not affected.
    expect((await org.api.get('/api/v1/tickets')).status).toBe(200);
  });

  it("lists the user's sessions and revokes one: it stops working at once", async () => {
    const org = await ctx.createOrg();
    const first = await signIn(ctx, org);
    const second = sessionFrom(
      ctx,
      await login(ctx, { email: first.email, password: PASSWORD }, { 'user-agent': 'Laptop' }),
      first.userId,
      first.email,
    );
    const list = await first.request('GET', '/api/v1/auth/sessions');
    expect(list.status).toBe(200);
    expect(list.body.data.filter((s: any) => s.current)).toHaveLength(1);
    const other = list.body.data.find((s: any) => s.user_agent === 'Laptop');
    expect(other).toMatchObject({ current: false, ip: '127.0.0.1' });
    expect((await second.request('GET', '/api/v1/tickets')).status).toBe(200);
    expect((await first.request('DELETE', `/api/v1/auth/sessions/${other.id}`)).status).toBe(200);
    expect((await second.request('GET', '/api/v1/tickets')).status).toBe(401);
    // Another user's session cannot be revoked.
    const stranger = await signIn(ctx, org);
    const theirs = (await stranger.request('GET', '/api/v1/auth/sessions')).body.data[0].id;
    expect((await first.request('DELETE', `/api/v1/auth/sessions/${theirs}`)).status).toBe(404);
    expect((await stranger.request('GET', '/api/v1/tickets')).status).toBe(200);
  });

  it('a session ends after 7 days idle, and after 30 days in all', async () => {
    ctx.clock.set(T0);
    const org = await ctx.createOrg();
    const idle = await signIn(ctx, org);
    const active = sessionFrom(
      ctx,
      await login(ctx, { email: idle.email, password: PASSWORD }),
      idle.userId,
      idle.email,
    );
    const day = 24 * 3_600_000;
    // The last-seen write is not awaited by the answer: wait until one of the user's sessions was seen at `at`.
    const seenAt = (at: number) =>
      expect
        .poll(
          async () =>
            (
              await ctx.database
                .forOrganization(org.id)
                .selectFrom('staff_sessions')
                .select('id')
                .where('user_id', '=', idle.userId)
                .where('last_seen_at', '=', at)
                .execute()
            ).length,
        )
        .toBe(1);
    ctx.clock.set(T0 + 7 * day - 60_000);
    expect((await idle.request('GET', '/api/v1/tickets')).status).toBe(200);
    await seenAt(T0 + 7 * day - 60_000);
    ctx.clock.set(T0 + 14 * day);
    expect((await idle.request('GET', '/api/v1/tickets')).status).toBe(401); // 7 days since its last use
    ctx.clock.set(T0);
    for (let d = 6; d < 30; d += 6) {
      ctx.clock.set(T0 + d * day);
      expect((await active.request('GET', '/api/v1/tickets')).status, `day ${d}`).toBe(200);
      await seenAt(T0 + d * day);
    }
    ctx.clock.set(T0 + 29 * day);
    expect((await idle.request('GET', '/api/v1/tickets')).status).toBe(401);
    expect((await active.request('GET', '/api/v1/tickets')).status).toBe(200);
    ctx.clock.set(T0 + 30 * day);
    expect((await active.request('GET', '/api/v1/tickets')).status).toBe(401);
  });

  it('with a session, a message is written by the signed-in user; another user_id is refused', async () => {
    const org = await ctx.createOrg();
    const agent = await signIn(ctx, org);
    const other = await signIn(ctx, org);
    const ticket = await org.api.post('/api/v1/tickets', {
      subject: 'Help',
      message: 'Hello',
      customer: { email: 'cust@example.com' },
    });
    const url = `/api/v1/tickets/${ticket.body.data.id}/messages`;
    const mine = await agent.request('POST', url, { content: 'On it' });
    expect(mine.status).toBe(201);
    expect(mine.body.data).toMatchObject({ type: 'OUTBOUND' });
    expect(JSON.stringify(mine.body.data)).toContain(agent.userId);
    const forged = await agent.request('POST', url, { content: 'Not me', user_id: other.userId });
    expect(forged.status).toBe(403);
    expect(forged.body.error.code).toBe('insufficient_scope');
    const messages = await org.api.get(`/api/v1/tickets/${ticket.body.data.id}`);
    expect(JSON.stringify(messages.body)).not.toContain('Not me');
  });
});
