import { expect, it } from 'vitest';
import { api } from './support/api.js';
import { ISO_MS, UUID, describeEachDialect } from './support/harness.js';

describeEachDialect(
  'admin: api keys',
  (ctx) => {
    it('creates a key whose token is shown once and works with exactly its scopes', async () => {
      const org = await ctx.createOrg();
      const res = await org.api.post('/api/v1/api-keys', {
        name: 'zapier',
        scopes: ['tickets:write', 'tickets:read', 'tickets:read'],
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        data: {
          id: expect.stringMatching(UUID),
          name: 'zapier',
          prefix: expect.any(String),
          scopes: ['tickets:read', 'tickets:write'],
          created_at: expect.stringMatching(ISO_MS),
          last_used_at: null,
          revoked_at: null,
          token: expect.stringMatching(/^hdk_/),
        },
      });
      expect(res.body.data.token.startsWith(res.body.data.prefix)).toBe(true);
      const token = res.body.data.token;
      const withKey = api(ctx.app, token);
      expect((await withKey.get('/api/v1/tags')).status).toBe(200);
      expect((await withKey.get('/api/v1/api-keys')).status).toBe(403);

      // Its use above is recorded (to the minute) without holding up the request: the write is not awaited
      // by the request that used the key, so it may land just after that answer.
      let got = await org.api.get(`/api/v1/api-keys/${res.body.data.id}`);
      for (let i = 0; i < 250 && got.body.data.last_used_at === null; i++) {
        await new Promise((r) => setTimeout(r, 20));
        got = await org.api.get(`/api/v1/api-keys/${res.body.data.id}`);
      }
      expect(got.status).toBe(200);
      expect(got.body.data).not.toHaveProperty('token');
      expect(got.body.data.last_used_at).toMatch(ISO_MS);
      const list = await org.api.get('/api/v1/api-keys');
      expect(list.status).toBe(200);
      expect(Object.keys(list.body)).toEqual(['data']);
      expect(list.body.data).toHaveLength(2);
      expect(JSON.stringify(list.body)).not.toContain(token);
      for (const k of list.body.data) expect(k).not.toHaveProperty('token');
    });

    it('validates scopes and name', async () => {
      const org = await ctx.createOrg();
      const cases: [unknown, string, string][] = [
        [{}, 'scopes', 'required'],
        [{ scopes: [] }, 'scopes', 'too_few_items'],
        [{ scopes: ['root'] }, 'scopes.0', 'invalid_value'],
        [{ scopes: 'admin' }, 'scopes', 'invalid_type'],
        [{ scopes: ['admin'], name: '' }, 'name', 'too_short'],
      ];
      for (const [body, field, issue] of cases) {
        const res = await org.api.post('/api/v1/api-keys', body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.error.details[0]).toEqual({ field, issue });
      }
    });

    it('revokes a key: it then gets 401, and revoking is idempotent', async () => {
      const org = await ctx.createOrg();
      const created = await org.api.post('/api/v1/api-keys', { scopes: ['billing:read'] });
      const { id, token } = created.body.data;
      const withKey = api(ctx.app, token);
      expect((await withKey.get('/api/v1/billing/usage')).status).toBe(200);
      const res = await org.api.delete(`/api/v1/api-keys/${id}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ id, revoked_at: expect.stringMatching(ISO_MS) });
      expect(res.body.data).not.toHaveProperty('token');
      const after = await withKey.get('/api/v1/billing/usage');
      expect(after.status).toBe(401);
      expect(after.body.error.code).toBe('unauthorized');
      const again = await org.api.delete(`/api/v1/api-keys/${id}`);
      expect(again.body.data.revoked_at).toBe(res.body.data.revoked_at);
    });

    it("answers 404 for malformed, unknown and other organizations' key ids", async () => {
      const a = await ctx.createOrg('A');
      const b = await ctx.createOrg('B');
      const key = await a.api.post('/api/v1/api-keys', { scopes: ['tickets:read'] });
      for (const id of [key.body.data.id, '00000000-0000-4000-8000-000000000000', 'bad']) {
        for (const method of ['GET', 'DELETE'] as const) {
          const res = await b.api.request(method, `/api/v1/api-keys/${id}`);
          expect(res.status, `${method} ${id}`).toBe(404);
          expect(res.body.error.code).toBe('not_found');
        }
      }
      expect((await api(ctx.app, key.body.data.token).get('/api/v1/tags')).status).toBe(200);
    });
  },
  { partitioned: true },
);
