import { expect, it } from 'vitest';
import { api } from './support/api.js';
import { ISO_MS, UUID, describeEachDialect } from './support/harness.js';
import { postTicket } from './support/ticket-fixtures.js';

describeEachDialect(
  'admin: tags',
  (ctx) => {
    it('creates a tag (color stored lowercase, default gray), 201', async () => {
      const org = await ctx.createOrg();
      const res = await org.api.post('/api/v1/tags', { name: 'Billing', color: '#FF0000' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        data: {
          id: expect.stringMatching(UUID),
          name: 'Billing',
          color: '#ff0000',
          created_at: expect.stringMatching(ISO_MS),
          updated_at: expect.stringMatching(ISO_MS),
        },
      });
      const plain = await org.api.post('/api/v1/tags', { name: '  Bug  ' });
      expect(plain.body.data).toMatchObject({ name: 'Bug', color: '#6b7280' });
      const got = await org.api.get(`/api/v1/tags/${res.body.data.id}`);
      expect(got).toMatchObject({ status: 200, body: res.body });
      const upper = await org.api.get(`/api/v1/tags/${res.body.data.id.toUpperCase()}`);
      expect(upper).toMatchObject({ status: 200, body: res.body });
    });

    it('rejects a duplicate name in any case with 409, allows it in another organization', async () => {
      const a = await ctx.createOrg('A');
      const b = await ctx.createOrg('B');
      expect((await a.api.post('/api/v1/tags', { name: 'Urgent' })).status).toBe(201);
      const dup = await a.api.post('/api/v1/tags', { name: 'uRGENT ' });
      expect(dup.status).toBe(409);
      expect(dup.body).toEqual({
        error: {
          code: 'conflict',
          message: expect.any(String),
          details: [{ field: 'name', issue: 'already_exists' }],
          request_id: expect.any(String),
        },
      });
      expect((await b.api.post('/api/v1/tags', { name: 'Urgent' })).status).toBe(201);
    });

    it('validates name and color', async () => {
      const org = await ctx.createOrg();
      const cases: [unknown, string, string][] = [
        [{}, 'name', 'required'],
        [{ name: '' }, 'name', 'too_short'],
        [{ name: 'x'.repeat(51) }, 'name', 'too_long'],
        [{ name: 5 }, 'name', 'invalid_type'],
        [{ name: 'a', color: 'red' }, 'color', 'invalid_format'],
        [{ name: 'a', color: '#fff' }, 'color', 'invalid_format'],
        [{ name: 'a', color: '#gggggg' }, 'color', 'invalid_format'],
      ];
      for (const [body, field, issue] of cases) {
        const res = await org.api.post('/api/v1/tags', body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.error.details[0]).toEqual({ field, issue });
      }
    });

    it('lists every tag by name without pagination metadata, with admin or tickets:read', async () => {
      const org = await ctx.createOrg();
      for (const name of ['zeta', 'Alpha', 'mid']) await org.api.post('/api/v1/tags', { name });
      for (let i = 0; i < 25; i++) await org.api.post('/api/v1/tags', { name: `t${String(i).padStart(2, '0')}` });
      const reader = api(ctx.app, await org.keyWith(['tickets:read']));
      const res = await reader.get('/api/v1/tags');
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(['data']);
      expect(res.body.data).toHaveLength(28);
      expect(res.body.data.slice(0, 2).map((t: any) => t.name)).toEqual(['Alpha', 'mid']);
      expect(res.body.data.at(-1).name).toBe('zeta');
      expect((await reader.get(`/api/v1/tags/${res.body.data[0].id}`)).status).toBe(200);
      expect((await reader.post('/api/v1/tags', { name: 'nope' })).status).toBe(403);
      const other = api(ctx.app, await org.keyWith(['customers:read']));
      expect((await other.get('/api/v1/tags')).status).toBe(403);
    });

    it('updates name and color; renaming onto another tag is 409', async () => {
      const org = await ctx.createOrg();
      const a = await org.api.post('/api/v1/tags', { name: 'A' });
      await org.api.post('/api/v1/tags', { name: 'B' });
      const res = await org.api.patch(`/api/v1/tags/${a.body.data.id}`, { name: 'Alpha', color: '#00AA00' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ id: a.body.data.id, name: 'Alpha', color: '#00aa00' });
      const self = await org.api.patch(`/api/v1/tags/${a.body.data.id}`, { name: 'ALPHA' });
      expect(self.status).toBe(200);
      const taken = await org.api.patch(`/api/v1/tags/${a.body.data.id}`, { name: 'b' });
      expect(taken.status).toBe(409);
      const bad = await org.api.patch(`/api/v1/tags/${a.body.data.id}`, { color: 'blue' });
      expect(bad.status).toBe(400);
    });

    it("answers 404 for malformed, unknown and other organizations' tag ids", async () => {
      const a = await ctx.createOrg('A');
      const b = await ctx.createOrg('B');
      const tag = await a.api.post('/api/v1/tags', { name: 'T' });
      for (const id of [tag.body.data.id, '00000000-0000-4000-8000-000000000000', 'zzz']) {
        for (const [method, body] of [
          ['GET', undefined],
          ['PATCH', { name: 'X' }],
          ['DELETE', undefined],
        ] as const) {
          const res = await b.api.request(method, `/api/v1/tags/${id}`, body);
          expect(res.status, `${method} ${id}`).toBe(404);
          expect(res.body.error.code).toBe('not_found');
        }
      }
    });

    it('deletes a tag: it disappears from its tickets, which stay', async () => {
      const org = await ctx.createOrg();
      const keep = await org.api.post('/api/v1/tags', { name: 'keep' });
      const gone = await org.api.post('/api/v1/tags', { name: 'gone' });
      const ticket = await postTicket(org.api, { tag_ids: [keep.body.data.id, gone.body.data.id] });
      expect(ticket.status).toBe(201);
      expect(ticket.body.data.tags).toHaveLength(2);
      const del = await org.api.delete(`/api/v1/tags/${gone.body.data.id}`);
      expect(del).toMatchObject({ status: 200, body: { data: { deleted: true } } });
      const after = await org.api.get(`/api/v1/tickets/${ticket.body.data.id}`);
      expect(after.status).toBe(200);
      expect(after.body.data.tags).toEqual([{ id: keep.body.data.id, name: 'keep', color: '#6b7280' }]);
      const links = await ctx.database.db
        .selectFrom('ticket_tags')
        .select('tag_id')
        .where('ticket_id', '=', ticket.body.data.id)
        .execute();
      expect(links).toEqual([{ tag_id: keep.body.data.id }]);
    });
  },
  { partitioned: true },
);
