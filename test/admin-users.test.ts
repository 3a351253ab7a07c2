import { expect, it } from 'vitest';
import { api } from './support/api.js';
import { ISO_MS, UUID, describeEachDialect } from './support/harness.js';
import { postTicket } from './support/ticket-fixtures.js';

describeEachDialect(
  'admin: users',
  (ctx) => {
    it('creates a user with a generated UUID, role agent by default, 201', async () => {
      const org = await ctx.createOrg();
      const res = await org.api.post('/api/v1/users', { name: 'Ada', email: 'ada@example.com' });
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
      const got = await org.api.get(`/api/v1/users/${res.body.data.id}`);
      expect(got).toMatchObject({ status: 200, body: res.body });
    });

    it('accepts a caller-supplied id (identity provider) and role admin', async () => {
      const org = await ctx.createOrg();
      const res = await org.api.post('/api/v1/users', {
        id: 'auth0|abc123',
        name: 'Bo',
        email: 'bo@example.com',
        role: 'admin',
      });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ id: 'auth0|abc123', role: 'admin' });
      const got = await org.api.get(`/api/v1/users/${encodeURIComponent('auth0|abc123')}`);
      expect(got.status).toBe(200);
      expect(got.body.data.id).toBe('auth0|abc123');
    });

    it('rejects a duplicate id and a duplicate email (any case) with 409 conflict', async () => {
      const org = await ctx.createOrg();
      expect((await org.api.post('/api/v1/users', { id: 'u1', name: 'A', email: 'a@example.com' })).status).toBe(201);
      const dupId = await org.api.post('/api/v1/users', { id: 'u1', name: 'B', email: 'b@example.com' });
      expect(dupId.status).toBe(409);
      expect(dupId.body).toEqual({
        error: {
          code: 'conflict',
          message: expect.any(String),
          details: [{ field: 'id', issue: 'already_exists' }],
          request_id: expect.any(String),
        },
      });
      const dupEmail = await org.api.post('/api/v1/users', { name: 'C', email: 'A@Example.COM' });
      expect(dupEmail.status).toBe(409);
      expect(dupEmail.body.error.details).toEqual([{ field: 'email', issue: 'already_exists' }]);
      const list = await org.api.get('/api/v1/users');
      expect(list.body.meta.pagination.total).toBe(1);
    });

    it('refuses an email with a pending invitation (409): accept or revoke the invitation instead', async () => {
      const org = await ctx.createOrg();
      const invite = await org.api.post('/api/v1/invitations', { email: 'pat@example.com' });
      expect(invite.status).toBe(201);
      const direct = await org.api.post('/api/v1/users', { name: 'Pat', email: 'PAT@example.com' });
      expect(direct.status).toBe(409);
      expect(direct.body.error.details).toEqual([{ field: 'email', issue: 'already_exists' }]);
      const other = await org.api.post('/api/v1/users', { name: 'Sam', email: 'sam@example.com' });
      expect(other.status).toBe(201);
      const renamed = await org.api.patch(`/api/v1/users/${other.body.data.id}`, { email: 'pat@example.com' });
      expect(renamed.status).toBe(409);
      const usage = await org.api.get('/api/v1/billing/usage');
      expect(usage.body.data.seats.used).toBe(2);
      const accepted = await org.api.post(`/api/v1/invitations/${invite.body.data.id}/accept`);
      expect(accepted.status).toBe(201);
    });

    it('answers 404 for ids longer than any stored id', async () => {
      const org = await ctx.createOrg();
      for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
        const res = await org.api.request(
          method,
          `/api/v1/users/${'a'.repeat(300)}`,
          method === 'PATCH' ? {} : undefined,
        );
        expect(res.status, method).toBe(404);
      }
    });

    it('allows the same id and email in another organization', async () => {
      const a = await ctx.createOrg('A');
      const b = await ctx.createOrg('B');
      expect((await a.api.post('/api/v1/users', { id: 'same', name: 'A', email: 'same@example.com' })).status).toBe(
        201,
      );
      expect((await b.api.post('/api/v1/users', { id: 'same', name: 'B', email: 'same@example.com' })).status).toBe(
        201,
      );
      const got = await b.api.get('/api/v1/users/same');
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
        const res = await org.api.post('/api/v1/users', body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.error.code).toBe('validation_error');
        expect(res.body.error.details[0], JSON.stringify(body)).toEqual({ field, issue });
      }
      const list = await org.api.get('/api/v1/users');
      expect(list.body.meta.pagination.total).toBe(0);
    });

    it('lists users oldest first with pagination and a role filter', async () => {
      const org = await ctx.createOrg();
      for (let i = 1; i <= 5; i++) {
        ctx.clock.set(Date.parse('2026-01-01T00:00:00.000Z') + i * 1000);
        await org.api.post('/api/v1/users', {
          id: `u${i}`,
          name: `User ${i}`,
          email: `u${i}@example.com`,
          role: i % 2 ? 'agent' : 'admin',
        });
      }
      ctx.clock.set(null);
      const page2 = await org.api.get('/api/v1/users?page=2&limit=2');
      expect(page2.status).toBe(200);
      expect(page2.body.data.map((u: any) => u.id)).toEqual(['u3', 'u4']);
      expect(page2.body.meta).toEqual({ pagination: { page: 2, limit: 2, total: 5, total_pages: 3 } });
      const admins = await org.api.get('/api/v1/users?role=admin');
      expect(admins.body.data.map((u: any) => u.id)).toEqual(['u2', 'u4']);
      expect(admins.body.meta.pagination.total).toBe(2);
      const bad = await org.api.get('/api/v1/users?limit=101');
      expect(bad.status).toBe(400);
    });

    it('updates name, email and role; email conflicts are 409', async () => {
      const org = await ctx.createOrg();
      ctx.clock.set('2026-02-01T00:00:00.000Z');
      await org.api.post('/api/v1/users', { id: 'u1', name: 'A', email: 'a@example.com' });
      await org.api.post('/api/v1/users', { id: 'u2', name: 'B', email: 'b@example.com' });
      ctx.clock.set('2026-02-02T00:00:00.000Z');
      const res = await org.api.patch('/api/v1/users/u1', { name: 'Ann', email: 'ann@example.com', role: 'admin' });
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
      const same = await org.api.patch('/api/v1/users/u1', { email: 'ANN@example.com' });
      expect(same.status).toBe(200);
      const taken = await org.api.patch('/api/v1/users/u1', { email: 'B@example.com' });
      expect(taken.status).toBe(409);
      expect(taken.body.error.details).toEqual([{ field: 'email', issue: 'already_exists' }]);
      const bad = await org.api.patch('/api/v1/users/u1', { role: 'boss' });
      expect(bad.status).toBe(400);
    });

    it("answers 404 for unknown ids and other organizations' users on every route", async () => {
      const a = await ctx.createOrg('A');
      const b = await ctx.createOrg('B');
      await a.api.post('/api/v1/users', { id: 'mine', name: 'A', email: 'a@example.com' });
      for (const id of ['mine', 'nobody', '%20']) {
        for (const [method, body] of [
          ['GET', undefined],
          ['PATCH', { name: 'X' }],
          ['DELETE', undefined],
        ] as const) {
          const res = await b.api.request(method, `/api/v1/users/${id}`, body);
          expect(res.status, `${method} ${id}`).toBe(404);
          expect(res.body.error.code).toBe('not_found');
        }
      }
      expect((await a.api.get('/api/v1/users/mine')).body.data.name).toBe('A');
    });

    it('needs the admin scope to change users, and admin or tickets:read to read them', async () => {
      const org = await ctx.createOrg();
      const ticketsOnly = api(ctx.app, await org.keyWith(['tickets:read', 'tickets:write']));
      expect((await ticketsOnly.get('/api/v1/users')).status).toBe(200);
      const res = await ticketsOnly.post('/api/v1/users', { name: 'X', email: 'x@staff.example' });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('insufficient_scope');
      const customersOnly = api(ctx.app, await org.keyWith(['customers:read']));
      expect((await customersOnly.get('/api/v1/users')).status).toBe(403);
      expect(res.body.error.code).toBe('insufficient_scope');
      expect((await api(ctx.app).get('/api/v1/users')).status).toBe(401);
    });

    it('deletes a user: assigned tickets stay, unassigned; team membership goes', async () => {
      const org = await ctx.createOrg();
      await org.api.post('/api/v1/users', { id: 'agent-1', name: 'Agent', email: 'agent@example.com' });
      const team = await org.api.post('/api/v1/teams', { name: 'T', member_ids: ['agent-1'] });
      const ticket = await postTicket(org.api);
      expect(ticket.status).toBe(201);
      const assigned = await org.api.patch(`/api/v1/tickets/${ticket.body.data.id}`, { assignee_id: 'agent-1' });
      expect(assigned.body.data.assignee).toMatchObject({ id: 'agent-1' });
      const reply = await org.api.post(`/api/v1/tickets/${ticket.body.data.id}/messages`, {
        content: 'On it',
        user_id: 'agent-1',
      });
      expect(reply.status).toBe(201);

      const del = await org.api.delete('/api/v1/users/agent-1');
      expect(del).toMatchObject({ status: 200, body: { data: { deleted: true } } });
      expect((await org.api.get('/api/v1/users/agent-1')).status).toBe(404);
      const after = await org.api.get(`/api/v1/tickets/${ticket.body.data.id}`);
      expect(after.status).toBe(200);
      expect(after.body.data.assignee).toBeNull();
      expect(after.body.data.messages).toHaveLength(2);
      expect(after.body.data.messages[1]).toMatchObject({ content: 'On it', type: 'OUTBOUND' });
      const stored = await ctx.database.db
        .selectFrom('tickets')
        .select('assignee_id')
        .where('id', '=', ticket.body.data.id)
        .executeTakeFirstOrThrow();
      expect(stored.assignee_id).toBeNull();
      const t = await org.api.get(`/api/v1/teams/${team.body.data.id}`);
      expect(t.body.data.members).toEqual([]);
    });
  },
  { partitioned: true },
);
