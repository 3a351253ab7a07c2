import { expect, it } from 'vitest';
import { ISO_MS, UUID, call, describeEachDialect } from './support/harness.js';

describeEachDialect('admin: users', (ctx) => {
  const post = (token: string, body: unknown) => call(ctx.app, 'POST', '/api/v1/users', { token, body });

  it('creates a user with a generated UUID, role agent by default, 201', async () => {
    const org = await ctx.createOrg();
    const res = await post(org.token, { name: 'Ada', email: 'ada@example.com' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      data: {
        id: expect.stringMatching(UUID),
        name: 'Ada',
        email: 'ada@example.com',
        role: 'agent',
        created_at: expect.stringMatching(ISO_MS),
        updated_at: expect.stringMatching(ISO_MS),
      },
    });
    const got = await call(ctx.app, 'GET', `/api/v1/users/${res.body.data.id}`, { token: org.token });
    expect(got).toMatchObject({ status: 200, body: res.body });
  });

  it('accepts a caller-supplied id (identity provider) and role admin', async () => {
    const org = await ctx.createOrg();
    const res = await post(org.token, { id: 'auth0|abc123', name: 'Bo', email: 'bo@example.com', role: 'admin' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ id: 'auth0|abc123', role: 'admin' });
    const got = await call(ctx.app, 'GET', `/api/v1/users/${encodeURIComponent('auth0|abc123')}`, { token: org.token });
    expect(got.status).toBe(200);
    expect(got.body.data.id).toBe('auth0|abc123');
  });

  it('rejects a duplicate id and a duplicate email (any case) with 409 conflict', async () => {
    const org = await ctx.createOrg();
    expect((await post(org.token, { id: 'u1', name: 'A', email: 'a@example.com' })).status).toBe(201);
    const dupId = await post(org.token, { id: 'u1', name: 'B', email: 'b@example.com' });
    expect(dupId.status).toBe(409);
    expect(dupId.body).toEqual({ error: { code: 'conflict', message: expect.any(String), details: [{ field: 'id', issue: 'already_exists' }] } });
    const dupEmail = await post(org.token, { name: 'C', email: 'A@Example.COM' });
    expect(dupEmail.status).toBe(409);
    expect(dupEmail.body.error.details).toEqual([{ field: 'email', issue: 'already_exists' }]);
    const list = await call(ctx.app, 'GET', '/api/v1/users', { token: org.token });
    expect(list.body.meta.pagination.total).toBe(1);
  });

  it('refuses an email with a pending invitation (409): accept or revoke the invitation instead', async () => {
    const org = await ctx.createOrg();
    const invite = await call(ctx.app, 'POST', '/api/v1/invitations', { token: org.token, body: { email: 'pat@example.com' } });
    expect(invite.status).toBe(201);
    const direct = await post(org.token, { name: 'Pat', email: 'PAT@example.com' });
    expect(direct.status).toBe(409);
    expect(direct.body.error.details).toEqual([{ field: 'email', issue: 'already_exists' }]);
    const other = await post(org.token, { name: 'Sam', email: 'sam@example.com' });
    expect(other.status).toBe(201);
    const renamed = await call(ctx.app, 'PATCH', `/api/v1/users/${other.body.data.id}`, { token: org.token, body: { email: 'pat@example.com' } });
    expect(renamed.status).toBe(409);
    const usage = await call(ctx.app, 'GET', '/api/v1/billing/usage', { token: org.token });
    expect(usage.body.data.seats.used).toBe(2);
    const accepted = await call(ctx.app, 'POST', `/api/v1/invitations/${invite.body.data.id}/accept`, { token: org.token });
    expect(accepted.status).toBe(201);
  });

  it('answers 404 for ids longer than any stored id', async () => {
    const org = await ctx.createOrg();
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await call(ctx.app, method, `/api/v1/users/${'a'.repeat(300)}`, { token: org.token, body: method === 'PATCH' ? {} : undefined });
      expect(res.status, method).toBe(404);
    }
  });

  it('allows the same id and email in another organization', async () => {
    const a = await ctx.createOrg('A');
    const b = await ctx.createOrg('B');
    expect((await post(a.token, { id: 'same', name: 'A', email: 'same@example.com' })).status).toBe(201);
    expect((await post(b.token, { id: 'same', name: 'B', email: 'same@example.com' })).status).toBe(201);
    const got = await call(ctx.app, 'GET', '/api/v1/users/same', { token: b.token });
    expect(got.body.data.name).toBe('B');
  });

  it('rejects bad input with 400 validation_error naming the field', async () => {
    const org = await ctx.createOrg();
    const cases: [unknown, string, string][] = [
      [{ email: 'a@example.com' }, 'name', 'required'],
      [{ name: 'A' }, 'email', 'required'],
      [{ name: 'A', email: 'nope' }, 'email', 'invalid_format'],
      [{ name: '', email: 'a@example.com' }, 'name', 'too_short'],
      [{ name: '   ', email: 'a@example.com' }, 'name', 'invalid_format'],
      [{ name: 'x'.repeat(201), email: 'a@example.com' }, 'name', 'too_long'],
      [{ name: 'A', email: 'a@example.com', role: 'owner' }, 'role', 'invalid_value'],
      [{ name: 'A', email: 'a@example.com', id: 'has space' }, 'id', 'invalid_format'],
      [{ name: 'A', email: 'a@example.com', id: 'x'.repeat(101) }, 'id', 'too_long'],
      [{ name: 'A', email: 'a@example.com', id: 7 }, 'id', 'invalid_type'],
    ];
    for (const [body, field, issue] of cases) {
      const res = await post(org.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
      expect(res.body.error.details[0], JSON.stringify(body)).toEqual({ field, issue });
    }
    const list = await call(ctx.app, 'GET', '/api/v1/users', { token: org.token });
    expect(list.body.meta.pagination.total).toBe(0);
  });

  it('lists users oldest first with pagination and a role filter', async () => {
    const org = await ctx.createOrg();
    for (let i = 1; i <= 5; i++) {
      ctx.clock.set(Date.parse('2026-01-01T00:00:00.000Z') + i * 1000);
      await post(org.token, { id: `u${i}`, name: `User ${i}`, email: `u${i}@example.com`, role: i % 2 ? 'agent' : 'admin' });
    }
    ctx.clock.set(null);
    const page2 = await call(ctx.app, 'GET', '/api/v1/users?page=2&limit=2', { token: org.token });
    expect(page2.status).toBe(200);
    expect(page2.body.data.map((u: any) => u.id)).toEqual(['u3', 'u4']);
    expect(page2.body.meta).toEqual({ pagination: { page: 2, limit: 2, total: 5, total_pages: 3 } });
    const admins = await call(ctx.app, 'GET', '/api/v1/users?role=admin', { token: org.token });
    expect(admins.body.data.map((u: any) => u.id)).toEqual(['u2', 'u4']);
    expect(admins.body.meta.pagination.total).toBe(2);
    const bad = await call(ctx.app, 'GET', '/api/v1/users?limit=101', { token: org.token });
    expect(bad.status).toBe(400);
  });

  it('updates name, email and role; email conflicts are 409', async () => {
    const org = await ctx.createOrg();
    ctx.clock.set('2026-02-01T00:00:00.000Z');
    await post(org.token, { id: 'u1', name: 'A', email: 'a@example.com' });
    await post(org.token, { id: 'u2', name: 'B', email: 'b@example.com' });
    ctx.clock.set('2026-02-02T00:00:00.000Z');
    const res = await call(ctx.app, 'PATCH', '/api/v1/users/u1', { token: org.token, body: { name: 'Ann', email: 'ann@example.com', role: 'admin' } });
    ctx.clock.set(null);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: 'u1',
      name: 'Ann',
      email: 'ann@example.com',
      role: 'admin',
      created_at: '2026-02-01T00:00:00.000Z',
      updated_at: '2026-02-02T00:00:00.000Z',
    });
    const same = await call(ctx.app, 'PATCH', '/api/v1/users/u1', { token: org.token, body: { email: 'ANN@example.com' } });
    expect(same.status).toBe(200);
    const taken = await call(ctx.app, 'PATCH', '/api/v1/users/u1', { token: org.token, body: { email: 'B@example.com' } });
    expect(taken.status).toBe(409);
    expect(taken.body.error.details).toEqual([{ field: 'email', issue: 'already_exists' }]);
    const bad = await call(ctx.app, 'PATCH', '/api/v1/users/u1', { token: org.token, body: { role: 'boss' } });
    expect(bad.status).toBe(400);
  });

  it("answers 404 for unknown ids and other organizations' users on every route", async () => {
    const a = await ctx.createOrg('A');
    const b = await ctx.createOrg('B');
    await post(a.token, { id: 'mine', name: 'A', email: 'a@example.com' });
    for (const id of ['mine', 'nobody', '%20']) {
      for (const [method, body] of [['GET', undefined], ['PATCH', { name: 'X' }], ['DELETE', undefined]] as const) {
        const res = await call(ctx.app, method, `/api/v1/users/${id}`, { token: b.token, body });
        expect(res.status, `${method} ${id}`).toBe(404);
        expect(res.body.error.code).toBe('not_found');
      }
    }
    expect((await call(ctx.app, 'GET', '/api/v1/users/mine', { token: a.token })).body.data.name).toBe('A');
  });

  it('needs the admin scope', async () => {
    const org = await ctx.createOrg();
    const token = await org.keyWith(['tickets:read', 'tickets:write']);
    const res = await call(ctx.app, 'GET', '/api/v1/users', { token });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('insufficient_scope');
    expect((await call(ctx.app, 'GET', '/api/v1/users')).status).toBe(401);
  });

  it('deletes a user: assigned tickets stay, unassigned; team membership goes', async () => {
    const org = await ctx.createOrg();
    await post(org.token, { id: 'agent-1', name: 'Agent', email: 'agent@example.com' });
    const team = await call(ctx.app, 'POST', '/api/v1/teams', { token: org.token, body: { name: 'T', member_ids: ['agent-1'] } });
    const ticket = await call(ctx.app, 'POST', '/api/v1/tickets', {
      token: org.token,
      body: { subject: 'Help', message: 'Hi', customer: { email: 'c@example.com' } },
    });
    expect(ticket.status).toBe(201);
    const assigned = await call(ctx.app, 'PATCH', `/api/v1/tickets/${ticket.body.data.id}`, { token: org.token, body: { assignee_id: 'agent-1' } });
    expect(assigned.body.data.assignee).toMatchObject({ id: 'agent-1' });
    const reply = await call(ctx.app, 'POST', `/api/v1/tickets/${ticket.body.data.id}/messages`, {
      token: org.token,
      body: { content: 'On it', user_id: 'agent-1' },
    });
    expect(reply.status).toBe(201);

    const del = await call(ctx.app, 'DELETE', '/api/v1/users/agent-1', { token: org.token });
    expect(del).toMatchObject({ status: 200, body: { data: { deleted: true } } });
    expect((await call(ctx.app, 'GET', '/api/v1/users/agent-1', { token: org.token })).status).toBe(404);
    const after = await call(ctx.app, 'GET', `/api/v1/tickets/${ticket.body.data.id}`, { token: org.token });
    expect(after.status).toBe(200);
    expect(after.body.data.assignee).toBeNull();
    expect(after.body.data.messages).toHaveLength(2);
    expect(after.body.data.messages[1]).toMatchObject({ content: 'On it', type: 'OUTBOUND' });
    const stored = await ctx.database.db.selectFrom('tickets').select('assignee_id').where('id', '=', ticket.body.data.id).executeTakeFirstOrThrow();
    expect(stored.assignee_id).toBeNull();
    const t = await call(ctx.app, 'GET', `/api/v1/teams/${team.body.data.id}`, { token: org.token });
    expect(t.body.data.members).toEqual([]);
  });
});
