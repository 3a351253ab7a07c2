import { expect, it } from 'vitest';
import { api } from './support/api.js';
import { postUser } from './support/fixtures.js';
import { ISO_MS, UUID, describeEachDialect } from './support/harness.js';
import { postTicket } from './support/ticket-fixtures.js';

describeEachDialect(
  'admin: teams',
  (ctx) => {
    it('creates a team with members ({id, name, email}, by name), 201', async () => {
      const org = await ctx.createOrg();
      await postUser(org.api, 'u-b', 'Bob');
      await postUser(org.api, 'u-a', 'Ann');
      const res = await org.api.post('/api/v1/teams', { name: 'Billing', member_ids: ['u-b', 'u-a', 'u-b'] });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        data: {
          id: expect.stringMatching(UUID),
          name: 'Billing',
          members: [
            { id: 'u-a', name: 'Ann', email: 'u-a@example.com' },
            { id: 'u-b', name: 'Bob', email: 'u-b@example.com' },
          ],
          created_at: expect.stringMatching(ISO_MS),
          updated_at: expect.stringMatching(ISO_MS),
        },
      });
      const got = await org.api.get(`/api/v1/teams/${res.body.data.id}`);
      expect(got).toMatchObject({ status: 200, body: res.body });
      const empty = await org.api.post('/api/v1/teams', { name: 'Empty' });
      expect(empty.status).toBe(201);
      expect(empty.body.data.members).toEqual([]);
    });

    it("rejects unknown member ids (including another organization's users) with 400 and stores nothing", async () => {
      const a = await ctx.createOrg('A');
      const b = await ctx.createOrg('B');
      await postUser(a.api, 'known');
      await postUser(b.api, 'theirs');
      const res = await a.api.post('/api/v1/teams', { name: 'T', member_ids: ['known', 'theirs'] });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: {
          code: 'validation_error',
          message: expect.stringContaining('theirs'),
          details: [{ field: 'member_ids', issue: 'not_found' }],
          request_id: expect.any(String),
        },
      });
      expect((await a.api.get('/api/v1/teams')).body.meta.pagination.total).toBe(0);
    });

    it('validates name and member_ids types', async () => {
      const org = await ctx.createOrg();
      const cases: [unknown, string, string][] = [
        [{}, 'name', 'required'],
        [{ name: '' }, 'name', 'too_short'],
        [{ name: 'x'.repeat(101) }, 'name', 'too_long'],
        [{ name: 'T', member_ids: 'u1' }, 'member_ids', 'invalid_type'],
        [{ name: 'T', member_ids: [1] }, 'member_ids.0', 'invalid_type'],
      ];
      for (const [body, field, issue] of cases) {
        const res = await org.api.post('/api/v1/teams', body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.error.details[0]).toEqual({ field, issue });
      }
    });

    it('lists teams with members and pagination', async () => {
      const org = await ctx.createOrg();
      await postUser(org.api, 'u1', 'One');
      for (let i = 1; i <= 3; i++) {
        ctx.clock.set(Date.parse('2026-01-01T00:00:00.000Z') + i);
        await org.api.post('/api/v1/teams', { name: `T${i}`, member_ids: i === 2 ? ['u1'] : [] });
      }
      ctx.clock.set(null);
      const res = await org.api.get('/api/v1/teams?limit=2');
      expect(res.status).toBe(200);
      expect(res.body.data.map((t: any) => [t.name, t.members.length])).toEqual([
        ['T1', 0],
        ['T2', 1],
      ]);
      expect(res.body.meta).toEqual({ pagination: { page: 1, limit: 2, total: 3, total_pages: 2 } });
    });

    it('updates the name and replaces the membership', async () => {
      const org = await ctx.createOrg();
      await postUser(org.api, 'u1');
      await postUser(org.api, 'u2');
      const team = await org.api.post('/api/v1/teams', { name: 'T', member_ids: ['u1'] });
      const res = await org.api.patch(`/api/v1/teams/${team.body.data.id}`, { name: 'Tier 2', member_ids: ['u2'] });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        name: 'Tier 2',
        members: [{ id: 'u2', name: 'u2', email: 'u2@example.com' }],
      });
      const keep = await org.api.patch(`/api/v1/teams/${team.body.data.id}`, { name: 'Tier 3' });
      expect(keep.body.data.members.map((m: any) => m.id)).toEqual(['u2']);
      const bad = await org.api.patch(`/api/v1/teams/${team.body.data.id}`, { member_ids: ['ghost'] });
      expect(bad.status).toBe(400);
      expect(bad.body.error.details).toEqual([{ field: 'member_ids', issue: 'not_found' }]);
      const clear = await org.api.patch(`/api/v1/teams/${team.body.data.id}`, { member_ids: [] });
      expect(clear.body.data.members).toEqual([]);
    });

    it("answers 404 for malformed, unknown and other organizations' team ids", async () => {
      const a = await ctx.createOrg('A');
      const b = await ctx.createOrg('B');
      const team = await a.api.post('/api/v1/teams', { name: 'T' });
      for (const id of [team.body.data.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
        for (const [method, body] of [
          ['GET', undefined],
          ['PATCH', { name: 'X' }],
          ['DELETE', undefined],
        ] as const) {
          const res = await b.api.request(method, `/api/v1/teams/${id}`, body);
          expect(res.status, `${method} ${id}`).toBe(404);
          expect(res.body.error.code).toBe('not_found');
        }
      }
    });

    it('deletes a team: its tickets stay with team null', async () => {
      const org = await ctx.createOrg();
      const team = await org.api.post('/api/v1/teams', { name: 'T' });
      const ticket = await postTicket(org.api);
      const set = await org.api.patch(`/api/v1/tickets/${ticket.body.data.id}`, { team_id: team.body.data.id });
      expect(set.body.data.team).toEqual({ id: team.body.data.id, name: 'T' });
      const del = await org.api.delete(`/api/v1/teams/${team.body.data.id}`);
      expect(del).toMatchObject({ status: 200, body: { data: { deleted: true } } });
      expect((await org.api.get(`/api/v1/teams/${team.body.data.id}`)).status).toBe(404);
      const after = await org.api.get(`/api/v1/tickets/${ticket.body.data.id}`);
      expect(after.status).toBe(200);
      expect(after.body.data.team).toBeNull();
    });

    it('needs the admin scope to change teams; tickets:read reads them', async () => {
      const org = await ctx.createOrg();
      const reader = api(ctx.app, await org.keyWith(['tickets:read']));
      expect((await reader.get('/api/v1/teams')).status).toBe(200);
      expect((await reader.post('/api/v1/teams', { name: 'T' })).status).toBe(403);
      const other = api(ctx.app, await org.keyWith(['customers:read']));
      expect((await other.get('/api/v1/teams')).status).toBe(403);
    });
  },
  { partitioned: true },
);
