import { expect, it } from 'vitest';
import { ISO_MS, UUID, describeEachDialect, type TestOrg } from './support/harness.js';

describeEachDialect(
  'admin: invitations',
  (ctx) => {
    const seats = async (org: TestOrg) => (await org.api.get('/api/v1/billing/usage')).body.data.seats.used;

    it('creates a pending invitation expiring in 7 days by default (injected clock), 201', async () => {
      const org = await ctx.createOrg();
      ctx.clock.set('2026-05-10T12:00:00.000Z');
      const res = await org.api.post('/api/v1/invitations', { email: 'new@example.com' });
      ctx.clock.set(null);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        data: {
          id: expect.stringMatching(UUID),
          email: 'new@example.com',
          name: null,
          role: 'agent',
          status: 'pending',
          expires_at: '2026-05-17T12:00:00.000Z',
          user_id: null,
          accepted_at: null,
          revoked_at: null,
          created_at: '2026-05-10T12:00:00.000Z',
          updated_at: '2026-05-10T12:00:00.000Z',
          accept_url: expect.stringMatching(/\/app\/accept\?token=/),
        },
      });
      const got = await org.api.get(`/api/v1/invitations/${res.body.data.id}`);
      expect(got.status).toBe(200);
      expect(got.body.data.id).toBe(res.body.data.id);
    });

    it('takes an explicit expiry, name and role; rejects a past expiry and bad fields with 400', async () => {
      const org = await ctx.createOrg();
      ctx.clock.set('2026-05-10T12:00:00.000Z');
      const res = await org.api.post('/api/v1/invitations', {
        email: 'a@example.com',
        name: 'Ann',
        role: 'admin',
        expires_at: '2026-05-11T00:00:00Z',
      });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ name: 'Ann', role: 'admin', expires_at: '2026-05-11T00:00:00.000Z' });
      const cases: [unknown, string, string][] = [
        [{}, 'email', 'required'],
        [{ email: 'x' }, 'email', 'invalid_format'],
        [{ email: 'b@example.com', role: 'root' }, 'role', 'invalid_value'],
        [{ email: 'b@example.com', expires_at: 'tomorrow' }, 'expires_at', 'invalid_format'],
        [{ email: 'b@example.com', expires_at: '2026-05-10T12:00:00.000Z' }, 'expires_at', 'out_of_range'],
      ];
      for (const [body, field, issue] of cases) {
        const bad = await org.api.post('/api/v1/invitations', body);
        expect(bad.status, JSON.stringify(body)).toBe(400);
        expect(bad.body.error.details[0]).toEqual({ field, issue });
      }
      ctx.clock.set(null);
    });

    it('refuses to invite an existing user or an email with a pending invitation (409)', async () => {
      const org = await ctx.createOrg();
      await org.api.post('/api/v1/users', { name: 'U', email: 'user@example.com' });
      const existing = await org.api.post('/api/v1/invitations', { email: 'USER@example.com' });
      expect(existing.status).toBe(409);
      expect(existing.body.error.details).toEqual([{ field: 'email', issue: 'already_exists' }]);
      expect((await org.api.post('/api/v1/invitations', { email: 'inv@example.com' })).status).toBe(201);
      expect((await org.api.post('/api/v1/invitations', { email: 'Inv@Example.com' })).status).toBe(409);
    });

    it('concurrent invitations for one email: exactly one is created, the rest are 409', async () => {
      const org = await ctx.createOrg();
      const results = await Promise.all(
        Array.from({ length: 12 }, () => org.api.post('/api/v1/invitations', { email: 'race@example.com' })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, ...Array(11).fill(409)]);
      const list = await org.api.get('/api/v1/invitations');
      expect(list.body.data.filter((i: any) => i.email === 'race@example.com')).toHaveLength(1);
      expect(await seats(org)).toBe(1);
    });

    it('accepting creates the staff user (optional id and name) and converts the seat', async () => {
      const org = await ctx.createOrg();
      const inv = await org.api.post('/api/v1/invitations', { email: 'Dev@Example.com', name: 'Dev', role: 'admin' });
      expect(await seats(org)).toBe(1);
      const res = await org.api.post(`/api/v1/invitations/${inv.body.data.id}/accept`, { id: 'okta|42' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        data: {
          invitation: expect.objectContaining({
            id: inv.body.data.id,
            status: 'accepted',
            user_id: 'okta|42',
            accepted_at: expect.stringMatching(ISO_MS),
          }),
          user: {
            id: 'okta|42',
            name: 'Dev',
            email: 'Dev@Example.com',
            role: 'admin',
            created_at: expect.stringMatching(ISO_MS),
            updated_at: expect.stringMatching(ISO_MS),
          },
        },
      });
      expect((await org.api.get('/api/v1/users/okta%7C42')).status).toBe(200);
      expect(await seats(org)).toBe(1);
      const again = await org.api.post(`/api/v1/invitations/${inv.body.data.id}/accept`, {});
      expect(again.status).toBe(409);
      expect(again.body.error).toMatchObject({ code: 'conflict', details: [{ field: 'status', issue: 'accepted' }] });
      const revoke = await org.api.post(`/api/v1/invitations/${inv.body.data.id}/revoke`);
      expect(revoke.status).toBe(409);
      const patch = await org.api.patch(`/api/v1/invitations/${inv.body.data.id}`, { role: 'agent' });
      expect(patch.status).toBe(409);
    });

    it('accepting with a taken user id or an email that became a user is 409 and changes nothing', async () => {
      const org = await ctx.createOrg();
      await org.api.post('/api/v1/users', { id: 'taken', name: 'T', email: 't@example.com' });
      const inv = await org.api.post('/api/v1/invitations', { email: 'later@example.com' });
      const dupId = await org.api.post(`/api/v1/invitations/${inv.body.data.id}/accept`, { id: 'taken' });
      expect(dupId.status).toBe(409);
      expect(dupId.body.error.details).toEqual([{ field: 'id', issue: 'already_exists' }]);
      // The API now refuses a user for an invited email (409); a user that got the address anyway (e.g.
      // created before this rule) still makes accepting a 409.
      expect((await org.api.post('/api/v1/users', { name: 'L', email: 'LATER@example.com' })).status).toBe(409);
      await ctx.database.db
        .insertInto('users')
        .values({
          organization_id: org.id,
          id: 'legacy',
          name: 'L',
          email: 'LATER@example.com',
          email_key: 'later@example.com',
          role: 'agent',
          created_at: 0,
          updated_at: 0,
        })
        .execute();
      const dupEmail = await org.api.post(`/api/v1/invitations/${inv.body.data.id}/accept`, {});
      expect(dupEmail.status).toBe(409);
      expect(dupEmail.body.error.details).toEqual([{ field: 'email', issue: 'already_exists' }]);
      expect((await org.api.get(`/api/v1/invitations/${inv.body.data.id}`)).body.data.status).toBe('pending');
      const bad = await org.api.post(`/api/v1/invitations/${inv.body.data.id}/accept`, { id: 'a b' });
      expect(bad.status).toBe(400);
      expect(bad.body.error.details).toEqual([{ field: 'id', issue: 'invalid_format' }]);
    });

    it('accepting without a body generates a UUID user named after the invitation email', async () => {
      const org = await ctx.createOrg();
      const inv = await org.api.post('/api/v1/invitations', { email: 'anon@example.com' });
      const res = await org.api.post(`/api/v1/invitations/${inv.body.data.id}/accept`);
      expect(res.status).toBe(201);
      expect(res.body.data.user).toMatchObject({
        id: expect.stringMatching(UUID),
        name: 'anon@example.com',
        role: 'agent',
      });
    });

    it('an expired invitation cannot be accepted (409), no longer takes a seat, and lists as expired', async () => {
      const org = await ctx.createOrg();
      ctx.clock.set('2026-06-01T00:00:00.000Z');
      const inv = await org.api.post('/api/v1/invitations', {
        email: 'late@example.com',
        expires_at: '2026-06-02T00:00:00.000Z',
      });
      expect(await seats(org)).toBe(1);
      ctx.clock.set('2026-06-02T00:00:00.000Z');
      expect(await seats(org)).toBe(0);
      const res = await org.api.post(`/api/v1/invitations/${inv.body.data.id}/accept`, {});
      expect(res.status).toBe(409);
      expect(res.body.error.details).toEqual([{ field: 'status', issue: 'expired' }]);
      expect((await org.api.get(`/api/v1/invitations/${inv.body.data.id}`)).body.data.status).toBe('expired');
      const expired = await org.api.get('/api/v1/invitations?status=expired');
      expect(expired.body.data.map((i: any) => i.id)).toEqual([inv.body.data.id]);
      expect((await org.api.get('/api/v1/invitations?status=pending')).body.data).toEqual([]);
      // A new invitation for the same email is allowed once the old one expired.
      expect((await org.api.post('/api/v1/invitations', { email: 'late@example.com' })).status).toBe(201);
      const patch = await org.api.patch(`/api/v1/invitations/${inv.body.data.id}`, { role: 'admin' });
      expect(patch.status).toBe(409);
      ctx.clock.set(null);
    });

    it('revoking frees the seat; a revoked invitation cannot be accepted (409); revoking twice is harmless', async () => {
      const org = await ctx.createOrg();
      const inv = await org.api.post('/api/v1/invitations', { email: 'r@example.com' });
      const res = await org.api.post(`/api/v1/invitations/${inv.body.data.id}/revoke`);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ status: 'revoked', revoked_at: expect.stringMatching(ISO_MS) });
      expect(await seats(org)).toBe(0);
      const again = await org.api.post(`/api/v1/invitations/${inv.body.data.id}/revoke`);
      expect(again.body.data.revoked_at).toBe(res.body.data.revoked_at);
      const accept = await org.api.post(`/api/v1/invitations/${inv.body.data.id}/accept`, {});
      expect(accept.status).toBe(409);
      expect(accept.body.error.details).toEqual([{ field: 'status', issue: 'revoked' }]);
      expect((await org.api.get('/api/v1/users')).body.meta.pagination.total).toBe(0);
    });

    it('updates a pending invitation and deletes invitations', async () => {
      const org = await ctx.createOrg();
      ctx.clock.set('2026-07-01T00:00:00.000Z');
      const inv = await org.api.post('/api/v1/invitations', { email: 'p@example.com' });
      const res = await org.api.patch(`/api/v1/invitations/${inv.body.data.id}`, {
        role: 'admin',
        name: 'Pat',
        expires_at: '2026-07-30T00:00:00.000Z',
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        role: 'admin',
        name: 'Pat',
        expires_at: '2026-07-30T00:00:00.000Z',
        status: 'pending',
      });
      const past = await org.api.patch(`/api/v1/invitations/${inv.body.data.id}`, {
        expires_at: '2026-06-30T00:00:00.000Z',
      });
      expect(past.status).toBe(400);
      expect(past.body.error.details).toEqual([{ field: 'expires_at', issue: 'out_of_range' }]);
      const badRole = await org.api.patch(`/api/v1/invitations/${inv.body.data.id}`, { role: 'owner' });
      expect(badRole.status).toBe(400);
      ctx.clock.set(null);
      const del = await org.api.delete(`/api/v1/invitations/${inv.body.data.id}`);
      expect(del).toMatchObject({ status: 200, body: { data: { deleted: true } } });
      expect((await org.api.get(`/api/v1/invitations/${inv.body.data.id}`)).status).toBe(404);
    });

    it('lists newest first with pagination and a status filter', async () => {
      const org = await ctx.createOrg();
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        ctx.clock.set(Date.parse('2026-08-01T00:00:00.000Z') + i);
        ids.push((await org.api.post('/api/v1/invitations', { email: `l${i}@example.com` })).body.data.id);
      }
      await org.api.post(`/api/v1/invitations/${ids[0]}/revoke`);
      const page = await org.api.get('/api/v1/invitations?limit=2');
      expect(page.body.data.map((i: any) => i.id)).toEqual([ids[2], ids[1]]);
      expect(page.body.meta).toEqual({ pagination: { page: 1, limit: 2, total: 3, total_pages: 2 } });
      const revoked = await org.api.get('/api/v1/invitations?status=revoked');
      expect(revoked.body.data.map((i: any) => i.id)).toEqual([ids[0]]);
      expect((await org.api.get('/api/v1/invitations?status=bogus')).status).toBe(400);
      ctx.clock.set(null);
    });

    it("answers 404 for malformed, unknown and other organizations' invitation ids", async () => {
      const a = await ctx.createOrg('A');
      const b = await ctx.createOrg('B');
      const inv = await a.api.post('/api/v1/invitations', { email: 'x@example.com' });
      for (const id of [inv.body.data.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
        const routes = [
          ['GET', `/api/v1/invitations/${id}`, undefined],
          ['PATCH', `/api/v1/invitations/${id}`, { role: 'admin' }],
          ['DELETE', `/api/v1/invitations/${id}`, undefined],
          ['POST', `/api/v1/invitations/${id}/accept`, {}],
          ['POST', `/api/v1/invitations/${id}/revoke`, undefined],
        ] as const;
        for (const [method, url, body] of routes) {
          const res = await b.api.request(method, url, body);
          expect(res.status, `${method} ${url}`).toBe(404);
          expect(res.body.error.code).toBe('not_found');
        }
      }
      expect((await a.api.get(`/api/v1/invitations/${inv.body.data.id}`)).body.data.status).toBe('pending');
    });
  },
  { partitioned: true },
);
