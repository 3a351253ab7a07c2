import { expect, it } from 'vitest';
import { UUID, describeEachDialect, type TestOrg } from './support/harness.js';

const base = '/api/v1/webhooks';
const url = 'https://automation.example.com/hooks/abc';

describeEachDialect(
  'webhook subscribe and unsubscribe by URL',
  (ctx) => {
    const hooksOf = async (org: TestOrg) => (await org.api.get(base)).body.data;

    it('subscribe creates a webhook named after the URL, with its own secret: 201 {id,url,event}', async () => {
      const org = await ctx.createOrg();
      const res = await org.api.post(`${base}/subscribe`, { url, event: 'ticket.created' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ data: { id: expect.stringMatching(UUID), url, event: 'ticket.created' } });
      expect(await hooksOf(org)).toEqual([
        expect.objectContaining({
          id: res.body.data.id,
          name: 'automation.example.com/hooks/abc',
          url,
          events: ['ticket.created'],
          is_active: true,
        }),
      ]);
      const row = await ctx.database.db
        .selectFrom('webhooks')
        .select('secret')
        .where('id', '=', res.body.data.id)
        .executeTakeFirstOrThrow();
      expect(row.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    });

    it('subscribe adds the event to the webhook with that URL, once', async () => {
      const org = await ctx.createOrg();
      const created = (await org.api.post(base, { name: 'Mine', url, events: ['ticket.created'] })).body.data;
      const first = await org.api.post(`${base}/subscribe`, { url, event: 'message.created' });
      expect(first).toMatchObject({ status: 201, body: { data: { id: created.id, url, event: 'message.created' } } });
      const again = await org.api.post(`${base}/subscribe`, { url, event: 'message.created' });
      expect(again).toMatchObject({ status: 201, body: { data: { id: created.id, url, event: 'message.created' } } });
      expect(await hooksOf(org)).toEqual([
        expect.objectContaining({ id: created.id, name: 'Mine', events: ['ticket.created', 'message.created'] }),
      ]);
    });

    it('concurrent subscribes to one URL share one webhook; concurrent unsubscribes remove it', async () => {
      const org = await ctx.createOrg();
      const events = ['ticket.created', 'ticket.updated', 'message.created'];
      const subscribed = await Promise.all(
        Array.from({ length: 12 }, (_, i) => org.api.post(`${base}/subscribe`, { url, event: events[i % 3] })),
      );
      expect(subscribed.map((r) => r.status)).toEqual(Array(12).fill(201));
      const hooks = await hooksOf(org);
      expect(hooks).toHaveLength(1);
      expect([...hooks[0].events].sort()).toEqual([...events].sort());
      expect(new Set(subscribed.map((r) => r.body.data.id))).toEqual(new Set([hooks[0].id]));
      const removed = await Promise.all(
        Array.from({ length: 6 }, (_, i) => org.api.post(`${base}/unsubscribe`, { url, event: events[i % 3] })),
      );
      expect(removed.map((r) => r.status)).toEqual(Array(6).fill(201));
      expect(await hooksOf(org)).toEqual([]);
    });

    it('subscribe validates url and event', async () => {
      const org = await ctx.createOrg();
      for (const body of [
        { url, event: 'ticket.archived' },
        { url },
        { url: 'nope', event: 'ticket.created' },
        { event: 'ticket.created' },
      ]) {
        const res = await org.api.post(`${base}/subscribe`, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.error.code).toBe('validation_error');
      }
      expect(await hooksOf(org)).toEqual([]);
    });

    it('unsubscribe with an event removes only that event; removing the last deletes the webhook', async () => {
      const org = await ctx.createOrg();
      const created = (await org.api.post(base, { name: 'Mine', url, events: ['ticket.created', 'ticket.updated'] }))
        .body.data;
      const res = await org.api.post(`${base}/unsubscribe`, { url, event: 'ticket.created' });
      expect(res).toMatchObject({ status: 201, body: { data: { success: true } } });
      expect(res.body).toEqual({ data: { success: true } });
      expect(await hooksOf(org)).toEqual([expect.objectContaining({ id: created.id, events: ['ticket.updated'] })]);
      await org.api.post(`${base}/unsubscribe`, { url, event: 'ticket.updated' });
      expect(await hooksOf(org)).toEqual([]);
    });

    it('unsubscribe without an event deletes the webhook', async () => {
      const org = await ctx.createOrg();
      await org.api.post(base, { name: 'Mine', url, events: ['ticket.created', 'ticket.updated'] });
      const res = await org.api.post(`${base}/unsubscribe`, { url });
      expect(res).toMatchObject({ status: 201, body: { data: { success: true } } });
      expect(await hooksOf(org)).toEqual([]);
    });

    it('unsubscribe of an unknown URL or an unsubscribed event succeeds without changes', async () => {
      const org = await ctx.createOrg();
      const created = (await org.api.post(base, { name: 'Mine', url, events: ['ticket.created'] })).body.data;
      const before = await hooksOf(org);
      for (const body of [
        { url: 'https://unknown.example.com/' },
        { url, event: 'message.created' },
        { url: 'https://unknown.example.com/', event: 'ticket.created' },
      ]) {
        const res = await org.api.post(`${base}/unsubscribe`, body);
        expect(res, JSON.stringify(body)).toMatchObject({ status: 201, body: { data: { success: true } } });
      }
      expect(await hooksOf(org)).toEqual(before);
      expect(before[0].id).toBe(created.id);
    });

    it("unsubscribe never touches another organization's webhook with the same URL", async () => {
      const owner = await ctx.createOrg('owner');
      const other = await ctx.createOrg('other');
      await owner.api.post(base, { name: 'Mine', url, events: ['ticket.created'] });
      await other.api.post(`${base}/unsubscribe`, { url });
      expect(await hooksOf(owner)).toHaveLength(1);
      const sub = await other.api.post(`${base}/subscribe`, { url, event: 'ticket.created' });
      expect(sub.status).toBe(201);
      expect((await hooksOf(owner))[0].id).not.toBe(sub.body.data.id);
    });

    it('matches URLs in their normalized form (host case, default port)', async () => {
      const org = await ctx.createOrg();
      const created = (await org.api.post(base, { name: 'Mine', url, events: ['ticket.created'] })).body.data;
      const variant = 'https://AUTOMATION.example.com:443/hooks/abc';
      const sub = await org.api.post(`${base}/subscribe`, { url: variant, event: 'ticket.updated' });
      expect(sub.body.data).toEqual({ id: created.id, url, event: 'ticket.updated' });
      await org.api.post(`${base}/unsubscribe`, { url: variant });
      expect(await hooksOf(org)).toEqual([]);
    });

    it('unsubscribe validates url and event', async () => {
      const org = await ctx.createOrg();
      for (const body of [{ url: 'not a url' }, { url, event: 'ticket.archived' }, {}, { url: 5 }]) {
        const res = await org.api.post(`${base}/unsubscribe`, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.error.code).toBe('validation_error');
      }
    });
  },
  { partitioned: true },
);
